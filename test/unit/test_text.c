/*
 * test_text.c - the text format: richacl_to_text, richacl_mask_to_text and
 * richacl_from_text (SPEC sections 6 and 8).
 *
 * Examples first (every letter, name, flag and who form both ways, the
 * separators, alignment, unknown bits, each error), then the worked
 * examples of SPEC section 8 byte for byte, then properties over random
 * ACLs: printing and parsing back gives the same ACL, and no text makes
 * the parser crash or report other than exactly one error.
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdarg.h>
#include <time.h>

#define ALLOW RICHACE_ACCESS_ALLOWED_ACE_TYPE
#define DENY RICHACE_ACCESS_DENIED_ACE_TYPE
#define SPECIAL RICHACE_SPECIAL_WHO
#define GROUP_ID RICHACE_IDENTIFIER_GROUP

#define LONG RICHACL_TEXT_LONG
#define FILE_CTX RICHACL_TEXT_FILE_CONTEXT
#define DIR_CTX RICHACL_TEXT_DIRECTORY_CONTEXT
#define MASKS RICHACL_TEXT_SHOW_MASKS
#define SIMPLIFY RICHACL_TEXT_SIMPLIFY
#define ALIGN RICHACL_TEXT_ALIGN
#define NUMERIC RICHACL_TEXT_NUMERIC_IDS

/* How getrichacl prints (see the brief): default, --raw, --full. */
#define VIEW_DEFAULT (ALIGN | SIMPLIFY)
#define VIEW_RAW (ALIGN | MASKS)
#define VIEW_FULL ALIGN

#define R RICHACE_READ_DATA
#define W RICHACE_WRITE_DATA
#define P RICHACE_APPEND_DATA
#define X RICHACE_EXECUTE
#define D_CHILD RICHACE_DELETE_CHILD
#define WACL RICHACE_WRITE_ACL
#define WOWNER RICHACE_WRITE_OWNER

#define COUNT(a) (sizeof (a) / sizeof ((a)[0]))

/* ---- capturing the parser's error callback ---------------------------- */

static char error_message[4096];
static int error_calls;

static void
collect_error (const char *fmt, ...)
{
  va_list ap;

  error_calls++;
  va_start (ap, fmt);
  vsnprintf (error_message, sizeof error_message, fmt, ap);
  va_end (ap);
}

static struct richacl *
parse (const char *text, int *given)
{
  error_calls = 0;
  error_message[0] = '\0';
  return richacl_from_text (text, given, collect_error);
}

/* ---- small helpers ------------------------------------------------------ */

static struct richace
special (unsigned short type, unsigned short flags, unsigned int mask,
	 id_t id)
{
  struct richace ace = { type, flags | SPECIAL, mask, { id } };

  return ace;
}

static struct richace
user (unsigned short type, unsigned short flags, unsigned int mask, id_t id)
{
  struct richace ace = { type, flags, mask, { id } };

  return ace;
}

static struct richace
group (unsigned short type, unsigned short flags, unsigned int mask, id_t id)
{
  struct richace ace = { type, flags | GROUP_ID, mask, { id } };

  return ace;
}

/* Print @acl with @flags and compare with @want. */
static int
check_print (const struct richacl *acl, int flags, const char *want,
	     const char *name)
{
  char *text = acl ? richacl_to_text (acl, flags) : NULL;
  int same = is_str (text, want, name);

  free (text);
  return same;
}

static int
check_mask_text (unsigned int mask, int flags, const char *want,
		 const char *name)
{
  char *text = richacl_mask_to_text (mask, flags);
  int same = is_str (text, want, name);

  free (text);
  return same;
}

/* Parse @text, print with @flags, compare with @want. */
static int
check_reprint (const char *text, int flags, const char *want,
	       const char *name)
{
  struct richacl *acl = parse (text, NULL);
  int same;

  if (!acl)
    diag ("parse error: %s", error_message);
  same = check_print (acl, flags, want, name);
  richacl_free (acl);
  return same;
}

/* The single entry of @text, or a zeroed entry with e_type 0xffff. */
static struct richace
parse_one (const char *text)
{
  struct richace none = { 0xffff, 0, 0, { 0 } };
  struct richacl *acl = parse (text, NULL);

  if (acl && acl->a_count == 1)
    none = acl->a_entries[0];
  else if (!acl)
    diag ("'%s': %s", text, error_message);
  richacl_free (acl);
  return none;
}

/* The mask that `owner@:MASK::allow` parses to, or 0xdeadbeef. */
static unsigned int
parse_mask (const char *mask)
{
  char text[256];
  struct richace ace;

  snprintf (text, sizeof text, "owner@:%s::allow", mask);
  ace = parse_one (text);
  return ace.e_type == ALLOW ? ace.e_mask : 0xdeadbeef;
}

/* The entry flags (without SPECIAL_WHO) of `owner@:r:FLAGS:allow`. */
static unsigned int
parse_ace_flags (const char *flags)
{
  char text[256];
  struct richace ace;

  snprintf (text, sizeof text, "owner@:r:%s:allow", flags);
  ace = parse_one (text);
  return ace.e_type == ALLOW ? ace.e_flags & ~SPECIAL : 0xdead;
}

/* The ACL flags of `flags:FLAGS`, or 0xdead; *given as reported. */
static unsigned int
parse_acl_flags (const char *flags, int *given)
{
  char text[256];
  struct richacl *acl;
  unsigned int result = 0xdead;

  snprintf (text, sizeof text, "flags:%s", flags);
  acl = parse (text, given);
  if (acl && acl->a_count == 0)
    result = acl->a_flags;
  richacl_free (acl);
  return result;
}

/*
 * @text must fail: NULL, errno EINVAL, one call of the callback, whose
 * message contains @token in quotes.
 */
static void
check_error (const char *text, const char *token, const char *what)
{
  char quoted[512];
  struct richacl *acl;
  int saved;

  snprintf (quoted, sizeof quoted, "'%s'", token);
  errno = 0;
  acl = parse (text, NULL);
  saved = errno;
  ok (!acl && saved == EINVAL && error_calls == 1
      && strstr (error_message, quoted) && !strchr (error_message, '\n'),
      "%s: \"%.50s%s\" fails with EINVAL, one message naming %.50s", what,
      text, strlen (text) > 50 ? "..." : "", quoted);
  if (error_calls)
    diag ("message: %.200s", error_message);
  richacl_free (acl);
}

/* A uid (or gid) that has no name, for the fallback to numbers. */
static id_t
unnamed_id (int is_group)
{
  id_t id;

  for (id = 4000; id < 4000000; id += 997)
    if (is_group ? !getgrgid (id) : !getpwuid (id))
      return id;
  return 4000;
}

/* ---- the tests ---------------------------------------------------------- */

static const struct
{
  unsigned int bit;
  char letter;
  const char *file_name, *dir_name;
} mask_names[] = {
  { RICHACE_READ_DATA, 'r', "read_data", "list_directory" },
  { RICHACE_WRITE_DATA, 'w', "write_data", "add_file" },
  { RICHACE_APPEND_DATA, 'p', "append_data", "add_subdirectory" },
  { RICHACE_EXECUTE, 'x', "execute", "execute" },
  { RICHACE_DELETE_CHILD, 'd', "delete_child", "delete_child" },
  { RICHACE_DELETE, 'D', "delete", "delete" },
  { RICHACE_READ_ATTRIBUTES, 'a', "read_attributes", "read_attributes" },
  { RICHACE_WRITE_ATTRIBUTES, 'A', "write_attributes", "write_attributes" },
  { RICHACE_READ_NAMED_ATTRS, 'R', "read_named_attrs", "read_named_attrs" },
  { RICHACE_WRITE_NAMED_ATTRS, 'W', "write_named_attrs",
    "write_named_attrs" },
  { RICHACE_READ_ACL, 'c', "read_acl", "read_acl" },
  { RICHACE_WRITE_ACL, 'C', "write_acl", "write_acl" },
  { RICHACE_WRITE_OWNER, 'o', "write_owner", "write_owner" },
  { RICHACE_SYNCHRONIZE, 'S', "synchronize", "synchronize" },
  { RICHACE_WRITE_RETENTION, 'e', "write_retention", "write_retention" },
  { RICHACE_WRITE_RETENTION_HOLD, 'E', "write_retention_hold",
    "write_retention_hold" },
};

static void
upcase (char *dst, const char *src)
{
  while ((*dst++ = (*src >= 'a' && *src <= 'z') ? *src - 32 : *src))
    src++;
}

static void
test_permissions (void)
{
  const unsigned int always = RICHACE_POSIX_ALWAYS_ALLOWED;
  char want[64], upper[64], letter[2] = { 0, 0 };
  unsigned int all = 0;
  size_t i, column = 0;

  for (i = 0; i < COUNT (mask_names); i++)
    {
      unsigned int bit = mask_names[i].bit;
      int simplified = !(bit & always);

      all |= bit;
      letter[0] = mask_names[i].letter;
      ok (parse_mask (letter) == bit, "letter %c parses to 0x%x", *letter,
	  bit);
      check_mask_text (bit, 0, letter, "letter printed unaligned");

      /* Aligned: one column per letter, this one in its place. */
      memset (want, '-', 16);
      want[16] = '\0';
      want[i] = *letter;
      check_mask_text (bit, ALIGN, want, "letter in its column of 16");
      if (simplified)
	{
	  memset (want, '-', 13);
	  want[13] = '\0';
	  want[column++] = *letter;
	  check_mask_text (bit, ALIGN | SIMPLIFY, want,
			   "letter in its column of 13");
	}
      else
	check_mask_text (bit, ALIGN | SIMPLIFY, "-------------",
			 "always-allowed bit hidden by SIMPLIFY");

      /* Long names, in both contexts, any case. */
      ok (parse_mask (mask_names[i].file_name) == bit, "%s parses",
	  mask_names[i].file_name);
      upcase (upper, mask_names[i].dir_name);
      ok (parse_mask (upper) == bit, "%s parses (any case)", upper);
      check_mask_text (bit, LONG | FILE_CTX, mask_names[i].file_name,
		       "long name in file context");
      check_mask_text (bit, LONG | DIR_CTX, mask_names[i].dir_name,
		       "long name in directory context");
    }
  ok (column == 13, "13 columns without a, c and S");

  check_mask_text (R | W | P, LONG, "read_data/list_directory/"
		   "write_data/add_file/append_data/add_subdirectory",
		   "no context: both names");
  check_mask_text (all, 0, "rwpxdDaARWcCoSeE", "all letters in order");
  check_mask_text (all, SIMPLIFY, "rwpxdDARWCoeE",
		   "all letters, simplified");
  check_mask_text (all, ALIGN, "rwpxdDaARWcCoSeE", "all letters aligned");
  check_mask_text (all, LONG | FILE_CTX,
		   "read_data/write_data/append_data/execute/delete_child/"
		   "delete/read_attributes/write_attributes/read_named_attrs/"
		   "write_named_attrs/read_acl/write_acl/write_owner/"
		   "synchronize/write_retention/write_retention_hold",
		   "all long names, file context");
  check_mask_text (all, LONG | DIR_CTX | SIMPLIFY,
		   "list_directory/add_file/add_subdirectory/execute/"
		   "delete_child/delete/write_attributes/read_named_attrs/"
		   "write_named_attrs/write_acl/write_owner/write_retention/"
		   "write_retention_hold",
		   "all long names, directory context, simplified");
  check_mask_text (R | X, LONG | ALIGN | FILE_CTX, "read_data/execute",
		   "long form is not padded");
  check_mask_text (0, 0, "", "empty mask unaligned");
  check_mask_text (0, ALIGN, "----------------", "empty mask aligned");
  check_mask_text (0, LONG | ALIGN, "", "empty mask long");

  ok (parse_mask ("rwpxdDaARWcCoSeE") == all, "all letters parse");
  ok (parse_mask ("EeSoCcWRAaDdxpwr") == all, "letters in any order");
  ok (parse_mask ("r-x-") == (R | X), "'-' is ignored");
  ok (parse_mask ("") == 0, "an empty mask");
  ok (parse_mask ("----") == 0, "only dashes");
  ok (parse_mask ("R") == RICHACE_READ_NAMED_ATTRS,
      "letters are case-sensitive (R)");
  ok (parse_mask ("A") == RICHACE_WRITE_ATTRIBUTES,
      "letters are case-sensitive (A)");
  ok (parse_mask ("read_data/list_directory/add_file") == (R | W),
      "file and directory names mixed");
  ok (parse_mask ("rw/execute/Delete") == (R | W | X | RICHACE_DELETE),
      "letters and long names mixed");
  ok (parse_mask ("r//x/") == (R | X), "empty pieces between '/'");
  ok (parse_mask ("Read_Data/WRITE_ACL") == (R | WACL),
      "long names in mixed case");
}

static const struct
{
  unsigned int bit;
  char letter;
  const char *name;
} ace_flag_names[] = {
  { RICHACE_FILE_INHERIT_ACE, 'f', "file_inherit" },
  { RICHACE_DIRECTORY_INHERIT_ACE, 'd', "directory_inherit" },
  { RICHACE_NO_PROPAGATE_INHERIT_ACE, 'n', "no_propagate" },
  { RICHACE_INHERIT_ONLY_ACE, 'i', "inherit_only" },
  { RICHACE_INHERITED_ACE, 'a', "inherited" },
}, acl_flag_names[] = {
  { RICHACL_MASKED, 'm', "masked" },
  { RICHACL_WRITE_THROUGH, 'w', "write_through" },
  { RICHACL_AUTO_INHERIT, 'a', "auto_inherit" },
  { RICHACL_PROTECTED, 'p', "protected" },
  { RICHACL_DEFAULTED, 'd', "defaulted" },
};

static void
test_flags (void)
{
  char letter[2] = { 0, 0 }, want[128], upper[64];
  size_t i;
  int given;

  for (i = 0; i < COUNT (ace_flag_names); i++)
    {
      struct richace ace = special (ALLOW, ace_flag_names[i].bit, R, 0);
      struct richacl *acl = acl_make (0, 0, 0, 0, 1, &ace);

      letter[0] = ace_flag_names[i].letter;
      ok (parse_ace_flags (letter) == ace_flag_names[i].bit,
	  "entry flag %c parses", *letter);
      upcase (upper, ace_flag_names[i].name);
      ok (parse_ace_flags (ace_flag_names[i].name) == ace_flag_names[i].bit
	  && parse_ace_flags (upper) == ace_flag_names[i].bit,
	  "entry flag %s parses, any case", ace_flag_names[i].name);
      snprintf (want, sizeof want, "owner@:r:%c:allow\n", *letter);
      check_print (acl, 0, want, "entry flag letter printed");
      snprintf (want, sizeof want, "owner@:read_data:%s:allow\n",
		ace_flag_names[i].name);
      check_print (acl, LONG | FILE_CTX, want, "entry flag name printed");
      richacl_free (acl);
    }
  ok (parse_ace_flags ("adfin") == RICHACE_INHERITANCE_FLAGS,
      "entry flags in any order");
  ok (parse_ace_flags ("f-d") == (RICHACE_FILE_INHERIT_ACE
				  | RICHACE_DIRECTORY_INHERIT_ACE),
      "'-' ignored in entry flags");
  ok (parse_ace_flags ("file_inherit/d") == (RICHACE_FILE_INHERIT_ACE
					     | RICHACE_DIRECTORY_INHERIT_ACE),
      "entry flag names and letters mixed");
  check_reprint ("owner@:r:adfin:allow", 0, "owner@:r:fdnia:allow\n",
		 "entry flags print in the order f d n i a");
  check_reprint ("owner@:r:adfin:allow", LONG | FILE_CTX,
		 "owner@:read_data:file_inherit/directory_inherit/"
		 "no_propagate/inherit_only/inherited:allow\n",
		 "entry flag names joined by '/'");
  check_reprint ("owner@:r:fd:allow", ALIGN,
		 " owner@:r---------------:fd:allow\n",
		 "entry flags are not padded");

  for (i = 0; i < COUNT (acl_flag_names); i++)
    {
      struct richacl *acl = acl_make (acl_flag_names[i].bit, 0, 0, 0, 0,
				      NULL);

      letter[0] = acl_flag_names[i].letter;
      given = 0;
      ok (parse_acl_flags (letter, &given) == acl_flag_names[i].bit
	  && given == RICHACL_TEXT_FLAGS, "ACL flag %c parses, given FLAGS",
	  *letter);
      upcase (upper, acl_flag_names[i].name);
      ok (parse_acl_flags (upper, NULL) == acl_flag_names[i].bit,
	  "ACL flag %s parses", upper);
      snprintf (want, sizeof want, "flags:%c\n", *letter);
      check_print (acl, 0, want, "ACL flag letter printed");
      snprintf (want, sizeof want, "flags:%s\n", acl_flag_names[i].name);
      check_print (acl, LONG, want, "ACL flag name printed");
      richacl_free (acl);
    }
  check_reprint ("flags:dpawm", 0, "flags:mwapd\n",
		 "ACL flags print in the order m w a p d");
  check_reprint ("flags:defaulted/m/Protected/auto_inherit/w", LONG,
		 "flags:masked/write_through/auto_inherit/protected/"
		 "defaulted\n", "ACL flag names joined by '/'");
  check_reprint ("flags:a owner@:r::allow", VIEW_DEFAULT,
		 "  flags:a\n owner@:r------------::allow\n",
		 "flags shown without SHOW_MASKS");
  check_reprint ("flags:a", VIEW_DEFAULT, " flags:a\n",
		 "flags alone: who column 6 wide");
  ok (parse_acl_flags ("-", &given) == 0 && given == RICHACL_TEXT_FLAGS,
      "flags:- gives no flags, but given");
}

static void
test_who (void)
{
  id_t nobody_uid = unnamed_id (0), nobody_gid = unnamed_id (1);
  struct richace ace;
  char text[128], want[128];
  struct richacl *acl;

  ace = parse_one ("owner@:r::allow");
  ok ((ace.e_flags & SPECIAL) && ace.e_id == 0, "owner@");
  ace = parse_one ("OWNER@:r::allow");
  ok ((ace.e_flags & SPECIAL) && ace.e_id == 0, "OWNER@");
  ace = parse_one ("Group@:r::allow");
  ok ((ace.e_flags & SPECIAL) && ace.e_id == 1, "Group@");
  ace = parse_one ("everyone@:r::allow");
  ok ((ace.e_flags & SPECIAL) && ace.e_id == 2, "everyone@");
  ace = parse_one ("EVERYONE@:r::allow");
  ok ((ace.e_flags & SPECIAL) && ace.e_id == 2, "EVERYONE@");
  ace = parse_one ("user:0:r::allow");
  ok (ace.e_type == ALLOW && ace.e_flags == 0 && ace.e_id == 0, "user:0");
  ace = parse_one ("u:root:r::allow");
  ok (ace.e_type == ALLOW && ace.e_flags == 0 && ace.e_id == 0, "u:root");
  ace = parse_one ("USER:root:r::allow");
  ok (ace.e_type == ALLOW && ace.e_flags == 0 && ace.e_id == 0,
      "USER:root (prefix in any case)");
  ace = parse_one ("group:0:r::allow");
  ok (ace.e_type == ALLOW && ace.e_flags == GROUP_ID && ace.e_id == 0,
      "group:0");
  ace = parse_one ("g:root:r::allow");
  ok (ace.e_type == ALLOW && ace.e_flags == GROUP_ID && ace.e_id == 0,
      "g:root");
  ace = parse_one ("u:123456:r::allow");
  ok (ace.e_type == ALLOW && ace.e_flags == 0 && ace.e_id == 123456,
      "u:123456");
  ace = parse_one ("g:4294967294:r::allow");
  ok (ace.e_type == ALLOW && ace.e_flags == GROUP_ID
      && ace.e_id == 4294967294u, "the largest gid");
  ace = parse_one ("user:0:r:fd:allow");
  ok (ace.e_flags == (RICHACE_FILE_INHERIT_ACE
		      | RICHACE_DIRECTORY_INHERIT_ACE),
      "user entry with flags");

  acl = parse ("u:0:r::allow g:0:w::deny", NULL);
  check_print (acl, 0, "user:root:r::allow\ngroup:root:w::deny\n",
	       "ids printed as names");
  check_print (acl, NUMERIC, "user:0:r::allow\ngroup:0:w::deny\n",
	       "NUMERIC_IDS prints numbers");
  richacl_free (acl);

  snprintf (text, sizeof text, "u:%u:r::allow g:%u:w::deny",
	    (unsigned) nobody_uid, (unsigned) nobody_gid);
  snprintf (want, sizeof want, "user:%u:r::allow\ngroup:%u:w::deny\n",
	    (unsigned) nobody_uid, (unsigned) nobody_gid);
  check_reprint (text, 0, want, "ids without a name print as numbers");

  /* An unmapped who is printed as it is. */
  {
    char who1[] = "alice@example.com", who2[] = "staff@example.com";
    struct richace aces[2];

    aces[0] = user (ALLOW, RICHACE_UNMAPPED_WHO, R, 0);
    aces[0].e_who = who1;
    aces[1] = group (DENY, RICHACE_UNMAPPED_WHO, W, 0);
    aces[1].e_who = who2;
    acl = acl_make (0, 0, 0, 0, 2, aces);
    check_print (acl, ALIGN, "  user:alice@example.com:r---------------"
		 "::allow\n group:staff@example.com:-w--------------::deny\n",
		 "unmapped who printed as user:/group: STRING");
    /* e_who belongs to the arrays above, not to the ACL. */
    free (acl);
  }

  /* A special id beyond everyone@ has no text form. */
  ace = special (ALLOW, 0, R, 3);
  acl = acl_make (0, 0, 0, 0, 1, &ace);
  errno = 0;
  {
    char *text3 = richacl_to_text (acl, 0);

    ok (!text3 && errno == EINVAL, "special id 3: to_text fails, EINVAL");
    free (text3);
  }
  richacl_free (acl);
}

static void
test_separators (void)
{
  struct richacl *acl;
  int given = -1;

  acl = parse ("owner@:r::allow,group@:w::allow  everyone@:x::allow\n"
	       "\tuser:0:p::deny\r\n,,, g:0:D::deny\n", &given);
  ok (acl && acl->a_count == 5, "commas, spaces, tabs, CRLF, newlines");
  ok (acl && acl->a_entries[3].e_mask == P
      && acl->a_entries[3].e_type == DENY
      && acl->a_entries[4].e_flags == GROUP_ID, "entries in order");
  ok (given == 0, "no special lines: given is 0");
  richacl_free (acl);

  acl = parse ("# a comment\nowner@:r::allow # trailing comment: yes\n"
	       "#group@:w::allow\n  # indented\neveryone@:x::allow#tight", NULL);
  ok (acl && acl->a_count == 2 && acl->a_entries[1].e_mask == X,
      "comments run to the end of the line");
  richacl_free (acl);

  acl = parse ("", NULL);
  ok (acl && acl->a_count == 0 && error_calls == 0, "empty text: no entries");
  richacl_free (acl);
  acl = parse ("  \n, # nothing\n", NULL);
  ok (acl && acl->a_count == 0, "only separators and comments");
  richacl_free (acl);

  acl = parse ("OWNER:rw::MASK group:r::mask Other:::Mask", &given);
  ok (acl && acl->a_owner_mask == (R | W) && acl->a_group_mask == R
      && acl->a_other_mask == 0 && acl->a_count == 0,
      "mask lines, any case");
  ok (given == (RICHACL_TEXT_OWNER_MASK | RICHACL_TEXT_GROUP_MASK
		| RICHACL_TEXT_OTHER_MASK), "given has the three masks");
  richacl_free (acl);
  acl = parse ("group:r::mask", &given);
  ok (acl && given == RICHACL_TEXT_GROUP_MASK && acl->a_group_mask == R,
      "given has only the mask that was there");
  richacl_free (acl);
  acl = parse ("owner@:R::ALLOW group@:w::Deny", NULL);
  ok (acl && acl->a_entries[0].e_type == ALLOW
      && acl->a_entries[1].e_type == DENY, "types in any case");
  richacl_free (acl);
  acl = richacl_from_text ("owner@:r::allow", NULL, NULL);
  ok (acl && acl->a_count == 1, "given and callback may be NULL");
  richacl_free (acl);
}

static void
test_name_line (void)
{
  struct richacl *acl;

  acl = parse ("f:\nowner@:r::allow\n", NULL);
  ok (acl && acl->a_count == 1, "first line 'f:' is skipped");
  richacl_free (acl);
  acl = parse ("\n  \n# comment\nmy file.txt:  \n owner@:r::allow\n", NULL);
  ok (acl && acl->a_count == 1,
      "name line after blank and comment lines, with spaces");
  richacl_free (acl);
  acl = parse ("a#b:\nowner@:r::allow\n", NULL);
  ok (acl && acl->a_count == 1, "a name with a '#' in it");
  richacl_free (acl);
  acl = parse ("flags:\n owner@:r::allow\n", NULL);
  ok (acl && acl->a_count == 1 && error_calls == 0,
      "a file named 'flags' is a name line");
  richacl_free (acl);
  acl = parse ("owner@:r::allow # note:\ngroup@:w::allow\n", NULL);
  ok (acl && acl->a_count == 2,
      "a valid entry whose comment ends with ':' is kept");
  richacl_free (acl);
  acl = parse ("d:", NULL);
  ok (acl && acl->a_count == 0, "only a name line");
  richacl_free (acl);
  check_error ("owner@:r::allow\nf:\n", "f:", "name line not first");
  check_error ("f: owner@:r::allow", "f:", "name and entry on one line");
}

static void
test_alignment (void)
{
  struct richace aces[] = {
    special (ALLOW, 0, R | W | P | X, 0),
    user (DENY, 0, W, 2000),
  };
  struct richacl *acl = acl_make (0, 0, 0, 0, 2, aces);

  check_print (acl, ALIGN | NUMERIC,
	       "    owner@:rwpx------------::allow\n"
	       " user:2000:-w--------------::deny\n",
	       "who right-justified to the longest plus one");
  check_print (acl, ALIGN | SIMPLIFY | NUMERIC,
	       "    owner@:rwpx---------::allow\n"
	       " user:2000:-w-----------::deny\n", "13 columns simplified");
  check_print (acl, NUMERIC, "owner@:rwpx::allow\nuser:2000:w::deny\n",
	       "unaligned: no padding at all");
  check_print (acl, ALIGN | LONG | FILE_CTX | NUMERIC,
	       "    owner@:read_data/write_data/append_data/execute::allow\n"
	       " user:2000:write_data::deny\n",
	       "long form aligned: who only");
  richacl_free (acl);

  acl = acl_make (0, R, 0, 0, 1, aces);
  check_print (acl, ALIGN | MASKS,
	       "  owner:r---------------::mask\n"
	       "  group:----------------::mask\n"
	       "  other:----------------::mask\n"
	       " owner@:rwpx------------::allow\n",
	       "mask lines share the who column");
  check_print (acl, MASKS | SIMPLIFY,
	       "owner:r::mask\ngroup:::mask\nother:::mask\nowner@:rwpx::allow\n",
	       "mask lines unaligned");
  richacl_free (acl);

  acl = acl_make (0, 0, 0, 0, 0, NULL);
  check_print (acl, ALIGN | MASKS,
	       " owner:----------------::mask\n"
	       " group:----------------::mask\n"
	       " other:----------------::mask\n",
	       "at least 6 wide with masks shown");
  check_print (acl, ALIGN, "", "empty ACL prints nothing");
  richacl_free (acl);

  acl = acl_make (RICHACL_MASKED, RICHACE_POSIX_ALWAYS_ALLOWED | R, 0, 0,
		  0, NULL);
  check_print (acl, ALIGN | MASKS | SIMPLIFY,
	       " flags:m\n"
	       " owner:r------------::mask\n"
	       " group:-------------::mask\n"
	       " other:-------------::mask\n",
	       "SIMPLIFY applies to mask lines too");
  richacl_free (acl);
}

static void
test_unknown_bits (void)
{
  struct richace aces[] = {
    special (ALLOW, 0, 0x800, 0),
    special (ALLOW, RICHACE_FILE_INHERIT_ACE | 0x100, R | 0x80000000, 1),
    special (2, 0, R, 2),
  };
  struct richacl *acl = acl_make (RICHACL_MASKED | 0x20, 0x800, 0, 0, 3,
				  aces), *back;
  int given;

  check_print (acl, FILE_CTX,
	       "flags:m/0x20\n"
	       "owner@:0x800::allow\n"
	       "group@:r/0x80000000:f/0x100:allow\n"
	       "everyone@:r::0x2\n", "unknown bits as hex, unaligned");
  check_print (acl, ALIGN | MASKS | FILE_CTX,
	       "     flags:m/0x20\n"
	       "     owner:----------------/0x800::mask\n"
	       "     group:----------------::mask\n"
	       "     other:----------------::mask\n"
	       "    owner@:----------------/0x800::allow\n"
	       "    group@:r---------------/0x80000000:f/0x100:allow\n"
	       " everyone@:r---------------::0x2\n",
	       "unknown bits as hex, aligned");
  check_print (acl, LONG | FILE_CTX,
	       "flags:masked/0x20\n"
	       "owner@:0x800::allow\n"
	       "group@:read_data/0x80000000:file_inherit/0x100:allow\n"
	       "everyone@:read_data::0x2\n", "unknown bits as hex, long");
  check_mask_text (0x800 | R, SIMPLIFY, "r/0x800",
		   "mask_to_text with an unknown bit");
  {
    char *text = richacl_to_text (acl, ALIGN | MASKS | LONG);

    back = text ? parse (text, &given) : NULL;
    ok (back && !richacl_compare (acl, back)
	&& given == (RICHACL_TEXT_FLAGS | RICHACL_TEXT_OWNER_MASK
		     | RICHACL_TEXT_GROUP_MASK | RICHACL_TEXT_OTHER_MASK),
	"unknown bits round trip");
    richacl_free (back);
    free (text);
  }
  richacl_free (acl);

  ok (parse_mask ("0x1/0X20") == (R | X), "hex masks, either 0x or 0X");
  ok (parse_mask ("0xFFFFFFFF") == 0xffffffff, "the largest hex mask");
  ok (parse_ace_flags ("0x1") == RICHACE_FILE_INHERIT_ACE,
      "hex entry flags");
  ok (parse_acl_flags ("0x80", NULL) == RICHACL_MASKED, "hex ACL flags");
}

static void
test_errors (void)
{
  check_error ("alice:r::allow", "alice", "invalid who");
  check_error ("owner:r::allow", "allow", "mask line with an entry type");
  check_error ("nobody@:r::allow", "nobody@", "unknown special who");
  check_error ("owner@:rz::allow", "rz", "invalid permission letter");
  check_error ("owner@:r/read_dat::allow", "read_dat",
	       "invalid permission name");
  check_error ("owner@:0x100000000::allow", "0x100000000",
	       "hex mask out of range");
  check_error ("owner@:0x::allow", "0x", "empty hex number");
  check_error ("owner@:r:fz:allow", "fz", "invalid entry flag");
  check_error ("owner@:r:F:allow", "F", "entry flag letters are case-sensitive");
  check_error ("owner@:r:0x4000:allow", "0x4000",
	       "hex entry flag naming the who kind");
  check_error ("owner@:r:0x10000:allow", "0x10000",
	       "hex entry flag out of range");
  check_error ("flags:mx", "mx", "invalid ACL flag");
  check_error ("flags:0x100", "0x100", "hex ACL flag out of range");
  check_error ("owner@:r::permit", "permit", "invalid type");
  check_error ("owner@:r:: group@:r::allow", "", "empty type");
  check_error ("owner@:r::mask", "mask", "mask type on an entry");
  check_error ("owner@:r:allow", "owner@:r:allow", "missing field");
  check_error ("owner@", "owner@", "who alone");
  check_error ("u:0:r:allow", "u:0:r:allow", "missing field, user entry");
  check_error ("owner@:r::allow:x", "x", "too many fields");
  check_error ("flags:m:w", "w", "too many fields in flags");
  check_error ("owner:r:f:mask", "f", "flags on a mask line");
  check_error ("other:r:mask", "other:r:mask", "missing field, mask line");
  check_error ("user:no-such-user-xyzzy:r::allow", "no-such-user-xyzzy",
	       "unknown user");
  check_error ("group:no-such-group-xyzzy:r::allow", "no-such-group-xyzzy",
	       "unknown group");
  check_error ("user:4294967295:r::allow", "4294967295",
	       "uid -1 is not an id");
  check_error ("user:99999999999:r::allow", "99999999999",
	       "uid out of range");
  check_error ("u::r::allow", "u::r::allow", "empty user name");
  check_error ("owner@:r::allow group@:x::allow bad", "bad",
	       "error after good entries");
  check_error ("owner@:r::allow\n\nuser:0:r:q:allow\n", "q",
	       "error on a later line");
}

/* SPEC section 8, byte for byte. */
static void
test_spec_examples (void)
{
  struct richace f_aces[] = {
    special (ALLOW, 0, R | W | P | X, 0),
    special (ALLOW, 0, R | X, 1),
    user (DENY, 0, W, 2000),
    special (ALLOW, 0, R, 2),
  };
  struct richacl *acl = acl_make (0, R | W | P | X, R | X, R, 4, f_aces);

  check_print (acl, VIEW_DEFAULT | FILE_CTX | NUMERIC,
	       "    owner@:rwpx---------::allow\n"
	       "    group@:r--x---------::allow\n"
	       " user:2000:-w-----------::deny\n"
	       " everyone@:r------------::allow\n",
	       "SPEC 8: getrichacl --numeric-ids f");
  check_print (acl, VIEW_RAW | FILE_CTX | NUMERIC,
	       "     owner:rwpx------------::mask\n"
	       "     group:r--x------------::mask\n"
	       "     other:r---------------::mask\n"
	       "    owner@:rwpx------------::allow\n"
	       "    group@:r--x------------::allow\n"
	       " user:2000:-w--------------::deny\n"
	       " everyone@:r---------------::allow\n",
	       "SPEC 8: getrichacl --numeric-ids --raw f");
  check_print (acl, (VIEW_DEFAULT & ~ALIGN) | LONG | FILE_CTX | NUMERIC,
	       "owner@:read_data/write_data/append_data/execute::allow\n"
	       "group@:read_data/execute::allow\n"
	       "user:2000:write_data::deny\n"
	       "everyone@:read_data::allow\n",
	       "SPEC 8: getrichacl --numeric-ids --long --unaligned f");
  richacl_free (acl);

  /* The --set text of the example gives the same entries. */
  {
    struct richacl *set = parse ("owner@:rwpx::allow group@:rx::allow\n"
				 "user:2000:w::deny everyone@:r::allow",
				 NULL);

    acl = acl_make (0, 0, 0, 0, 4, f_aces);
    ok (set && !richacl_compare (set, acl), "SPEC 8: the --set text");
    richacl_free (set);
    richacl_free (acl);
  }

  {
    struct richace d_aces[] = {
      special (ALLOW, 0, R | W | P | X | D_CHILD, 0),
      special (ALLOW, 0, R | X, 1),
    };

    acl = acl_make (0, 0, 0, 0, 2, d_aces);
    check_print (acl, VIEW_DEFAULT | DIR_CTX,
		 " owner@:rwpxd--------::allow\n"
		 " group@:r--x---------::allow\n",
		 "SPEC 8: directory d of mode 0750");
    richacl_free (acl);
  }
  {
    struct richace g_aces[] = {
      special (ALLOW, 0, R | W | P, 0),
      special (DENY, 0, R, 1),
      special (ALLOW, 0, R, 2),
    };

    acl = acl_make (0, 0, 0, 0, 3, g_aces);
    check_print (acl, VIEW_DEFAULT | FILE_CTX,
		 "    owner@:rwp----------::allow\n"
		 "    group@:r------------::deny\n"
		 " everyone@:r------------::allow\n",
		 "SPEC 8: file g of mode 0604");
    richacl_free (acl);
  }
  {
    static const char raw[] =
      "     flags:mw\n"
      "     owner:rwpx-------Co---::mask\n"
      "     group:r--x------------::mask\n"
      "     other:----------------::mask\n"
      "    owner@:rwpx------------::allow\n"
      "    group@:rw-x------------::allow\n"
      " everyone@:rw-x------------::allow\n";
    struct richace m_aces[] = {
      special (ALLOW, 0, R | W | P | X, 0),
      special (ALLOW, 0, R | W | X, 1),
      special (ALLOW, 0, R | W | X, 2),
    };
    struct richace v_aces[] = {
      special (ALLOW, 0, R | W | P | X | WACL | WOWNER, 0),
      special (ALLOW, 0, R | X, 1),
    };
    struct richacl *back;
    int given;

    acl = acl_make (RICHACL_MASKED | RICHACL_WRITE_THROUGH,
		    R | W | P | X | WACL | WOWNER, R | X, 0, 3, m_aces);
    check_print (acl, VIEW_RAW | FILE_CTX, raw,
		 "SPEC 8: masked, write_through, raw");
    back = parse (raw, &given);
    ok (back && !richacl_compare (acl, back)
	&& given == (RICHACL_TEXT_FLAGS | RICHACL_TEXT_OWNER_MASK
		     | RICHACL_TEXT_GROUP_MASK | RICHACL_TEXT_OTHER_MASK),
	"SPEC 8: the raw output parses back, all given");
    richacl_free (back);
    richacl_free (acl);

    acl = acl_make (0, 0, 0, 0, 2, v_aces);
    check_print (acl, VIEW_DEFAULT | FILE_CTX,
		 " owner@:rwpx-----Co--::allow\n"
		 " group@:r--x---------::allow\n",
		 "SPEC 8: masked, write_through, default view");
    richacl_free (acl);
  }
  {
    struct richacl *back = parse ("f:\n"
				  "    owner@:rwpx---------::allow\n"
				  "    group@:r--x---------::allow\n"
				  " user:2000:-w-----------::deny\n"
				  " everyone@:r------------::allow\n", NULL);

    acl = acl_make (0, 0, 0, 0, 4, f_aces);
    ok (back && !richacl_compare (acl, back),
	"SPEC 8: getrichacl output with its name line parses back");
    richacl_free (back);
    richacl_free (acl);
  }
}

/* ---- random ACLs -------------------------------------------------------- */

/* rand() gives at least 15 bits. */
static unsigned int
random_bits (void)
{
  return ((unsigned int) rand () << 30) ^ ((unsigned int) rand () << 15)
	 ^ (unsigned int) rand ();
}

static unsigned int
random_mask (void)
{
  unsigned int mask = random_bits () & RICHACE_VALID_MASK;

  if (rand () % 8 == 0)
    mask |= random_bits ();	/* sometimes bits without a name */
  return mask;
}

/*
 * A random ACL.  With @named_ids false, any id; otherwise only ids that
 * print as something that parses back to them: root, or ids without a name.
 */
static struct richacl *
random_acl (int named_ids)
{
  int count = rand () % 12, n;
  struct richacl *acl = richacl_alloc (count);

  if (!acl)
    return NULL;
  acl->a_flags = rand () % 4 ? random_bits () & RICHACL_VALID_FLAGS
			     : random_bits () & 0xff;
  acl->a_owner_mask = random_mask ();
  acl->a_group_mask = random_mask ();
  acl->a_other_mask = random_mask ();
  for (n = 0; n < count; n++)
    {
      struct richace *ace = &acl->a_entries[n];
      int kind = rand () % 5;

      ace->e_type = rand () % 16 ? (unsigned int) rand () % 2
				   : random_bits () & 0xffff;
      ace->e_flags = random_bits () & RICHACE_INHERITANCE_FLAGS;
      if (rand () % 16 == 0)
	ace->e_flags |= random_bits () & 0xffff
			& ~(SPECIAL | GROUP_ID | RICHACE_UNMAPPED_WHO);
      ace->e_mask = random_mask ();
      if (kind < 3)
	{
	  ace->e_flags |= SPECIAL;
	  ace->e_id = kind;
	}
      else
	{
	  if (kind == 4)
	    ace->e_flags |= GROUP_ID;
	  if (!named_ids)
	    ace->e_id = random_bits () % 0xffffffffu;
	  else
	    ace->e_id = rand () % 2 ? 0 : 3000000 + rand () % 1000;
	}
    }
  return acl;
}

static void
test_random_round_trips (void)
{
  const unsigned int base = 20160501;
  const int rounds = 12000;
  int failures = 0, masks_failures = 0, entries_failures = 0, i;

  for (i = 0; i < rounds; i++)
    {
      static const int contexts[] = { 0, FILE_CTX, DIR_CTX,
				      FILE_CTX | DIR_CTX };
      unsigned int seed = base + i;
      struct richacl *acl, *back;
      int flags, named, given, want_given;
      char *text;

      srand (seed);
      flags = MASKS | contexts[rand () % 4];
      if (rand () % 2)
	flags |= LONG;
      if (rand () % 2)
	flags |= ALIGN;
      named = rand () % 8 == 0;
      if (!named)
	flags |= NUMERIC;
      acl = random_acl (named);
      text = acl ? richacl_to_text (acl, flags) : NULL;
      back = text ? parse (text, &given) : NULL;
      want_given = RICHACL_TEXT_OWNER_MASK | RICHACL_TEXT_GROUP_MASK
		   | RICHACL_TEXT_OTHER_MASK
		   | (acl && acl->a_flags ? RICHACL_TEXT_FLAGS : 0);
      if (!back || richacl_compare (acl, back))
	{
	  if (failures++ < 3)
	    diag ("seed %u flags %d: round trip failed (%s):\n%s", seed,
		  flags, error_message, text ? text : "(null)");
	}
      else if (given != want_given && masks_failures++ < 3)
	diag ("seed %u: given %d, want %d", seed, given, want_given);
      free (text);
      richacl_free (back);

      /* Without SHOW_MASKS the entries and flags still round trip. */
      if (acl)
	{
	  text = richacl_to_text (acl, flags & ~MASKS);
	  back = text ? parse (text, &given) : NULL;
	  acl->a_owner_mask = acl->a_group_mask = acl->a_other_mask = 0;
	  if (!back || richacl_compare (acl, back)
	      || given != (acl->a_flags ? RICHACL_TEXT_FLAGS : 0))
	    {
	      if (entries_failures++ < 3)
		diag ("seed %u flags %d: entries round trip failed:\n%s",
		      seed, flags & ~MASKS, text ? text : "(null)");
	    }
	  free (text);
	  richacl_free (back);
	}
      richacl_free (acl);
    }
  ok (failures == 0, "%d random ACLs round trip with SHOW_MASKS (seeds %u..)",
      rounds, base);
  ok (masks_failures == 0, "given reports masks and flags that were shown");
  ok (entries_failures == 0, "entries and flags round trip without masks");
}

/*
 * Mutated text: whatever the parser makes of it, it either succeeds
 * silently or fails with EINVAL and exactly one message of one line.
 */
static void
test_random_mutations (void)
{
  const unsigned int base = 777;
  static const char alphabet[] = "rwpxdDaARWcCoSeEfnim:/,# \n-@0x9gu";
  int i, bad = 0;

  for (i = 0; i < 10000; i++)
    {
      unsigned int seed = base + i;
      struct richacl *acl, *back;
      char *text;
      size_t len;
      int k, saved;

      srand (seed);
      acl = random_acl (0);
      text = acl ? richacl_to_text (acl, MASKS | NUMERIC
				    | (rand () % 2 ? LONG : ALIGN)) : NULL;
      len = text ? strlen (text) : 0;
      for (k = 0; len && k < 1 + rand () % 3; k++)
	text[rand () % len] = alphabet[rand () % (sizeof alphabet - 1)];
      errno = 0;
      back = text ? parse (text, NULL) : NULL;
      saved = errno;
      if (text && (back ? error_calls != 0
		   : saved != EINVAL || error_calls != 1
		     || strchr (error_message, '\n')))
	{
	  if (bad++ < 3)
	    diag ("seed %u: errno %d, %d calls, '%s' for:\n%s", seed, saved,
		  error_calls, error_message, text);
	}
      free (text);
      richacl_free (back);
      richacl_free (acl);
    }
  ok (bad == 0, "10000 mutated texts: success, or EINVAL and one message");
}

/* ---- size and speed ----------------------------------------------------- */

static double
seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
test_large (void)
{
  const size_t big = 1 << 20;
  struct richacl *acl, *back;
  char *text, *line;
  double start, elapsed;
  int n, rounds;
  size_t aces = 0;

  acl = richacl_alloc (5000);
  for (n = 0; acl && n < 5000; n++)
    {
      acl->a_entries[n].e_type = n % 2;
      acl->a_entries[n].e_flags = n % 3 ? GROUP_ID : 0;
      acl->a_entries[n].e_mask = n * 2654435761u & RICHACE_VALID_MASK;
      acl->a_entries[n].e_id = n;
    }
  start = seconds ();
  for (rounds = 0; rounds < 40 && acl; rounds++)
    {
      text = richacl_to_text (acl, ALIGN | MASKS | NUMERIC);
      back = text ? parse (text, NULL) : NULL;
      if (!back || richacl_compare (acl, back))
	rounds = 1000;
      aces += 5000;
      free (text);
      richacl_free (back);
    }
  elapsed = seconds () - start;
  ok (rounds == 40, "a 5000-entry ACL round trips");
  diag ("parse+print: %.0f entries/s", aces / (elapsed ? elapsed : 1e-9));
  ok (elapsed < 5, "40 round trips of 5000 entries in %.3f s", elapsed);
  richacl_free (acl);

  /* One line of 1 MiB: entries separated by commas. */
  line = malloc (big + 32);
  if (line)
    {
      static const char entry[] = "everyone@:rwx::allow,";
      size_t len = 0;

      while (len + sizeof entry < big)
	{
	  memcpy (line + len, entry, sizeof entry - 1);
	  len += sizeof entry - 1;
	}
      line[len] = '\0';
      start = seconds ();
      acl = parse (line, NULL);
      elapsed = seconds () - start;
      ok (acl && acl->a_count == len / (sizeof entry - 1),
	  "a 1 MiB line of %zu entries", len / (sizeof entry - 1));
      ok (elapsed < 2, "parsed in %.3f s", elapsed);
      richacl_free (acl);

      /* One entry of 1 MiB: a mask of dashes. */
      memcpy (line, "owner@:", 7);
      memset (line + 7, '-', big);
      strcpy (line + 7 + big, "::allow");
      start = seconds ();
      acl = parse (line, NULL);
      elapsed = seconds () - start;
      ok (acl && acl->a_count == 1 && acl->a_entries[0].e_mask == 0
	  && elapsed < 2, "a 1 MiB entry (%.3f s)", elapsed);
      richacl_free (acl);

      /* One entry too many for a_count. */
      len = 0;
      for (n = 0; n < 65535; n++)
	{
	  memcpy (line + len, "owner@:::allow,", 15);
	  len += 15;
	}
      strcpy (line + len, "group@:::allow");
      check_error (line, "group@:::allow", "65536 entries");
      free (line);
    }
}

/* ---- the process-wide name cache ---------------------------------------- */

/*
 * The cache of user and group names in richacl_to_text and
 * richacl_from_text (SPEC section 6 leaves it unseen): this program
 * defines getpwuid_r, getgrgid_r, getpwnam_r and getgrnam_r, which the
 * library's calls bind to, so that the tests can count what reaches the
 * database.  A fake database serves the users ncuN and groups ncgN with
 * ids FAKE_ID + N (N < FAKE_COUNT); the ids from FAKE_NONE_ID up and the
 * names starting with "ncx" are known to it and have no entry; everything
 * else goes to the real functions (dlsym RTLD_NEXT: the NSS modules call
 * these too, so the real ones must be reentered, never the non-reentrant
 * getpwuid and friends).
 */
#include <dlfcn.h>
#include <pthread.h>

#define FAKE_ID 2000000000u
#define FAKE_COUNT 1000000u
#define FAKE_NONE_ID 2100000000u
#define FAKE_FAIL_ID 2200000000u	/* fails once with EIO, then has a name */

static pthread_mutex_t fake_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long fake_queries;	/* what reached the fake database */
static unsigned long fake_counts[2][64];	/* per id (or name) mod 64 */
static int fake_fail_pending = 1;

static void
fake_count (int is_group, unsigned long key)
{
  pthread_mutex_lock (&fake_lock);
  fake_queries++;
  fake_counts[is_group][key % 64]++;
  pthread_mutex_unlock (&fake_lock);
}

static unsigned long
fake_count_of (int is_group, unsigned long key)
{
  unsigned long n;

  pthread_mutex_lock (&fake_lock);
  n = fake_counts[is_group][key % 64];
  pthread_mutex_unlock (&fake_lock);
  return n;
}

static unsigned long
fake_total (void)
{
  unsigned long n;

  pthread_mutex_lock (&fake_lock);
  n = fake_queries;
  pthread_mutex_unlock (&fake_lock);
  return n;
}

/* The fake number of a name "ncuN"/"ncgN" (1), a name "ncx..." (0), or -1. */
static int
fake_name (const char *name, int is_group, unsigned long *n)
{
  char *end;

  if (!strncmp (name, "ncx", 3))
    return 0;
  if (strncmp (name, is_group ? "ncg" : "ncu", 3) || !name[3])
    return -1;
  errno = 0;
  *n = strtoul (name + 3, &end, 10);
  if (*end || errno || *n >= FAKE_COUNT)
    return -1;
  return 1;
}

/* Copy @name and @id into the caller's buffer like the real functions. */
static int
fake_fill (const char *name, id_t id, int is_group, void *entry, char *buf,
	   size_t size, void **result)
{
  if (strlen (name) + 1 > size)
    return ERANGE;
  strcpy (buf, name);
  if (is_group)
    {
      struct group *gr = entry;

      memset (gr, 0, sizeof *gr);
      gr->gr_name = buf;
      gr->gr_gid = id;
    }
  else
    {
      struct passwd *pw = entry;

      memset (pw, 0, sizeof *pw);
      pw->pw_name = buf;
      pw->pw_uid = id;
    }
  *result = entry;
  return 0;
}

static int
fake_by_id (id_t id, int is_group, void *entry, char *buf, size_t size,
	    void **result)
{
  char name[64];
  int err;

  *result = NULL;
  if (id >= FAKE_ID && id < FAKE_ID + FAKE_COUNT)
    {
      fake_count (is_group, id);
      snprintf (name, sizeof name, "%s%lu", is_group ? "ncg" : "ncu",
		(unsigned long) (id - FAKE_ID));
      return fake_fill (name, id, is_group, entry, buf, size, result);
    }
  if (id >= FAKE_NONE_ID && id < FAKE_NONE_ID + FAKE_COUNT)
    {
      fake_count (is_group, id);
      return 0;
    }
  if (id == FAKE_FAIL_ID)
    {
      fake_count (is_group, id);
      pthread_mutex_lock (&fake_lock);
      err = fake_fail_pending;
      fake_fail_pending = 0;
      pthread_mutex_unlock (&fake_lock);
      if (err)
	return EIO;
      return fake_fill (is_group ? "ncgfail" : "ncufail", id, is_group,
			entry, buf, size, result);
    }
  if (is_group)
    {
      int (*real) (gid_t, struct group *, char *, size_t, struct group **)
	= (int (*) (gid_t, struct group *, char *, size_t, struct group **))
	dlsym (RTLD_NEXT, "getgrgid_r");

      return real ? real (id, entry, buf, size, (struct group **) result)
		  : ENOSYS;
    }
  else
    {
      int (*real) (uid_t, struct passwd *, char *, size_t,
		   struct passwd **)
	= (int (*) (uid_t, struct passwd *, char *, size_t,
		    struct passwd **)) dlsym (RTLD_NEXT, "getpwuid_r");

      return real ? real (id, entry, buf, size, (struct passwd **) result)
		  : ENOSYS;
    }
}

static int
fake_by_name (const char *name, int is_group, void *entry, char *buf,
	      size_t size, void **result)
{
  unsigned long n;
  int kind = fake_name (name, is_group, &n);

  *result = NULL;
  if (kind == 1)
    {
      fake_count (is_group, n);
      return fake_fill (name, FAKE_ID + n, is_group, entry, buf, size,
			result);
    }
  if (kind == 0)
    {
      fake_count (is_group, strlen (name));
      return 0;
    }
  if (!strncmp (name, "ncm", 3))
    {
      /* The NSS module ran out of memory. */
      fake_count (is_group, strlen (name));
      return ENOMEM;
    }
  if (is_group)
    {
      int (*real) (const char *, struct group *, char *, size_t,
		   struct group **)
	= (int (*) (const char *, struct group *, char *, size_t,
		    struct group **)) dlsym (RTLD_NEXT, "getgrnam_r");

      return real ? real (name, entry, buf, size, (struct group **) result)
		  : ENOSYS;
    }
  else
    {
      int (*real) (const char *, struct passwd *, char *, size_t,
		   struct passwd **)
	= (int (*) (const char *, struct passwd *, char *, size_t,
		    struct passwd **)) dlsym (RTLD_NEXT, "getpwnam_r");

      return real ? real (name, entry, buf, size, (struct passwd **) result)
		  : ENOSYS;
    }
}

int
getpwuid_r (uid_t uid, struct passwd *pw, char *buf, size_t size,
	    struct passwd **result)
{
  return fake_by_id (uid, 0, pw, buf, size, (void **) result);
}

int
getgrgid_r (gid_t gid, struct group *gr, char *buf, size_t size,
	    struct group **result)
{
  return fake_by_id (gid, 1, gr, buf, size, (void **) result);
}

int
getpwnam_r (const char *name, struct passwd *pw, char *buf, size_t size,
	    struct passwd **result)
{
  return fake_by_name (name, 0, pw, buf, size, (void **) result);
}

int
getgrnam_r (const char *name, struct group *gr, char *buf, size_t size,
	    struct group **result)
{
  return fake_by_name (name, 1, gr, buf, size, (void **) result);
}

/* The text of a one-entry ACL for @id, printed on its own. */
static char *
print_id (id_t id, int is_group)
{
  struct richace ace = { ALLOW, is_group ? GROUP_ID : 0, R, { id } };
  struct richacl *acl = acl_make (0, 0, 0, 0, 1, &ace);
  char *text = acl ? richacl_to_text (acl, 0) : NULL;

  richacl_free (acl);
  return text;
}

/* Is @text the one-entry ACL of "user:"/"group:" @who? */
static int
printed_as (const char *text, int is_group, const char *who)
{
  char want[96];

  snprintf (want, sizeof want, "%s:%s:r::allow\n",
	    is_group ? "group" : "user", who);
  return text && !strcmp (text, want);
}

/* Parse "user:NAME:r::allow" on its own: the id, or (id_t) -1. */
static id_t
parse_name (const char *name, int is_group)
{
  char text[96];
  struct richacl *acl;
  id_t id = (id_t) -1;

  snprintf (text, sizeof text, "%s:%s:r::allow", is_group ? "g" : "u", name);
  acl = richacl_from_text (text, NULL, NULL);
  if (acl && acl->a_count == 1)
    id = acl->a_entries[0].e_id;
  richacl_free (acl);
  return id;
}

#define CACHE_THREADS 4
#define CACHE_ROUNDS 3000

/* Each thread prints and parses ids and names of a set larger than the
   cache, found and not, and counts the wrong answers. */
static void *
cache_worker (void *arg)
{
  unsigned long seed = (unsigned long) (size_t) arg, wrong = 0;
  struct rng rng;
  int round;

  rng_init (&rng, seed);
  for (round = 0; round < CACHE_ROUNDS; round++)
    {
      unsigned int n = 100 + rng_below (&rng, 600);
      int is_group = rng_below (&rng, 2), kind = rng_below (&rng, 3);
      char who[64], *text;

      if (kind == 0)
	{
	  snprintf (who, sizeof who, "%s%u", is_group ? "ncg" : "ncu", n);
	  text = print_id (FAKE_ID + n, is_group);
	  if (!printed_as (text, is_group, who))
	    wrong++;
	  free (text);
	}
      else if (kind == 1)
	{
	  snprintf (who, sizeof who, "%u", FAKE_NONE_ID + n);
	  text = print_id (FAKE_NONE_ID + n, is_group);
	  if (!printed_as (text, is_group, who))
	    wrong++;
	  free (text);
	}
      else
	{
	  snprintf (who, sizeof who, "%s%u", is_group ? "ncg" : "ncu", n);
	  if (parse_name (who, is_group) != FAKE_ID + n)
	    wrong++;
	}
    }
  return (void *) wrong;
}

static void
test_name_cache (void)
{
  pthread_t threads[CACHE_THREADS];
  unsigned long before, wrong = 0, n;
  char *text;
  int i, all_right, started = 0;

  /* Found, printed three times: one database query. */
  before = fake_count_of (0, FAKE_ID + 1);
  all_right = 1;
  for (i = 0; i < 3; i++)
    {
      text = print_id (FAKE_ID + 1, 0);
      all_right &= printed_as (text, 0, "ncu1");
      free (text);
    }
  ok (all_right && fake_count_of (0, FAKE_ID + 1) == before + 1,
      "name cache: a uid printed 3 times is looked up once");

  before = fake_count_of (1, FAKE_ID + 1);
  all_right = 1;
  for (i = 0; i < 3; i++)
    {
      text = print_id (FAKE_ID + 1, 1);
      all_right &= printed_as (text, 1, "ncg1");
      free (text);
    }
  ok (all_right && fake_count_of (1, FAKE_ID + 1) == before + 1,
      "name cache: a gid printed 3 times is looked up once, apart from "
      "the uid of the same number");

  /* Not found: negative answers are cached too. */
  before = fake_count_of (0, FAKE_NONE_ID + 2);
  all_right = 1;
  for (i = 0; i < 3; i++)
    {
      text = print_id (FAKE_NONE_ID + 2, 0);
      all_right &= printed_as (text, 0, "2100000002");
      free (text);
    }
  ok (all_right && fake_count_of (0, FAKE_NONE_ID + 2) == before + 1,
      "name cache: a uid without a name, printed 3 times as a number, is "
      "looked up once");

  /* Names to ids. */
  before = fake_count_of (0, 3);
  all_right = 1;
  for (i = 0; i < 3; i++)
    all_right &= parse_name ("ncu3", 0) == FAKE_ID + 3;
  ok (all_right && fake_count_of (0, 3) == before + 1,
      "name cache: a user name parsed 3 times is looked up once");
  before = fake_count_of (1, 3);
  all_right = 1;
  for (i = 0; i < 3; i++)
    all_right &= parse_name ("ncg3", 1) == FAKE_ID + 3;
  ok (all_right && fake_count_of (1, 3) == before + 1,
      "name cache: a group name parsed 3 times is looked up once");

  before = fake_count_of (0, strlen ("ncx_nosuch_user"));
  all_right = 1;
  for (i = 0; i < 3; i++)
    {
      error_calls = 0;
      all_right &= parse_name ("ncx_nosuch_user", 0) == (id_t) -1;
    }
  ok (all_right
      && fake_count_of (0, strlen ("ncx_nosuch_user")) == before + 1,
      "name cache: an unknown user name, refused 3 times, is looked up "
      "once");

  /* Out of memory inside the database is ENOMEM, not "unknown user",
     and is not cached. */
  before = fake_count_of (0, strlen ("ncm_user"));
  all_right = 1;
  for (i = 0; i < 2; i++)
    {
      struct richacl *acl;

      errno = 0;
      acl = richacl_from_text ("u:ncm_user:r::allow", NULL, NULL);
      all_right &= !acl && errno == ENOMEM;
      richacl_free (acl);
    }
  ok (all_right && fake_count_of (0, strlen ("ncm_user")) == before + 2,
      "name cache: ENOMEM from getpwnam_r is ENOMEM, asked again each time");

  /* A failed lookup (the database could not be asked) is not cached. */
  text = print_id (FAKE_FAIL_ID, 0);
  ok (printed_as (text, 0, "2200000000"),
      "name cache: a failing lookup prints the number");
  free (text);
  text = print_id (FAKE_FAIL_ID, 0);
  ok (printed_as (text, 0, "ncufail"),
      "name cache: ... and is not cached: the next lookup finds the name");
  free (text);

  /* Bounded: after many other ids, the first is asked for again. */
  text = print_id (FAKE_ID + 5, 0);
  free (text);
  before = fake_total ();
  all_right = 1;
  for (n = 10; n < 5010; n++)
    {
      char who[32];

      snprintf (who, sizeof who, "ncu%lu", n);
      text = print_id (FAKE_ID + n, 0);
      all_right &= printed_as (text, 0, who);
      free (text);
    }
  ok (all_right && fake_total () == before + 5000,
      "name cache: 5000 distinct uids, each looked up once, all right");
  before = fake_count_of (0, FAKE_ID + 5);
  text = print_id (FAKE_ID + 5, 0);
  ok (printed_as (text, 0, "ncu5") && fake_count_of (0, FAKE_ID + 5)
      == before + 1, "name cache: bounded: an old uid was evicted");
  free (text);

  /* Threads: print and parse at once, more ids than the cache holds. */
  for (i = 0; i < CACHE_THREADS; i++)
    if (!pthread_create (&threads[i], NULL, cache_worker,
			 (void *) (size_t) (i + 1)))
      started++;
  for (i = 0; i < started; i++)
    {
      void *result;

      pthread_join (threads[i], &result);
      wrong += (unsigned long) (size_t) result;
    }
  ok (started == CACHE_THREADS && wrong == 0,
      "name cache: %d threads x %d lookups of 1200 ids and names: %lu wrong",
      started, CACHE_ROUNDS, wrong);
}

int
main (void)
{
  test_permissions ();
  test_flags ();
  test_who ();
  test_separators ();
  test_name_line ();
  test_alignment ();
  test_unknown_bits ();
  test_errors ();
  test_spec_examples ();
  test_random_round_trips ();
  test_random_mutations ();
  test_large ();
  test_name_cache ();
  return done_testing ();
}
