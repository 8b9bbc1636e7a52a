/*
 * richacl_text_parse.c - richacl_from_text.
 *
 * The syntax is that of SPEC section 6: entries `who:mask:flags:type`
 * separated by whitespace, commas or newlines, `#` comments, and the
 * special lines `flags:FLAGS` and `owner|group|other:MASK::mask`.  Anything
 * richacl_to_text prints parses back to the same ACL, including bits that
 * have no name (printed as hex numbers).
 *
 * The text is never copied: an entry and its fields are (pointer, length)
 * slices of the input, and error messages print them with "%.*s".  Entries
 * collect in an array that doubles when full, so parsing is linear in the
 * length of the text.
 */
#include "richacl_internal.h"
#include "richacl_text_names.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A piece of the input text. */
struct slice
{
  const char *s;
  size_t len;
};

/* The last name looked up, and its id (see parse_id). */
struct id_cache
{
  char *name;
  id_t id;
};

struct parser
{
  void (*error) (const char *, ...);
  struct richace *entries;
  size_t count, alloc;
  unsigned char flags;
  unsigned int owner_mask, group_mask, other_mask;
  int given;
  struct id_cache user, group;
  /* The entry being parsed, for error messages. */
  struct slice entry;
};

/* Report an error once; the parser gives up on the first one. */
#define parse_error(p, ...)					\
  do								\
    {								\
      if ((p)->error)						\
	(p)->error (__VA_ARGS__);				\
    }								\
  while (0)

/* A slice length as the int that a "%.*s" precision wants. */
static int
precision (size_t len)
{
  return len > INT_MAX ? INT_MAX : (int) len;
}

#define SLICE_ARG(sl) precision ((sl).len), (sl).s

static int
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v'
	 || c == '\f';
}

/* Characters that end an entry: separators and comments. */
static int
ends_entry (char c)
{
  return is_space (c) || c == ',' || c == '#';
}

static int
slice_is (struct slice sl, const char *word)
{
  size_t len = strlen (word);

  return sl.len == len && strncasecmp (sl.s, word, len) == 0;
}

/* The syntax error has been reported; tell the caller. */
static int
fail_einval (void)
{
  errno = EINVAL;
  return -1;
}

static int
fail_enomem (struct parser *p)
{
  parse_error (p, "%s", strerror (ENOMEM));
  errno = ENOMEM;
  return -1;
}

/*
 * A hex number "0x..." of at most @max, for the bits that have no name.
 * Returns 1 and sets *@value, or 0 when @sl is not such a number.
 */
static int
parse_hex (struct slice sl, unsigned long max, unsigned long *value)
{
  unsigned long v = 0;
  size_t i;

  if (sl.len < 3 || sl.s[0] != '0' || (sl.s[1] != 'x' && sl.s[1] != 'X'))
    return 0;
  for (i = 2; i < sl.len; i++)
    {
      char c = sl.s[i];
      int digit;

      if (c >= '0' && c <= '9')
	digit = c - '0';
      else if (c >= 'a' && c <= 'f')
	digit = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
	digit = c - 'A' + 10;
      else
	return 0;
      if (v > (max - digit) / 16)
	return 0;
      v = v * 16 + digit;
    }
  *value = v;
  return 1;
}

/* A decimal id.  (uid_t) -1 means "no id" to the kernel, so it is refused. */
static int
parse_decimal_id (struct slice sl, id_t *id)
{
  const unsigned long max = (id_t) -1 - 1;
  unsigned long v = 0;
  size_t i;

  if (!sl.len)
    return 0;
  for (i = 0; i < sl.len; i++)
    {
      int digit = sl.s[i] - '0';

      if (digit < 0 || digit > 9 || v > (max - digit) / 10)
	return 0;
      v = v * 10 + digit;
    }
  *id = v;
  return 1;
}

static int
is_all_digits (struct slice sl)
{
  size_t i;

  for (i = 0; i < sl.len; i++)
    if (sl.s[i] < '0' || sl.s[i] > '9')
      return 0;
  return sl.len != 0;
}

/*
 * Look up one piece of a '/'-separated field in @table: a long name (any
 * case, either context), a run of letters (case-sensitive) and '-', or a
 * hex number.  Returns 0 and ORs the bits into *@value, or -1.
 */
static int
parse_names (struct slice sl, const struct richacl_text_name *table,
	     size_t count, unsigned long max_hex, unsigned long *value)
{
  unsigned long bits = 0;
  size_t i, j;

  for (i = 0; i < count; i++)
    if (slice_is (sl, table[i].name)
	|| (table[i].dir_name && slice_is (sl, table[i].dir_name)))
      {
	*value |= table[i].bit;
	return 0;
      }
  if (parse_hex (sl, max_hex, &bits))
    {
      *value |= bits;
      return 0;
    }
  for (j = 0; j < sl.len; j++)
    {
      if (sl.s[j] == '-')
	continue;
      for (i = 0; i < count; i++)
	if (table[i].letter == sl.s[j])
	  break;
      if (i == count)
	return -1;
      bits |= table[i].bit;
    }
  *value |= bits;
  return 0;
}

/*
 * A mask or flags field: pieces joined by '/'.  On error, *@bad is the
 * offending piece.
 */
static int
parse_field (struct slice field, const struct richacl_text_name *table,
	     size_t count, unsigned long max_hex, unsigned long *value,
	     struct slice *bad)
{
  const char *s = field.s, *end = field.s + field.len;

  *value = 0;
  while (s < end)
    {
      const char *slash = memchr (s, '/', end - s);
      struct slice piece;

      piece.s = s;
      piece.len = (slash ? slash : end) - s;
      if (parse_names (piece, table, count, max_hex, value))
	{
	  *bad = piece;
	  return -1;
	}
      s = slash ? slash + 1 : end;
    }
  return 0;
}

static int
parse_mask (struct parser *p, struct slice field, unsigned int *mask)
{
  unsigned long value;
  struct slice bad;

  if (parse_field (field, richacl_text_mask_names,
		   RICHACL_TEXT_COUNT (richacl_text_mask_names), 0xffffffff,
		   &value, &bad))
    {
      parse_error (p, _("invalid permission '%.*s' in entry '%.*s'"),
		   SLICE_ARG (bad), SLICE_ARG (p->entry));
      return fail_einval ();
    }
  *mask = value;
  return 0;
}

static int
parse_ace_flags (struct parser *p, struct slice field, unsigned short *flags)
{
  unsigned long value;
  struct slice bad;

  if (parse_field (field, richacl_text_ace_flag_names,
		   RICHACL_TEXT_COUNT (richacl_text_ace_flag_names), 0xffff,
		   &value, &bad)
      || (value & RICHACL_TEXT_WHO_FLAGS))
    {
      /* The kind of who comes from the who field, not from a number. */
      if (value & RICHACL_TEXT_WHO_FLAGS)
	bad = field;
      parse_error (p, _("invalid flag '%.*s' in entry '%.*s'"),
		   SLICE_ARG (bad), SLICE_ARG (p->entry));
      return fail_einval ();
    }
  *flags = value;
  return 0;
}

static int
parse_acl_flags (struct parser *p, struct slice field)
{
  unsigned long value;
  struct slice bad;

  if (parse_field (field, richacl_text_acl_flag_names,
		   RICHACL_TEXT_COUNT (richacl_text_acl_flag_names), 0xff,
		   &value, &bad))
    {
      parse_error (p, _("invalid flag '%.*s' in entry '%.*s'"),
		   SLICE_ARG (bad), SLICE_ARG (p->entry));
      return fail_einval ();
    }
  p->flags = value;
  p->given |= RICHACL_TEXT_FLAGS;
  return 0;
}

static int
parse_type (struct parser *p, struct slice field, unsigned short *type)
{
  unsigned long value;

  if (slice_is (field, "allow"))
    *type = RICHACE_ACCESS_ALLOWED_ACE_TYPE;
  else if (slice_is (field, "deny"))
    *type = RICHACE_ACCESS_DENIED_ACE_TYPE;
  else if (parse_hex (field, 0xffff, &value))
    *type = value;		/* what richacl_to_text prints for others */
  else
    {
      parse_error (p, _("invalid type '%.*s' in entry '%.*s'"),
		   SLICE_ARG (field), SLICE_ARG (p->entry));
      return fail_einval ();
    }
  return 0;
}

/*
 * The id that @name (a number, or a user or group name) stands for.
 * The last name is remembered: ACLs tend to name the same principals again
 * and again, and each lookup can mean reading a file or asking a daemon.
 */
static int
parse_id (struct parser *p, struct slice name, int is_group, id_t *id)
{
  struct id_cache *cache = is_group ? &p->group : &p->user;
  char *copy;
  int found;

  if (is_all_digits (name))
    {
      if (parse_decimal_id (name, id))
	return 0;
      parse_error (p, is_group ? _("invalid group '%.*s' in entry '%.*s'")
			       : _("invalid user '%.*s' in entry '%.*s'"),
		   SLICE_ARG (name), SLICE_ARG (p->entry));
      return fail_einval ();
    }
  if (!name.len)
    {
      parse_error (p, is_group ? _("missing group name in entry '%.*s'")
			       : _("missing user name in entry '%.*s'"),
		   SLICE_ARG (p->entry));
      return fail_einval ();
    }
  if (cache->name && strlen (cache->name) == name.len
      && !memcmp (cache->name, name.s, name.len))
    {
      *id = cache->id;
      return 0;
    }
  copy = malloc (name.len + 1);
  if (!copy)
    return fail_enomem (p);
  memcpy (copy, name.s, name.len);
  copy[name.len] = '\0';
  found = richacl_name_to_id (copy, is_group, id);
  if (found <= 0)
    {
      free (copy);
      /* A database that could not be asked reads as "unknown". */
      if (found < 0 && errno == ENOMEM)
	return fail_enomem (p);
      parse_error (p, is_group ? _("unknown group '%.*s' in entry '%.*s'")
			       : _("unknown user '%.*s' in entry '%.*s'"),
		   SLICE_ARG (name), SLICE_ARG (p->entry));
      return fail_einval ();
    }
  free (cache->name);
  cache->name = copy;
  cache->id = *id;
  return 0;
}

/* Make room for one more entry. */
static struct richace *
new_entry (struct parser *p)
{
  struct richace *ace;

  if (p->count == 0xffff)
    {
      /* a_count is an unsigned short. */
      parse_error (p, _("too many entries at '%.*s'"), SLICE_ARG (p->entry));
      fail_einval ();
      return NULL;
    }
  if (p->count == p->alloc)
    {
      size_t alloc = p->alloc ? 2 * p->alloc : 16;
      struct richace *entries = realloc (p->entries, alloc * sizeof *entries);

      if (!entries)
	{
	  fail_enomem (p);
	  return NULL;
	}
      p->entries = entries;
      p->alloc = alloc;
    }
  ace = &p->entries[p->count];
  memset (ace, 0, sizeof *ace);
  return ace;
}

/*
 * Check that the entry has exactly @want fields.  @n may be one more than
 * the fields split out (the rest of the entry then is in @fields[@want]).
 */
static int
check_field_count (struct parser *p, const struct slice *fields, size_t n,
		   size_t want)
{
  if (n < want)
    {
      parse_error (p, _("missing field in entry '%.*s'"),
		   SLICE_ARG (p->entry));
      return fail_einval ();
    }
  if (n > want)
    {
      parse_error (p, _("unexpected field '%.*s' in entry '%.*s'"),
		   SLICE_ARG (fields[want]), SLICE_ARG (p->entry));
      return fail_einval ();
    }
  return 0;
}

/* `owner:MASK::mask`, `group:MASK::mask` or `other:MASK::mask`. */
static int
parse_mask_line (struct parser *p, const struct slice *fields, size_t n)
{
  unsigned int mask, *where;
  int given;

  if (check_field_count (p, fields, n, 4))
    return -1;
  if (!slice_is (fields[3], "mask"))
    {
      parse_error (p, _("invalid type '%.*s' in entry '%.*s'"),
		   SLICE_ARG (fields[3]), SLICE_ARG (p->entry));
      return fail_einval ();
    }
  if (fields[2].len)
    {
      parse_error (p, _("invalid flag '%.*s' in entry '%.*s'"),
		   SLICE_ARG (fields[2]), SLICE_ARG (p->entry));
      return fail_einval ();
    }
  if (parse_mask (p, fields[1], &mask))
    return -1;
  if (slice_is (fields[0], "owner"))
    {
      where = &p->owner_mask;
      given = RICHACL_TEXT_OWNER_MASK;
    }
  else if (slice_is (fields[0], "group"))
    {
      where = &p->group_mask;
      given = RICHACL_TEXT_GROUP_MASK;
    }
  else
    {
      where = &p->other_mask;
      given = RICHACL_TEXT_OTHER_MASK;
    }
  *where = mask;
  p->given |= given;
  return 0;
}

/* What the who field of an entry names. */
enum who_kind
{
  WHO_SPECIAL,			/* owner@, group@, everyone@: one field */
  WHO_USER,			/* user:NAME or u:NAME: two fields */
  WHO_GROUP			/* group:NAME or g:NAME: two fields */
};

static const char *const special_who[] = { "owner@", "group@", "everyone@" };

/* An entry proper: who, mask, flags, type. */
static int
parse_ace (struct parser *p, const struct slice *fields, size_t n,
	   enum who_kind kind, id_t special_id)
{
  size_t who = kind == WHO_SPECIAL ? 1 : 2;
  struct richace *ace;
  unsigned int mask;
  unsigned short flags, type;
  id_t id = special_id;

  if (check_field_count (p, fields, n, who + 3)
      || parse_mask (p, fields[who], &mask)
      || parse_ace_flags (p, fields[who + 1], &flags)
      || parse_type (p, fields[who + 2], &type)
      || (kind != WHO_SPECIAL
	  && parse_id (p, fields[1], kind == WHO_GROUP, &id)))
    return -1;
  ace = new_entry (p);
  if (!ace)
    return -1;
  ace->e_type = type;
  ace->e_flags = flags;
  if (kind == WHO_SPECIAL)
    ace->e_flags |= RICHACE_SPECIAL_WHO;
  else if (kind == WHO_GROUP)
    ace->e_flags |= RICHACE_IDENTIFIER_GROUP;
  ace->e_mask = mask;
  ace->e_id = id;
  p->count++;
  return 0;
}

/* The most fields any line has (five), plus one to notice extra ones. */
#define MAX_FIELDS 6

/*
 * One entry or special line, @p->entry.  The first field and the number of
 * fields tell which it is: `group` starts both `group:MASK::mask` (four
 * fields) and `group:NAME:MASK:FLAGS:TYPE` (five).
 */
static int
parse_entry (struct parser *p)
{
  struct slice fields[MAX_FIELDS];
  const char *s = p->entry.s, *end = p->entry.s + p->entry.len;
  size_t n = 0;
  id_t id;

  for (;;)
    {
      const char *colon = memchr (s, ':', end - s);

      fields[n].s = s;
      fields[n].len = (colon ? colon : end) - s;
      n++;
      if (!colon || n == MAX_FIELDS)
	break;
      s = colon + 1;
    }

  if (slice_is (fields[0], "flags"))
    {
      if (check_field_count (p, fields, n, 2))
	return -1;
      return parse_acl_flags (p, fields[1]);
    }
  if (slice_is (fields[0], "owner") || slice_is (fields[0], "other")
      || (slice_is (fields[0], "group") && n <= 4))
    return parse_mask_line (p, fields, n);
  for (id = 0; id < 3; id++)
    if (slice_is (fields[0], special_who[id]))
      return parse_ace (p, fields, n, WHO_SPECIAL, id);
  if (slice_is (fields[0], "user") || slice_is (fields[0], "u"))
    return parse_ace (p, fields, n, WHO_USER, 0);
  if (slice_is (fields[0], "group") || slice_is (fields[0], "g"))
    return parse_ace (p, fields, n, WHO_GROUP, 0);

  if (n == 1)
    parse_error (p, _("missing field in entry '%.*s'"), SLICE_ARG (p->entry));
  else
    parse_error (p, _("invalid who '%.*s' in entry '%.*s'"),
		 SLICE_ARG (fields[0]), SLICE_ARG (p->entry));
  return fail_einval ();
}

/* Parse every entry in @text .. @end. */
static int
parse_entries (struct parser *p, const char *text, const char *end)
{
  const char *s = text;

  while (s < end)
    {
      if (is_space (*s) || *s == ',')
	s++;
      else if (*s == '#')
	{
	  const char *newline = memchr (s, '\n', end - s);

	  s = newline ? newline : end;
	}
      else
	{
	  p->entry.s = s;
	  while (s < end && !ends_entry (*s))
	    s++;
	  p->entry.len = s - p->entry.s;
	  if (parse_entry (p))
	    return -1;
	}
    }
  return 0;
}

static void
parser_release (struct parser *p)
{
  free (p->entries);
  free (p->user.name);
  free (p->group.name);
}

/* Does @text .. @end parse without errors?  Nothing is reported. */
static int
is_valid_text (const char *text, const char *end)
{
  struct parser trial;
  int valid;

  memset (&trial, 0, sizeof trial);
  valid = parse_entries (&trial, text, end) == 0;
  parser_release (&trial);
  return valid;
}

/*
 * Where the entries start: after a first line `NAME:` as getrichacl prints
 * it, so that its output can be fed back.  That is the first line with
 * anything other than blanks and comments in it, when it ends with ':' and
 * is not valid ACL text.  No entry ends with ':', so when the line still
 * ends with ':' without its comment it is a name; otherwise the name may
 * contain a '#', and only parsing tells.
 */
static const char *
skip_name_line (const char *text, const char *end)
{
  const char *line = text;

  while (line < end)
    {
      const char *newline = memchr (line, '\n', end - line);
      const char *eol = newline ? newline : end;
      const char *s = line, *content_end, *raw_end;

      while (s < eol && (is_space (*s) || *s == ','))
	s++;
      if (s == eol || *s == '#')
	{
	  line = newline ? newline + 1 : end;
	  continue;
	}
      raw_end = eol;
      while (raw_end > s && is_space (raw_end[-1]))
	raw_end--;
      if (raw_end[-1] != ':')
	return text;
      content_end = memchr (s, '#', raw_end - s);
      if (!content_end)
	return eol;
      while (content_end > s && is_space (content_end[-1]))
	content_end--;
      if (content_end[-1] == ':' || !is_valid_text (s, content_end))
	return eol;
      return text;
    }
  return text;
}

/*
 * richacl_from_text  -  parse the text form of an ACL.
 *
 * @given (may be NULL) is set to the RICHACL_TEXT_* flags of the special
 * lines the text had: the masks and ACL flags of the result are only
 * meaningful for those.  On a syntax error, @error (may be NULL) is called
 * once with a printf format and arguments that describe it in one line,
 * and NULL is returned with errno EINVAL; NULL with errno ENOMEM when out
 * of memory.
 */
RICHACL_EXPORT struct richacl *
richacl_from_text (const char *text, int *given,
		   void (*error) (const char *, ...))
{
  const char *end = text + strlen (text);
  struct parser p;
  struct richacl *acl = NULL;
  int saved_errno;

  memset (&p, 0, sizeof p);
  p.error = error;
  if (given)
    *given = 0;
  if (parse_entries (&p, skip_name_line (text, end), end))
    goto out;
  acl = richacl_alloc (p.count);
  if (!acl)
    {
      fail_enomem (&p);
      goto out;
    }
  if (p.count)
    memcpy (acl->a_entries, p.entries, p.count * sizeof *p.entries);
  acl->a_flags = p.flags;
  acl->a_owner_mask = p.owner_mask;
  acl->a_group_mask = p.group_mask;
  acl->a_other_mask = p.other_mask;
  if (given)
    *given = p.given;

out:
  saved_errno = errno;
  parser_release (&p);
  errno = saved_errno;
  return acl;
}
