/*
 * test_json.c - the JSON format of getrichacl --json and setrichacl
 * --set-file (tools/common/acl_json_*.c).
 *
 * Examples of the output byte for byte; then write->parse round trips of
 * thousands of random ACLs (the same ACL, the same `given`); then
 * examples of what the parser accepts; then hostile input: a list of
 * malformed documents, every truncation and many random corruptions of a
 * valid one, deep nesting, huge numbers and strings.  Each must give
 * either an ACL or NULL with a one-line "LINE:COLUMN: ..." message, and
 * never both or neither.
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"
#include "acl_json.h"

#include <errno.h>
#include <pwd.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#define ALLOW RICHACE_ACCESS_ALLOWED_ACE_TYPE
#define DENY RICHACE_ACCESS_DENIED_ACE_TYPE
#define SPECIAL RICHACE_SPECIAL_WHO
#define GROUP_ID RICHACE_IDENTIFIER_GROUP
#define R RICHACE_READ_DATA
#define W RICHACE_WRITE_DATA
#define P RICHACE_APPEND_DATA
#define X RICHACE_EXECUTE

#define ALL_GIVEN (RICHACL_TEXT_OWNER_MASK | RICHACL_TEXT_GROUP_MASK \
		   | RICHACL_TEXT_OTHER_MASK | RICHACL_TEXT_FLAGS)

#define COUNT(a) (sizeof (a) / sizeof ((a)[0]))

/* ---- helpers ------------------------------------------------------------ */

static struct stat
make_stat (mode_t mode, uid_t uid, gid_t gid)
{
  struct stat st;

  memset (&st, 0, sizeof st);
  st.st_mode = mode;
  st.st_uid = uid;
  st.st_gid = gid;
  return st;
}

/* The document of one file, as json_write_file() writes it.  malloc'd. */
static char *
write_one (const char *name, const struct stat *st,
	   const struct richacl *acl, int flags)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  struct json_writer *w;

  if (!out)
    abort ();
  w = json_writer_begin (out);
  json_write_file (w, name, st, acl, flags);
  json_writer_end (w);
  fclose (out);
  return buf;
}

/* A parse result that keeps to the contract: exactly one of ACL and
   message, and the message is one line with a position. */
static bool
well_formed_result (struct richacl *acl, const char *error)
{
  unsigned long line, column;
  int n = 0;

  if (!acl == !error)
    return false;
  if (!error)
    return true;
  if (strchr (error, '\n'))
    return false;
  if (sscanf (error, "%lu:%lu: %n", &line, &column, &n) != 2 || !n
      || line == 0 || column == 0 || !error[n])
    return false;
  return true;
}

/* Parse @text; it must fail.  The message (if @want) must contain @want. */
static void
rejects (const char *text, const char *want, const char *what)
{
  char *error = NULL;
  int given = -1;
  struct richacl *acl = json_parse_acl (text, &given, &error);
  bool good = !acl && error && well_formed_result (acl, error)
	      && (!want || strstr (error, want));

  ok (good, "rejects %s", what);
  if (!good)
    diag ("got: %s", error ? error : "an ACL");
  richacl_free (acl);
  free (error);
}

/* Parse @text; it must give an ACL.  Returns it (the caller frees). */
static struct richacl *
accepts (const char *text, int *given, const char *what)
{
  char *error = NULL;
  struct richacl *acl = json_parse_acl (text, given, &error);

  ok (acl && !error, "accepts %s", what);
  if (error)
    diag ("error: %s", error);
  free (error);
  return acl;
}

/* ---- output examples ---------------------------------------------------- */

static void
test_output_examples (void)
{
  struct richace e1[] = {
    { ALLOW, SPECIAL, R | W | P | X, { RICHACE_OWNER_SPECIAL_ID } },
    { ALLOW, SPECIAL, R | X | RICHACE_READ_ACL, { RICHACE_GROUP_SPECIAL_ID } },
    { DENY, 0, W, { 2000 } },
    { ALLOW, GROUP_ID | RICHACE_FILE_INHERIT_ACE | RICHACE_INHERITED_ACE,
      R, { 3000 } },
    { ALLOW, SPECIAL, R, { RICHACE_EVERYONE_SPECIAL_ID } },
  };
  struct richacl *acl = acl_make (RICHACL_AUTO_INHERIT, 0, 0, 0,
				  COUNT (e1), e1);
  struct stat st = make_stat (S_IFREG | 0644, 2000, 3000);
  char *doc;

  doc = write_one ("f", &st, acl, JSON_NUMERIC_IDS);
  is_str (doc,
	  "{\"files\":[\n"
	  "{\"name\":\"f\",\"type\":\"file\",\"owner\":{\"uid\":2000},"
	  "\"group\":{\"gid\":3000},\"mode\":\"0644\",\"acl\":{"
	  "\"flags\":[\"auto_inherit\"],\"entries\":["
	  "{\"who\":\"owner@\",\"type\":\"allow\",\"flags\":[],"
	  "\"permissions\":[\"read_data\",\"write_data\",\"append_data\","
	  "\"execute\"]},"
	  "{\"who\":\"group@\",\"type\":\"allow\",\"flags\":[],"
	  "\"permissions\":[\"read_data\",\"execute\"]},"
	  "{\"who\":\"user\",\"id\":2000,\"type\":\"deny\",\"flags\":[],"
	  "\"permissions\":[\"write_data\"]},"
	  "{\"who\":\"group\",\"id\":3000,\"type\":\"allow\","
	  "\"flags\":[\"file_inherit\",\"inherited\"],"
	  "\"permissions\":[\"read_data\"]},"
	  "{\"who\":\"everyone@\",\"type\":\"allow\",\"flags\":[],"
	  "\"permissions\":[\"read_data\"]}]}}\n"
	  "]}\n",
	  "default view: one file per line, read_acl hidden, no masks");
  free (doc);

  /* --full shows the always allowed permissions; directories use the
     same names as files. */
  st = make_stat (S_IFDIR | 02750, 2000, 3000);
  doc = write_one ("d", &st, acl, JSON_NUMERIC_IDS | JSON_FULL);
  ok (strstr (doc, "\"type\":\"directory\"")
      && strstr (doc, "\"mode\":\"2750\"")
      && strstr (doc, "[\"read_data\",\"execute\",\"read_acl\"]")
      && !strstr (doc, "list_directory") && !strstr (doc, "masks"),
      "--full: read_acl shown; directory type and mode; file names");
  free (doc);

  /* --raw: masks, and everything. */
  acl->a_flags |= RICHACL_MASKED;
  acl->a_owner_mask = R | W | RICHACE_WRITE_ACL;
  acl->a_group_mask = R;
  acl->a_other_mask = 0;
  doc = write_one ("f", &st, acl, JSON_NUMERIC_IDS | JSON_RAW);
  ok (strstr (doc, "\"flags\":[\"masked\",\"auto_inherit\"],\"masks\":{"
		   "\"owner\":[\"read_data\",\"write_data\",\"write_acl\"],"
		   "\"group\":[\"read_data\"],\"other\":[]},\"entries\":[")
      != NULL, "--raw: flags in print order, then the masks");
  free (doc);

  /* A masked ACL shows its masks even without --raw. */
  doc = write_one ("f", &st, acl, JSON_NUMERIC_IDS);
  ok (strstr (doc, "\"masks\":{") != NULL, "a masked ACL shows its masks");
  free (doc);
  richacl_free (acl);

  /* Bits without a name, and other types. */
  {
    struct richace e2[] = {
      { 5, SPECIAL | 0x100, R | 0x800000, { RICHACE_OWNER_SPECIAL_ID } },
    };
    acl = acl_make (0x10, 0, 0, 0, 1, e2);
    doc = write_one ("f", &st, acl, JSON_NUMERIC_IDS | JSON_RAW);
    ok (strstr (doc, "\"flags\":[\"0x10\"]")
	&& strstr (doc, "\"type\":\"0x5\",\"flags\":[\"0x100\"],"
			"\"permissions\":[\"read_data\",\"0x800000\"]"),
	"bits without a name as \"0x...\"");
    free (doc);
    richacl_free (acl);
  }
}

static void
test_names (void)
{
  struct richace e[] = {
    { ALLOW, SPECIAL, R, { RICHACE_EVERYONE_SPECIAL_ID } },
  };
  struct richacl *acl = acl_make (0, 0, 0, 0, 1, e);
  struct stat st = make_stat (S_IFREG | 0600, 0, 0);
  char *doc;

  doc = write_one ("a\"b\\c\nd\te\x01\x7f\xc3\xa9", &st, acl,
		   JSON_NUMERIC_IDS);
  ok (strstr (doc, "{\"name\":\"a\\\"b\\\\c\\nd\\te\\u0001\\u007f\xc3\xa9\"")
      != NULL, "names are escaped; UTF-8 stays as it is");
  free (doc);

  doc = write_one ("bad\xff\xc3(", &st, acl, JSON_NUMERIC_IDS);
  ok (strstr (doc, "{\"name_hex\":\"626164ffc328\",") != NULL,
      "a name that is not UTF-8 is given as name_hex");
  free (doc);

  /* Overlong, surrogate and too-large encodings are not UTF-8. */
  doc = write_one ("\xc0\xaf", &st, acl, JSON_NUMERIC_IDS);
  ok (strstr (doc, "\"name_hex\":\"c0af\"") != NULL, "overlong: name_hex");
  free (doc);
  doc = write_one ("\xed\xa0\x80", &st, acl, JSON_NUMERIC_IDS);
  ok (strstr (doc, "\"name_hex\":\"eda080\"") != NULL, "surrogate: name_hex");
  free (doc);
  doc = write_one ("\xf4\x90\x80\x80", &st, acl, JSON_NUMERIC_IDS);
  ok (strstr (doc, "\"name_hex\":") != NULL, "above U+10FFFF: name_hex");
  free (doc);
  doc = write_one ("\xf0\x9f\x98\x80", &st, acl, JSON_NUMERIC_IDS);
  ok (strstr (doc, "\"name\":\"\xf0\x9f\x98\x80\"") != NULL,
      "four-byte UTF-8 stays a name");
  free (doc);

  /* Names of users and groups unless numeric. */
  doc = write_one ("f", &st, acl, 0);
  ok (strstr (doc, "\"owner\":{\"uid\":0,\"name\":\"root\"}") != NULL,
      "the owner's name");
  free (doc);
  richacl_free (acl);

  /* An empty document. */
  {
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream (&buf, &size);
    json_writer_end (json_writer_begin (out));
    fclose (out);
    is_str (buf, "{\"files\":[]}\n", "a document without files");
    free (buf);
  }
}

/* ---- round trips -------------------------------------------------------- */

/* The ACL that the default view shows of @acl (always allowed hidden). */
static void
hide_always_allowed (struct richacl *acl)
{
  struct richace *ace;

  richacl_for_each_entry (ace, acl)
    ace->e_mask &= ~RICHACE_POSIX_ALWAYS_ALLOWED;
}

static void
test_round_trips (void)
{
  static const int views[] = {
    JSON_RAW, JSON_RAW | JSON_NUMERIC_IDS, JSON_FULL, JSON_NUMERIC_IDS, 0
  };
  struct rng rng;
  int n, bad = 0, bad_given = 0, bad_docs = 0;
  unsigned long long seed = 20261203;

  rng_init (&rng, seed);
  for (n = 0; n < 5000; n++)
    {
      int view = views[n % COUNT (views)];
      struct richacl *acl = rng_acl (&rng, RNG_ACL_MASKS | RNG_ACL_INHERIT
					    | RNG_ACL_FLAGS);
      struct stat st = make_stat ((rng_below (&rng, 2) ? S_IFDIR : S_IFREG)
				  | rng_below (&rng, 010000),
				  rng_below (&rng, 3000), rng_below (&rng, 3000));
      struct richacl *back, *want;
      char *doc, *error = NULL;
      int given = -1, want_given;

      if (!acl)
	abort ();
      /* Bits without names sometimes, which "0x..." must carry. */
      if (rng_below (&rng, 8) == 0 && acl->a_count)
	{
	  acl->a_entries[0].e_mask |= 0x00800000;
	  acl->a_entries[0].e_flags |= 0x0100;
	}
      want = richacl_clone (acl);
      if (!(view & (JSON_RAW | JSON_FULL)))
	hide_always_allowed (want);
      want_given = (view & JSON_RAW) || (acl->a_flags & RICHACL_MASKED)
		   ? ALL_GIVEN : RICHACL_TEXT_FLAGS;
      if (!(want_given & RICHACL_TEXT_OWNER_MASK))
	want->a_owner_mask = want->a_group_mask = want->a_other_mask = 0;

      doc = write_one (n % 7 ? "file" : "f\xff\n", &st, acl, view);
      back = json_parse_acl (doc, &given, &error);
      if (!well_formed_result (back, error))
	bad_docs++;
      if (!back || richacl_compare (back, want))
	{
	  if (bad++ < 3)
	    {
	      diag ("seed %llu, ACL %d: %s", seed, n, error ? error : "");
	      diag ("%s", doc);
	      acl_diag ("want", want);
	      if (back)
		acl_diag ("got", back);
	    }
	}
      else if (given != want_given && bad_given++ < 3)
	diag ("ACL %d: given %d, want %d", n, given, want_given);
      free (doc);
      free (error);
      richacl_free (back);
      richacl_free (want);
      richacl_free (acl);
    }
  ok (bad == 0, "5000 random ACLs written and parsed back are equal "
      "(%d differ)", bad);
  ok (bad_given == 0, "and report the masks and flags as given (%d differ)",
      bad_given);
  ok (bad_docs == 0, "and give well-formed results (%d not)", bad_docs);
}

/* Several files: the first one's ACL is the result; the rest is checked. */
static void
test_many_files (void)
{
  struct richace e1[] = {
    { ALLOW, SPECIAL, R, { RICHACE_OWNER_SPECIAL_ID } }
  };
  struct richace e2[] = { { DENY, 0, W, { 1000 } } };
  struct richacl *a1 = acl_make (0, 0, 0, 0, 1, e1);
  struct richacl *a2 = acl_make (0, 0, 0, 0, 1, e2);
  struct stat st = make_stat (S_IFREG | 0644, 0, 0);
  char *buf = NULL, *error = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  struct json_writer *w = json_writer_begin (out);
  struct richacl *back;
  int n;

  for (n = 0; n < 3; n++)
    json_write_file (w, n ? "other" : "first", &st, n ? a2 : a1, 0);
  json_writer_end (w);
  fclose (out);
  ok (strstr (buf, "]}]}},\n{\"name\":\"other\"") != NULL,
      "one file per line, separated by commas");
  back = json_parse_acl (buf, NULL, &error);
  ok (back && !richacl_compare (back, a1), "the first file's ACL is used");
  richacl_free (back);
  free (error);
  free (buf);
  richacl_free (a1);
  richacl_free (a2);
}

/* ---- what the parser accepts -------------------------------------------- */

static void
test_accepts (void)
{
  struct richacl *acl;
  struct passwd *root = getpwuid (0);
  int given;

  acl = accepts ("{\"entries\":[]}", &given, "a bare ACL object");
  ok (acl && acl->a_count == 0 && given == 0,
      "with no entries, nothing given");
  richacl_free (acl);

  acl = accepts (" \t\r\n{ \"entries\" : [ { \"permissions\" : [ \"READ_DATA\" ,"
		 "\"List_Directory\", \"add_file\", \"0x800000\" ], \"type\" :"
		 " \"DENY\", \"who\" : \"Everyone@\" } ] , \"masks\" : { \"group\""
		 " : [ \"execute\" ] } }\n\t ", &given,
		 "white space, any key order, names in any case, both names");
  ok (acl && acl->a_count == 1 && acl->a_entries[0].e_type == DENY
      && acl->a_entries[0].e_mask == (R | W | 0x800000)
      && acl->a_entries[0].e_flags == SPECIAL
      && acl->a_entries[0].e_id == RICHACE_EVERYONE_SPECIAL_ID
      && acl->a_group_mask == X && given == RICHACL_TEXT_GROUP_MASK,
      "... and gives what it says");
  richacl_free (acl);

  acl = accepts ("{\"entries\":[{\"who\":\"user\",\"name\":\"root\","
		 "\"type\":\"allow\",\"permissions\":[]}]}", NULL,
		 "a user by name, no flags");
  ok (acl && root && acl->a_entries[0].e_id == root->pw_uid
      && acl->a_entries[0].e_flags == 0, "... the name's id");
  richacl_free (acl);

  acl = accepts ("{\"entries\":[{\"who\":\"group\",\"name_hex\":\"726f6f74\","
		 "\"type\":\"allow\",\"permissions\":[]}]}", NULL,
		 "a group by name_hex");
  ok (acl && acl->a_entries[0].e_id == 0
      && acl->a_entries[0].e_flags == GROUP_ID, "... the name's id");
  richacl_free (acl);

  acl = accepts ("{\"entries\":[{\"who\":\"user\",\"name\":\"no-such-user-x\","
		 "\"id\":4711,\"type\":\"allow\",\"permissions\":[]}]}", NULL,
		 "id and name: the id wins, the name is not looked up");
  ok (acl && acl->a_entries[0].e_id == 4711, "... id 4711");
  richacl_free (acl);

  acl = accepts ("{\"entries\":[{\"who\":\"user\",\"id\":4294967294,"
		 "\"type\":\"allow\",\"permissions\":[]}]}", NULL,
		 "the largest id");
  richacl_free (acl);

  acl = accepts ("{\"files\":[{\"acl\":{\"entries\":[]}}]}", &given,
		 "a file with only an ACL");
  richacl_free (acl);

  rejects ("{\"files\":[{\"acl\":{\"entries\":[]},\"name_hex\":null}]}",
	   "expected a string", "null where a string belongs");

  acl = accepts ("{\"files\":[{\"name\":\"\\u00e9\\ud83d\\ude00\\/\\b\\f\","
		 "\"type\":\"x\",\"mode\":\"\",\"owner\":{\"uid\":1,"
		 "\"name_hex\":\"ff\"},\"group\":{\"gid\":0},"
		 "\"acl\":{\"flags\":[\"PROTECTED\",\"0x10\"],\"entries\":[]}}]}",
		 &given, "escapes and surrogate pairs; a full file object");
  ok (acl && acl->a_flags == (RICHACL_PROTECTED | 0x10)
      && given == RICHACL_TEXT_FLAGS, "... its flags");
  richacl_free (acl);

  ok (json_text_is_json (" \n\t{") && !json_text_is_json ("owner@:r::allow")
      && !json_text_is_json ("f:\n{") && !json_text_is_json (""),
      "json_text_is_json: the first non-blank character is '{'");
}

/* ---- hostile input ------------------------------------------------------ */

#define E(x) "{\"entries\":[" x "]}"
#define ENTRY(x) \
  E ("{\"who\":\"owner@\",\"type\":\"allow\",\"permissions\":[]" x "}")

static void
test_rejects (void)
{
  static const struct { const char *text, *want, *what; } cases[] = {
    { "", "1:1: unexpected end of input", "empty input" },
    { "   ", "1:4: unexpected end of input", "white space only" },
    { "[]", "1:1: expected an object", "an array" },
    { "\xef\xbb\xbf{\"entries\":[]}", "1:1:", "a byte order mark" },
    { "{}", "1:1: missing key 'entries'", "an empty object" },
    { "{\"entries\":[]", "1:14: unexpected end of input", "truncated" },
    { "{\"entries\":[]}x", "1:15: unexpected data after", "trailing data" },
    { "{\"entries\":[]}{}", "unexpected data after", "two documents" },
    { "{\"entries\":[],}", "1:15: expected a string (a key)",
      "a trailing comma in an object" },
    { "{\"entries\":[{\"who\":\"owner@\",\"type\":\"allow\",\"permissions\":"
      "[\"read_data\",]}]}", "expected a string", "a trailing comma in an array" },
    { "{\"entries\":[],\"entries\":[]}", "1:15: duplicate key 'entries'",
      "a duplicate key" },
    { "{\"entries\":[],\"bogus\":1}", "unknown key 'bogus'", "an unknown key" },
    { "{'entries':[]}", "expected a string", "single quotes" },
    { "{entries:[]}", "expected a string", "a bare key" },
    { "{\"entries\"[]}", "expected ':'", "no colon" },
    { "{\"entries\":[]}\n\n  ]", "3:3: unexpected data", "the line and column" },
    { "{\"files\":[]}", "the document lists no files", "no files" },
    { "{\"files\":[{}]}", "missing key 'acl'", "a file without an ACL" },
    { "{\"files\":[{\"acl\":{\"entries\":[]}}],\"entries\":[]}",
      "a document has only", "a document with ACL keys" },
    { "{\"entries\":[],\"files\":[]}", "a document has only",
      "an ACL with files" },
    { "{\"files\":[{\"acl\":{\"entries\":[]}},{\"acl\":{}}]}",
      "missing key 'entries'", "an invalid second file" },
    { "{\"files\":[{\"acl\":{\"entries\":[]},\"name\":\"a\",\"name_hex\":\"61\"}]}",
      "cannot both be given", "name and name_hex" },
    { "{\"files\":[{\"acl\":{\"entries\":[]},\"owner\":{\"name\":\"x\"}}]}",
      "missing key 'uid'", "an owner without uid" },
    { "{\"files\":[{\"acl\":{\"entries\":[]},\"group\":{\"uid\":0}}]}",
      "unknown key 'uid'", "a group with uid" },
    { "{\"files\":[{\"acl\":{\"entries\":[]},\"name_hex\":\"6\"}]}",
      "invalid hex string", "odd hex" },
    { "{\"files\":[{\"acl\":{\"entries\":[]},\"name_hex\":\"zz\"}]}",
      "invalid hex string", "not hex" },
    { "{\"files\":[{\"acl\":{\"entries\":[]},\"mode\":420}]}",
      "expected a string", "a number where a string belongs" },
    { E ("{}"), "missing key 'who'", "an empty entry" },
    { E ("{\"who\":\"owner@\",\"permissions\":[]}"), "missing key 'type'",
      "no type" },
    { E ("{\"who\":\"owner@\",\"type\":\"allow\"}"),
      "missing key 'permissions'", "no permissions" },
    { ENTRY (",\"id\":0"), "have no \"id\" or \"name\"", "owner@ with an id" },
    { E ("{\"who\":\"user\",\"type\":\"allow\",\"permissions\":[]}"),
      "need an \"id\" or a \"name\"", "a user without id or name" },
    { E ("{\"who\":\"user\",\"name\":\"no-such-user-x\",\"type\":\"allow\","
	 "\"permissions\":[]}"), "unknown user 'no-such-user-x'",
      "an unknown user" },
    { E ("{\"who\":\"group\",\"name\":\"no-such-group-x\",\"type\":\"allow\","
	 "\"permissions\":[]}"), "unknown group 'no-such-group-x'",
      "an unknown group" },
    { E ("{\"who\":\"user\",\"name\":\"ro\\u0000ot\",\"type\":\"allow\","
	 "\"permissions\":[]}"), "unknown user", "a name with a NUL" },
    { E ("{\"who\":\"user\",\"name\":\"root\",\"name_hex\":\"726f6f74\","
	 "\"type\":\"allow\",\"permissions\":[]}"), "cannot both be given",
      "an entry with name and name_hex" },
    { E ("{\"who\":\"somebody\",\"type\":\"allow\",\"permissions\":[]}"),
      "unknown who 'somebody'", "an unknown who" },
    { E ("{\"who\":\"owner@\",\"type\":\"audit\",\"permissions\":[]}"),
      "unknown entry type 'audit'", "an unknown type" },
    { E ("{\"who\":\"owner@\",\"type\":\"0x10000\",\"permissions\":[]}"),
      "unknown entry type", "a type too large" },
    { E ("{\"who\":\"owner@\",\"type\":\"allow\",\"permissions\":[\"fly\"]}"),
      "1:59: unknown permission 'fly'", "an unknown permission" },
    { E ("{\"who\":\"owner@\",\"type\":\"allow\",\"permissions\":[\"r\"]}"),
      "unknown permission 'r'", "a letter is not a name" },
    { E ("{\"who\":\"owner@\",\"type\":\"allow\",\"permissions\":[\"0x\"]}"),
      "unknown permission", "0x without digits" },
    { E ("{\"who\":\"owner@\",\"type\":\"allow\",\"permissions\":[\"0x0\"]}"),
      "unknown permission", "0x0" },
    { E ("{\"who\":\"owner@\",\"type\":\"allow\",\"permissions\":"
	 "[\"0x100000000\"]}"), "unknown permission", "hex too large" },
    { E ("{\"who\":\"owner@\",\"type\":\"allow\",\"permissions\":\"read_data\"}"),
      "expected an array", "a string where a list belongs" },
    { E ("{\"who\":\"owner@\",\"type\":\"allow\",\"permissions\":[1]}"),
      "expected a string", "a number in a list" },
    { ENTRY (",\"flags\":[\"masked\"]"), "unknown entry flag 'masked'",
      "an ACL flag on an entry" },
    { ENTRY (",\"flags\":[\"0x4000\"]"), "unknown entry flag",
      "a who flag in hex" },
    { "{\"flags\":[\"file_inherit\"],\"entries\":[]}",
      "unknown ACL flag 'file_inherit'", "an entry flag on the ACL" },
    { "{\"flags\":[\"0x100\"],\"entries\":[]}", "unknown ACL flag",
      "an ACL flag too large" },
    { "{\"masks\":{\"everyone\":[]},\"entries\":[]}", "unknown key 'everyone'",
      "an unknown mask" },
    { "{\"masks\":{\"owner\":[],\"owner\":[]},\"entries\":[]}",
      "duplicate key 'owner'", "a duplicate mask" },
    /* Numbers. */
    { E ("{\"who\":\"user\",\"id\":-1,\"type\":\"allow\",\"permissions\":[]}"),
      "expected a non-negative integer", "a negative id" },
    { E ("{\"who\":\"user\",\"id\":1.5,\"type\":\"allow\",\"permissions\":[]}"),
      "expected a non-negative integer", "a fraction" },
    { E ("{\"who\":\"user\",\"id\":1e3,\"type\":\"allow\",\"permissions\":[]}"),
      "expected a non-negative integer", "an exponent" },
    { E ("{\"who\":\"user\",\"id\":01,\"type\":\"allow\",\"permissions\":[]}"),
      "invalid number", "a leading zero" },
    { E ("{\"who\":\"user\",\"id\":1.,\"type\":\"allow\",\"permissions\":[]}"),
      "invalid number", "1." },
    { E ("{\"who\":\"user\",\"id\":1e,\"type\":\"allow\",\"permissions\":[]}"),
      "invalid number", "1e" },
    { E ("{\"who\":\"user\",\"id\":-,\"type\":\"allow\",\"permissions\":[]}"),
      "expected a number", "a lone minus" },
    { E ("{\"who\":\"user\",\"id\":+1,\"type\":\"allow\",\"permissions\":[]}"),
      "expected a number", "a plus sign" },
    { E ("{\"who\":\"user\",\"id\":4294967295,\"type\":\"allow\","
	 "\"permissions\":[]}"), "number out of range", "id (id_t) -1" },
    { E ("{\"who\":\"user\",\"id\":99999999999999999999999999999999999999,"
	 "\"type\":\"allow\",\"permissions\":[]}"), "number out of range",
      "a huge number" },
    { E ("{\"who\":\"user\",\"id\":\"0\",\"type\":\"allow\",\"permissions\":[]}"),
      "expected a number", "a string id" },
    { E ("{\"who\":\"user\",\"id\":true,\"type\":\"allow\",\"permissions\":[]}"),
      "expected a number", "a boolean id" },
    /* Strings. */
    { "{\"entries\":[],\"x\\q\":1}", "invalid escape in string",
      "an invalid escape" },
    { "{\"entries\":[],\"x\\u12\":1}", "invalid \\u escape", "a short \\u" },
    { "{\"entries\":[],\"x\\u12g4\":1}", "invalid \\u escape", "a bad \\u" },
    { "{\"entries\":[],\"\\ud800\":1}", "unpaired surrogate",
      "a lone high surrogate" },
    { "{\"entries\":[],\"\\ud800\\u0041\":1}", "unpaired surrogate",
      "a high surrogate and no low one" },
    { "{\"entries\":[],\"\\udc00\":1}", "unpaired surrogate",
      "a lone low surrogate" },
    { "{\"entries\":[],\"\\ud800\\ud800\":1}", "unpaired surrogate",
      "two high surrogates" },
    { "{\"entries\":[],\"a\tb\":1}", "control character in string",
      "a raw tab in a string" },
    { "{\"entries\":[],\"a\nb\":1}", "control character in string",
      "a raw newline in a string" },
    { "{\"entries\":[],\"\xff\":1}", "invalid UTF-8", "a byte 0xff" },
    { "{\"entries\":[],\"\xc3\":1}", "invalid UTF-8", "a cut sequence" },
    { "{\"entries\":[],\"\xc0\xaf\":1}", "invalid UTF-8", "overlong UTF-8" },
    { "{\"entries\":[],\"\xed\xa0\x80\":1}", "invalid UTF-8",
      "a surrogate in UTF-8" },
    { "{\"entries\":[],\"\xf4\x90\x80\x80\":1}", "invalid UTF-8",
      "UTF-8 above U+10FFFF" },
    { "{\"entries\":[],\"\x80\":1}", "invalid UTF-8", "a lone continuation" },
    { "{\"entries\":[],\"abc", "unterminated string", "an unterminated string" },
    { "{\"entries\":[],\"abc\\", "1:", "a string ending in a backslash" },
    { "{\"entries\":[],\"\xc3\xa9t\xc3\xa9\":1}", "1:15: unknown key '",
      "a UTF-8 key (message)" },
    /* Nesting and literals. */
    { "{\"entries\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
      "expected an object", "nested arrays" },
    { "{\"entries\":null}", "expected an array", "null entries" },
    { "{\"entries\":[],\"flags\":{\"a\":{}}}", "expected an array",
      "an object where a list belongs" },
    { "{\"entries\":[]\x0b}", "expected ',' or '}'", "a vertical tab" },
    { "{\"entries\":[]\xc2\xa0}", "expected ',' or '}'", "a no-break space" },
  };
  size_t i;

  for (i = 0; i < COUNT (cases); i++)
    rejects (cases[i].text, cases[i].want, cases[i].what);
}

/* Hostile sizes: deep nesting, long strings, many entries. */
static void
test_big_inputs (void)
{
  size_t n = 1000000, i;
  char *text = malloc (n + 64);
  struct richacl *acl;
  char *error = NULL;
  bool good;

  strcpy (text, "{\"entries\":");
  for (i = strlen (text); i < n; i++)
    text[i] = '[';
  text[i] = '\0';
  rejects (text, "1:13: expected an object", "a million nested arrays");
  for (i = 0; i < n; i++)
    text[i] = '{';
  rejects (text, "1:2: expected a string", "a million nested objects");

  /* A long key: the message shows a part of it. */
  strcpy (text, "{\"entries\":[],\"");
  for (i = strlen (text); i < n; i++)
    text[i] = 'k';
  strcpy (text + i, "\":1}");
  acl = json_parse_acl (text, NULL, &error);
  good = !acl && error && strstr (error, "unknown key 'kkkk")
	 && strlen (error) < 200;
  ok (good, "a key of a million bytes: a short message");
  if (!good)
    diag ("%.200s", error ? error : "");
  free (error);
  free (text);

  /* 65535 entries are the most an ACL can have; one more is refused. */
  {
    static const char one[] = "{\"who\":\"user\",\"id\":7,\"type\":\"allow\","
			      "\"permissions\":[\"read_data\"]},";
    size_t len = strlen (one), count;

    for (count = 0xffff; count <= 0x10000; count++)
      {
	char *p;

	text = malloc (len * count + 64);
	p = stpcpy (text, "{\"entries\":[");
	for (i = 0; i < count; i++)
	  p = stpcpy (p, one);
	strcpy (p - 1, "]}");
	error = NULL;
	acl = json_parse_acl (text, NULL, &error);
	if (count == 0xffff)
	  ok (acl && acl->a_count == 0xffff && !error, "65535 entries");
	else
	  ok (!acl && error && strstr (error, "too many entries"),
	      "65536 entries are too many");
	richacl_free (acl);
	free (error);
	free (text);
      }
  }
}

/* Every prefix of a valid document fails cleanly; so do random changes. */
static void
test_corruptions (void)
{
  struct richace e[] = {
    { ALLOW, SPECIAL, R | W, { RICHACE_OWNER_SPECIAL_ID } },
    { DENY, GROUP_ID | RICHACE_FILE_INHERIT_ACE, X, { 0 } },
    { ALLOW, 0, R, { 0 } },
  };
  static const char junk[] =
    "{}[],:\"\\u0123456789abcdefxe.-+ \n\t\xc3\xa9\xff";
  struct richacl *acl = acl_make (RICHACL_MASKED, R, R, 0, COUNT (e), e);
  struct stat st = make_stat (S_IFREG | 0644, 0, 0);
  char *doc = write_one ("f\xc3\xa9\"", &st, acl, JSON_RAW);
  size_t len = strlen (doc), i;
  int bad = 0, parsed = 0, n;
  struct rng rng;

  /* len - 1: all but the final newline is the whole document. */
  for (i = 0; i < len - 1; i++)
    {
      char *prefix = strndup (doc, i), *error = NULL;
      struct richacl *got = json_parse_acl (prefix, NULL, &error);

      if (got || !well_formed_result (got, error))
	{
	  if (bad++ < 3)
	    diag ("prefix of %zu bytes: %s", i, error ? error : "an ACL");
	}
      richacl_free (got);
      free (error);
      free (prefix);
    }
  ok (bad == 0, "each of the %zu truncations of a document is refused",
      len - 1);

  bad = 0;
  rng_init (&rng, 4242);
  for (n = 0; n < 20000; n++)
    {
      char *copy = strdup (doc), *error = NULL;
      struct richacl *got;
      int changes = 1 + rng_below (&rng, 3), c;

      for (c = 0; c < changes; c++)
	{
	  size_t at = rng_below (&rng, len);

	  switch (rng_below (&rng, 3))
	    {
	    case 0:		/* a byte from the junk list */
	      copy[at] = junk[rng_below (&rng, sizeof junk - 1)];
	      break;
	    case 1:		/* a random byte (not '\0') */
	      copy[at] = 1 + rng_below (&rng, 255);
	      break;
	    default:		/* delete a byte */
	      memmove (copy + at, copy + at + 1, strlen (copy + at));
	      break;
	    }
	}
      got = json_parse_acl (copy, NULL, &error);
      if (!well_formed_result (got, error) && bad++ < 3)
	diag ("corrupted: %s", copy);
      parsed += got != NULL;
      richacl_free (got);
      free (error);
      free (copy);
    }
  ok (bad == 0, "20000 random corruptions give an ACL or one message "
      "(%d parsed)", parsed);
  free (doc);
  richacl_free (acl);
}

int
main (void)
{
  test_output_examples ();
  test_names ();
  test_round_trips ();
  test_many_files ();
  test_accepts ();
  test_rejects ();
  test_big_inputs ();
  test_corruptions ();
  return done_testing ();
}
