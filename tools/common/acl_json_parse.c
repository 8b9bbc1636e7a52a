/*
 * acl_json_parse.c - read an ACL back from the JSON that `getrichacl
 * --json` writes (for `setrichacl --set-file`).
 *
 * The input may come from anyone, so the parser is driven by the format,
 * not by a general JSON tree: each kind of object has its own function
 * that knows its keys, and anything else is an error where it appears.
 * That bounds the nesting (no recursion on input), keeps memory to the
 * ACL being built plus one decoded string, and makes every step linear
 * in the input.  Only valid JSON (RFC 8259) is accepted: strings must be
 * valid UTF-8, escapes complete (surrogates paired), numbers well formed.
 * Key order and white space are free; an unknown or repeated key is an
 * error.
 */
#include <config.h>
#include "common.h"
#include "acl_json.h"
#include "acl_json_private.h"

#include <grp.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "c-strcase.h"
#include "quote.h"
#include "xalloc.h"

/* The ACL being built. */
struct acl_builder
{
  struct richace *entries;
  size_t count, alloc;
  unsigned char flags;
  unsigned int owner_mask, group_mask, other_mask;
  int given;
};

/* The last name looked up, and its id. */
struct id_cache
{
  char *name;
  id_t id;
};

struct parser
{
  const char *text;	/* the whole input, for positions */
  const char *end;	/* its terminating '\0' */
  const char *pos;	/* the next byte to look at */
  char *error;		/* the first error; then the parse unwinds */
  char *str;		/* the last string read, decoded (may hold '\0') */
  size_t str_len, str_alloc;
  struct id_cache user, group;
};

/* --- errors -------------------------------------------------------------- */

/* Record an error at @at: "LINE:COLUMN: " and the message.  Returns false
   for the callers to pass up. */
static bool __attribute__ ((format (printf, 3, 4)))
fail (struct parser *ps, const char *at, const char *fmt, ...)
{
  unsigned long line = 1;
  const char *line_start = ps->text, *s;
  char *msg;
  int len;
  va_list ap;

  if (ps->error)
    return false;
  for (s = ps->text; s < at; s++)
    if (*s == '\n')
      {
	line++;
	line_start = s + 1;
      }
  va_start (ap, fmt);
  len = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  msg = xcharalloc (len < 0 ? 1 : len + 1);
  va_start (ap, fmt);
  vsnprintf (msg, len < 0 ? 1 : len + 1, fmt, ap);
  va_end (ap);
  len = snprintf (NULL, 0, "%lu:%lu: %s", line,
		  (unsigned long) (at - line_start) + 1, msg);
  ps->error = xcharalloc (len + 1);
  snprintf (ps->error, len + 1, "%lu:%lu: %s", line,
	    (unsigned long) (at - line_start) + 1, msg);
  free (msg);
  return false;
}

/* The last string read, quoted for a message (in quote slot @n), and cut
   short if long: it may be anything the input held. */
static const char *
quoted_str (struct parser *ps, int n)
{
  enum { MAX_SHOWN = 64 };
  size_t len = ps->str_len;

  if (len > MAX_SHOWN)
    {
      len = MAX_SHOWN;
      while (len && (ps->str[len] & 0xc0) == 0x80)
	len--;		/* do not cut a character in two */
      memcpy (ps->str + len, "...", 4);
      len += 3;
    }
  return quote_n_mem (n, ps->str, len);
}

/* What is at ps->pos is not what the format wants there. */
static bool
fail_expected (struct parser *ps, const char *what)
{
  if (ps->pos == ps->end)
    return fail (ps, ps->pos, "%s", _("unexpected end of input"));
  return fail (ps, ps->pos, "%s", what);
}

/* --- tokens -------------------------------------------------------------- */

/* Skip JSON white space; return the next byte ('\0' at the end). */
static char
peek (struct parser *ps)
{
  ps->pos += strspn (ps->pos, " \t\n\r");
  return *ps->pos;
}

/* Take @c, or fail with @what. */
static bool
expect (struct parser *ps, char c, const char *what)
{
  if (peek (ps) != c)
    return fail_expected (ps, what);
  ps->pos++;
  return true;
}

static void
str_append (struct parser *ps, const char *s, size_t n)
{
  /* +4: quoted_str() may put "..." and a '\0' after the 64th byte. */
  while (ps->str_len + n + 4 > ps->str_alloc)
    ps->str = x2nrealloc (ps->str, &ps->str_alloc, 1);
  memcpy (ps->str + ps->str_len, s, n);
  ps->str_len += n;
  ps->str[ps->str_len] = '\0';
}

/* Four hex digits of a \u escape at ps->pos. */
static bool
hex4 (struct parser *ps, const char *escape, unsigned int *value)
{
  unsigned int v = 0;
  int i;

  for (i = 0; i < 4; i++)
    {
      char c = ps->pos[i];

      if (!c_isxdigit (c))
	return fail (ps, escape, "%s", _("invalid \\u escape in string"));
      v = v * 16 + (c_isdigit (c) ? c - '0' : c_tolower (c) - 'a' + 10);
    }
  ps->pos += 4;
  *value = v;
  return true;
}

/* A \u escape (ps->pos is after the 'u'), with the second half of a
   surrogate pair when there is one; appended as UTF-8. */
static bool
unicode_escape (struct parser *ps)
{
  const char *escape = ps->pos - 2;
  unsigned int cp, low;
  char utf8[4];
  size_t n;

  if (!hex4 (ps, escape, &cp))
    return false;
  if (cp >= 0xdc00 && cp <= 0xdfff)
    return fail (ps, escape, "%s", _("unpaired surrogate in \\u escape"));
  if (cp >= 0xd800 && cp <= 0xdbff)
    {
      if (ps->pos[0] != '\\' || ps->pos[1] != 'u')
	return fail (ps, escape, "%s", _("unpaired surrogate in \\u escape"));
      ps->pos += 2;
      if (!hex4 (ps, escape, &low))
	return false;
      if (low < 0xdc00 || low > 0xdfff)
	return fail (ps, escape, "%s", _("unpaired surrogate in \\u escape"));
      cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
    }
  if (cp < 0x80)
    {
      utf8[0] = cp;
      n = 1;
    }
  else if (cp < 0x800)
    {
      utf8[0] = 0xc0 | (cp >> 6);
      utf8[1] = 0x80 | (cp & 0x3f);
      n = 2;
    }
  else if (cp < 0x10000)
    {
      utf8[0] = 0xe0 | (cp >> 12);
      utf8[1] = 0x80 | ((cp >> 6) & 0x3f);
      utf8[2] = 0x80 | (cp & 0x3f);
      n = 3;
    }
  else
    {
      utf8[0] = 0xf0 | (cp >> 18);
      utf8[1] = 0x80 | ((cp >> 12) & 0x3f);
      utf8[2] = 0x80 | ((cp >> 6) & 0x3f);
      utf8[3] = 0x80 | (cp & 0x3f);
      n = 4;
    }
  str_append (ps, utf8, n);
  return true;
}

static bool
escape (struct parser *ps)
{
  static const char from[] = "\"\\/bfnrt";
  static const char to[] = "\"\\/\b\f\n\r\t";
  const char *c;

  ps->pos++;			/* the backslash */
  if (*ps->pos == 'u')
    {
      ps->pos++;
      return unicode_escape (ps);
    }
  c = *ps->pos ? strchr (from, *ps->pos) : NULL;
  if (!c)
    return fail (ps, ps->pos - 1, "%s", _("invalid escape in string"));
  str_append (ps, &to[c - from], 1);
  ps->pos++;
  return true;
}

/* A string, decoded into ps->str and ps->str_len; @what says what the
   format wants when there is no string. */
static bool
string (struct parser *ps, const char *what)
{
  if (peek (ps) != '"')
    return fail_expected (ps, what);
  ps->pos++;
  ps->str_len = 0;
  str_append (ps, "", 0);
  for (;;)
    {
      const unsigned char *u = (const unsigned char *) ps->pos;
      const char *run = ps->pos;
      size_t n;

      /* Copy the plain bytes in one go. */
      while (*u >= 0x20 && *u < 0x80 && *u != '"' && *u != '\\')
	u++;
      str_append (ps, run, (const char *) u - run);
      ps->pos = (const char *) u;
      if (*u == '"')
	{
	  ps->pos++;
	  return true;
	}
      if (*u == '\\')
	{
	  if (!escape (ps))
	    return false;
	  continue;
	}
      if (!*u)
	return fail (ps, ps->pos, "%s", _("unterminated string"));
      if (*u < 0x20)
	return fail (ps, ps->pos, "%s", _("control character in string"));
      n = utf8_sequence_length (u, ps->end - ps->pos);
      if (!n)
	return fail (ps, ps->pos, "%s", _("invalid UTF-8 in string"));
      str_append (ps, ps->pos, n);
      ps->pos += n;
    }
}

/* The last string is @word (ASCII, any case). */
static bool
str_is (struct parser *ps, const char *word)
{
  size_t len = strlen (word);

  return ps->str_len == len && c_strncasecmp (ps->str, word, len) == 0;
}

/*
 * A user or group id: a JSON number that is a non-negative integer
 * below (id_t) -1 (which means "no id" to the system calls).
 */
static bool
id_number (struct parser *ps, id_t *id)
{
  const uintmax_t max = (id_t) -1 - 1;
  const char *start;
  uintmax_t v = 0;
  bool integer = true, overflow = false;

  peek (ps);
  start = ps->pos;
  if (*ps->pos == '-')
    {
      integer = false;
      ps->pos++;
    }
  if (!c_isdigit (*ps->pos))
    return fail_expected (ps, _("expected a number"));
  if (*ps->pos == '0' && c_isdigit (ps->pos[1]))
    return fail (ps, start, "%s", _("invalid number"));
  for (; c_isdigit (*ps->pos); ps->pos++)
    {
      unsigned int d = *ps->pos - '0';

      if (v > (max - d) / 10)
	overflow = true;
      else
	v = v * 10 + d;
    }
  if (*ps->pos == '.')
    {
      integer = false;
      ps->pos++;
      if (!c_isdigit (*ps->pos))
	return fail (ps, start, "%s", _("invalid number"));
      while (c_isdigit (*ps->pos))
	ps->pos++;
    }
  if (*ps->pos == 'e' || *ps->pos == 'E')
    {
      integer = false;
      ps->pos++;
      if (*ps->pos == '+' || *ps->pos == '-')
	ps->pos++;
      if (!c_isdigit (*ps->pos))
	return fail (ps, start, "%s", _("invalid number"));
      while (c_isdigit (*ps->pos))
	ps->pos++;
    }
  if (!integer)
    return fail (ps, start, "%s", _("expected a non-negative integer"));
  if (overflow)
    return fail (ps, start, "%s", _("number out of range"));
  *id = v;
  return true;
}

/* --- objects and arrays -------------------------------------------------- */

/* Walking the members of an object whose keys are @keys. */
struct members
{
  const char *const *keys;	/* NULL-terminated; at most 32 */
  unsigned int seen;		/* bit i: keys[i] was given */
  bool first;
  const char *start;		/* the '{', for "missing key" */
};

enum { END = -1, ERROR = -2 };

static bool
object_begin (struct parser *ps, struct members *m, const char *const *keys)
{
  if (peek (ps) != '{')
    return fail_expected (ps, _("expected an object"));
  m->keys = keys;
  m->seen = 0;
  m->first = true;
  m->start = ps->pos++;
  return true;
}

/* The index of the next key (its ':' taken), END after the '}', ERROR. */
static int
next_member (struct parser *ps, struct members *m)
{
  const char *key_at;
  int i;

  if (peek (ps) == '}' && m->first)
    {
      ps->pos++;
      return END;
    }
  if (!m->first)
    {
      if (peek (ps) == '}')
	{
	  ps->pos++;
	  return END;
	}
      if (!expect (ps, ',', _("expected ',' or '}'")))
	return ERROR;
    }
  m->first = false;
  peek (ps);
  key_at = ps->pos;
  if (!string (ps, _("expected a string (a key)")))
    return ERROR;
  for (i = 0; m->keys[i]; i++)
    if (ps->str_len == strlen (m->keys[i])
	&& memcmp (ps->str, m->keys[i], ps->str_len) == 0)
      break;
  if (!m->keys[i])
    {
      fail (ps, key_at, _("unknown key %s"), quoted_str (ps, 0));
      return ERROR;
    }
  if (m->seen & (1u << i))
    {
      fail (ps, key_at, _("duplicate key %s"), quoted_str (ps, 0));
      return ERROR;
    }
  m->seen |= 1u << i;
  if (!expect (ps, ':', _("expected ':'")))
    return ERROR;
  return i;
}

/* After the '}': key @i must have been given. */
static bool
require (struct parser *ps, const struct members *m, int i)
{
  if (m->seen & (1u << i))
    return true;
  return fail (ps, m->start, _("missing key %s"), quote (m->keys[i]));
}

static bool
array_begin (struct parser *ps, bool *first)
{
  if (peek (ps) != '[')
    return fail_expected (ps, _("expected an array"));
  ps->pos++;
  *first = true;
  return true;
}

/* 1 when an element follows, END after the ']', ERROR. */
static int
next_element (struct parser *ps, bool *first)
{
  if (peek (ps) == ']')
    {
      ps->pos++;
      return END;
    }
  if (!*first && !expect (ps, ',', _("expected ',' or ']'")))
    return ERROR;
  *first = false;
  return 1;
}

/* --- names of permissions and flags -------------------------------------- */

/* What a list of names holds; selects the table and the messages. */
enum bits_kind { PERMISSIONS, ENTRY_FLAGS, ACL_FLAGS };

/* "0x..." (up to 8 hex digits) as the text format writes unnamed bits. */
static bool
str_hex (struct parser *ps, unsigned long *value)
{
  unsigned long v = 0;
  size_t i;

  if (ps->str_len < 3 || ps->str_len > 10 || ps->str[0] != '0'
      || (ps->str[1] != 'x' && ps->str[1] != 'X'))
    return false;
  for (i = 2; i < ps->str_len; i++)
    {
      char c = ps->str[i];

      if (!c_isxdigit (c))
	return false;
      v = v * 16 + (c_isdigit (c) ? c - '0' : c_tolower (c) - 'a' + 10);
    }
  *value = v;
  return true;
}

/* The bit the last string names in @table (either name of a row, any
   case), or 0. */
static unsigned int
lookup_bit (struct parser *ps, const struct richacl_text_name *table,
	    size_t count)
{
  size_t i;

  for (i = 0; i < count; i++)
    if (str_is (ps, table[i].name)
	|| (table[i].dir_name && str_is (ps, table[i].dir_name)))
      return table[i].bit;
  return 0;
}

/* An array of names of @kind; their bits are or'ed into @value. */
static bool
bits (struct parser *ps, enum bits_kind kind, unsigned int *value)
{
  const struct richacl_text_name *table;
  size_t count;
  unsigned long hex, allowed;
  bool first;
  int more;

  switch (kind)
    {
    case PERMISSIONS:
      table = richacl_text_mask_names;
      count = RICHACL_TEXT_COUNT (richacl_text_mask_names);
      allowed = 0xffffffff;
      break;
    case ENTRY_FLAGS:
      table = richacl_text_ace_flag_names;
      count = RICHACL_TEXT_COUNT (richacl_text_ace_flag_names);
      allowed = 0xffff & ~JSON_WHO_FLAGS;
      break;
    default:
      table = richacl_text_acl_flag_names;
      count = RICHACL_TEXT_COUNT (richacl_text_acl_flag_names);
      allowed = 0xff;
      break;
    }
  *value = 0;
  if (!array_begin (ps, &first))
    return false;
  while ((more = next_element (ps, &first)) > 0)
    {
      const char *at;
      unsigned int bit;

      peek (ps);
      at = ps->pos;
      if (!string (ps, _("expected a string")))
	return false;
      bit = lookup_bit (ps, table, count);
      if (!bit && str_hex (ps, &hex) && hex && !(hex & ~allowed))
	bit = hex;
      if (!bit)
	return fail (ps, at, kind == PERMISSIONS ? _("unknown permission %s")
			    : kind == ENTRY_FLAGS ? _("unknown entry flag %s")
			    : _("unknown ACL flag %s"),
		     quoted_str (ps, 0));
      *value |= bit;
    }
  return more == END;
}

/* --- users and groups ---------------------------------------------------- */

/* The bytes a "name_hex" value stands for, in ps->str. */
static bool
decode_hex_name (struct parser *ps, const char *at)
{
  size_t i;

  if (ps->str_len == 0 || ps->str_len % 2)
    return fail (ps, at, "%s", _("invalid hex string"));
  for (i = 0; i < ps->str_len; i += 2)
    {
      char hi = ps->str[i], lo = ps->str[i + 1];

      if (!c_isxdigit (hi) || !c_isxdigit (lo))
	return fail (ps, at, "%s", _("invalid hex string"));
      ps->str[i / 2] = ((c_isdigit (hi) ? hi - '0' : c_tolower (hi) - 'a' + 10)
		       << 4)
		      | (c_isdigit (lo) ? lo - '0' : c_tolower (lo) - 'a' + 10);
    }
  ps->str_len /= 2;
  ps->str[ps->str_len] = '\0';
  return true;
}

/* The id of user or group @name (@len bytes). */
static bool
lookup_name (struct parser *ps, const char *at, const char *name, size_t len,
	     bool is_group, id_t *id)
{
  struct id_cache *cache = is_group ? &ps->group : &ps->user;
  bool found = false;

  if (cache->name && strlen (cache->name) == len
      && memcmp (cache->name, name, len) == 0)
    {
      *id = cache->id;
      return true;
    }
  /* A name with a '\0' in it (from \u0000) names nobody. */
  if (memchr (name, '\0', len) == NULL)
    {
      if (is_group)
	{
	  struct group *gr = getgrnam (name);
	  if (gr)
	    {
	      *id = gr->gr_gid;
	      found = true;
	    }
	}
      else
	{
	  struct passwd *pw = getpwnam (name);
	  if (pw)
	    {
	      *id = pw->pw_uid;
	      found = true;
	    }
	}
    }
  if (!found)
    return fail (ps, at,
		 is_group ? _("unknown group %s") : _("unknown user %s"),
		 quote_n_mem (0, name, len > 64 ? 64 : len));
  free (cache->name);
  cache->name = xmemdup (name, len + 1);
  cache->id = *id;
  return true;
}

/* "owner" and "group" of a file: {"uid"|"gid":N,"name":S|"name_hex":S}.
   Checked, not used: setrichacl sets ACLs, not owners. */
static bool
principal (struct parser *ps, bool is_group)
{
  static const char *const user_keys[] = { "uid", "name", "name_hex", NULL };
  static const char *const group_keys[] = { "gid", "name", "name_hex", NULL };
  struct members m;
  int key;
  id_t id;

  if (!object_begin (ps, &m, is_group ? group_keys : user_keys))
    return false;
  while ((key = next_member (ps, &m)) >= 0)
    {
      const char *at = (peek (ps), ps->pos);
      bool ok;

      if (key == 0)
	ok = id_number (ps, &id);
      else
	{
	  ok = string (ps, _("expected a string"));
	  if (ok && key == 2)
	    ok = decode_hex_name (ps, at);
	}
      if (!ok)
	return false;
    }
  if (key == ERROR || !require (ps, &m, 0))
    return false;
  if ((m.seen & 6) == 6)
    return fail (ps, m.start, "%s",
		 _("\"name\" and \"name_hex\" cannot both be given"));
  return true;
}

/* --- entries ------------------------------------------------------------- */

static const char *const entry_keys[] = {
  "who", "id", "name", "name_hex", "type", "flags", "permissions", NULL
};
enum { E_WHO, E_ID, E_NAME, E_NAME_HEX, E_TYPE, E_FLAGS, E_PERMISSIONS };

/* What "who" said. */
enum who_kind { WHO_SPECIAL, WHO_USER, WHO_GROUP };

/* The members of one entry as they come, in any order. */
struct entry_members
{
  enum who_kind who;
  id_t id;			/* the special id, or the "id" */
  char *name;			/* "name" or "name_hex", decoded */
  size_t name_len;
  const char *name_at;
};

static bool
who_value (struct parser *ps, struct entry_members *e)
{
  static const char *const special[] = { "owner@", "group@", "everyone@" };
  const char *at = (peek (ps), ps->pos);
  id_t i;

  if (!string (ps, _("expected a string")))
    return false;
  for (i = 0; i < 3; i++)
    if (str_is (ps, special[i]))
      {
	e->who = WHO_SPECIAL;
	e->id = i;
	return true;
      }
  if (str_is (ps, "user"))
    e->who = WHO_USER;
  else if (str_is (ps, "group"))
    e->who = WHO_GROUP;
  else
    return fail (ps, at, _("unknown who %s"), quoted_str (ps, 0));
  return true;
}

static bool
type_value (struct parser *ps, unsigned short *type)
{
  const char *at = (peek (ps), ps->pos);
  unsigned long hex;

  if (!string (ps, _("expected a string")))
    return false;
  if (str_is (ps, "allow"))
    *type = RICHACE_ACCESS_ALLOWED_ACE_TYPE;
  else if (str_is (ps, "deny"))
    *type = RICHACE_ACCESS_DENIED_ACE_TYPE;
  else if (str_hex (ps, &hex) && hex <= 0xffff)
    *type = hex;		/* what the writer shows for other types */
  else
    return fail (ps, at, _("unknown entry type %s"), quoted_str (ps, 0));
  return true;
}

static bool
name_value (struct parser *ps, struct entry_members *e, bool hex)
{
  peek (ps);
  e->name_at = ps->pos;
  if (!string (ps, _("expected a string")))
    return false;
  if (hex && !decode_hex_name (ps, e->name_at))
    return false;
  free (e->name);		/* "name" and "name_hex": an error later */
  e->name = xmemdup (ps->str, ps->str_len + 1);
  e->name_len = ps->str_len;
  return true;
}

/* Make the entry's who from what its members said. */
static bool
entry_who (struct parser *ps, const struct members *m,
	   const struct entry_members *e, struct richace *ace)
{
  const unsigned int id_or_name = (1u << E_ID) | (1u << E_NAME)
				  | (1u << E_NAME_HEX);
  bool is_group = e->who == WHO_GROUP;

  if (e->who == WHO_SPECIAL)
    {
      if (m->seen & id_or_name)
	return fail (ps, m->start, "%s",
		     _("owner@, group@ and everyone@ entries have no "
		       "\"id\" or \"name\""));
      ace->e_flags |= RICHACE_SPECIAL_WHO;
      ace->e_id = e->id;
      return true;
    }
  if (is_group)
    ace->e_flags |= RICHACE_IDENTIFIER_GROUP;
  if ((m->seen & (1u << E_NAME)) && (m->seen & (1u << E_NAME_HEX)))
    return fail (ps, m->start, "%s",
		 _("\"name\" and \"name_hex\" cannot both be given"));
  /* The id wins: it is what the file system stores, and a name may
     mean another id (or nothing) on the system the ACL is read on. */
  if (m->seen & (1u << E_ID))
    ace->e_id = e->id;
  else if (e->name)
    return lookup_name (ps, e->name_at, e->name, e->name_len, is_group,
			&ace->e_id);
  else
    return fail (ps, m->start, "%s",
		 _("user and group entries need an \"id\" or a \"name\""));
  return true;
}

/* The members of an entry object (after its '{'). */
static bool
entry_members (struct parser *ps, struct members *m, struct entry_members *e,
	       struct richace *ace)
{
  unsigned int flags, mask;
  int key;

  while ((key = next_member (ps, m)) >= 0)
    {
      bool ok = true;

      switch (key)
	{
	case E_WHO:
	  ok = who_value (ps, e);
	  break;
	case E_ID:
	  ok = id_number (ps, &e->id);
	  break;
	case E_NAME:
	case E_NAME_HEX:
	  ok = name_value (ps, e, key == E_NAME_HEX);
	  break;
	case E_TYPE:
	  ok = type_value (ps, &ace->e_type);
	  break;
	case E_FLAGS:
	  ok = bits (ps, ENTRY_FLAGS, &flags);
	  ace->e_flags |= flags;
	  break;
	case E_PERMISSIONS:
	  ok = bits (ps, PERMISSIONS, &mask);
	  ace->e_mask = mask;
	  break;
	}
      if (!ok)
	return false;
    }
  return key == END && require (ps, m, E_WHO) && require (ps, m, E_TYPE)
	 && require (ps, m, E_PERMISSIONS) && entry_who (ps, m, e, ace);
}

static bool
entry (struct parser *ps, struct acl_builder *b)
{
  struct members m;
  struct entry_members e = { WHO_SPECIAL, 0, NULL, 0, NULL };
  struct richace ace;
  bool ok;

  peek (ps);
  if (b->count == 0xffff)	/* a_count is an unsigned short */
    return fail (ps, ps->pos, "%s", _("too many entries"));
  if (!object_begin (ps, &m, entry_keys))
    return false;
  memset (&ace, 0, sizeof ace);
  ok = entry_members (ps, &m, &e, &ace);
  free (e.name);
  if (!ok)
    return false;
  if (b->count == b->alloc)
    b->entries = x2nrealloc (b->entries, &b->alloc, sizeof *b->entries);
  b->entries[b->count++] = ace;
  return true;
}

/* --- ACLs ---------------------------------------------------------------- */

static bool
masks (struct parser *ps, struct acl_builder *b)
{
  static const char *const keys[] = { "owner", "group", "other", NULL };
  static const int given[] = {
    RICHACL_TEXT_OWNER_MASK, RICHACL_TEXT_GROUP_MASK, RICHACL_TEXT_OTHER_MASK
  };
  unsigned int *const where[] = {
    &b->owner_mask, &b->group_mask, &b->other_mask
  };
  struct members m;
  int key;

  if (!object_begin (ps, &m, keys))
    return false;
  while ((key = next_member (ps, &m)) >= 0)
    {
      if (!bits (ps, PERMISSIONS, where[key]))
	return false;
      b->given |= given[key];
    }
  return key == END;
}

static bool
entries (struct parser *ps, struct acl_builder *b)
{
  bool first;
  int more;

  if (!array_begin (ps, &first))
    return false;
  while ((more = next_element (ps, &first)) > 0)
    if (!entry (ps, b))
      return false;
  return more == END;
}

/* The keys of an ACL object; the document's top level shares them. */
enum { A_FLAGS, A_MASKS, A_ENTRIES, A_COUNT };
#define ACL_KEYS "flags", "masks", "entries"

/* The value of ACL key @key (A_*). */
static bool
acl_member (struct parser *ps, struct acl_builder *b, int key)
{
  unsigned int flags;

  switch (key)
    {
    case A_FLAGS:
      if (!bits (ps, ACL_FLAGS, &flags))
	return false;
      b->flags = flags;
      b->given |= RICHACL_TEXT_FLAGS;
      return true;
    case A_MASKS:
      return masks (ps, b);
    default:
      return entries (ps, b);
    }
}

static bool
acl_object (struct parser *ps, struct acl_builder *b)
{
  static const char *const keys[] = { ACL_KEYS, NULL };
  struct members m;
  int key;

  if (!object_begin (ps, &m, keys))
    return false;
  while ((key = next_member (ps, &m)) >= 0)
    if (!acl_member (ps, b, key))
      return false;
  return key == END && require (ps, &m, A_ENTRIES);
}

/* --- files and the document ---------------------------------------------- */

static const char *const file_keys[] = {
  "name", "name_hex", "type", "owner", "group", "mode", "acl", NULL
};
enum { F_NAME, F_NAME_HEX, F_TYPE, F_OWNER, F_GROUP, F_MODE, F_ACL };

/* One file of "files"; its ACL goes to @b.  Only the ACL is used, but all
   members are checked, so that a document is valid or not as a whole. */
static bool
file_object (struct parser *ps, struct acl_builder *b)
{
  struct members m;
  int key;

  if (!object_begin (ps, &m, file_keys))
    return false;
  while ((key = next_member (ps, &m)) >= 0)
    {
      const char *at = (peek (ps), ps->pos);
      bool ok;

      switch (key)
	{
	case F_OWNER:
	case F_GROUP:
	  ok = principal (ps, key == F_GROUP);
	  break;
	case F_ACL:
	  ok = acl_object (ps, b);
	  break;
	default:
	  ok = string (ps, _("expected a string"));
	  if (ok && key == F_NAME_HEX)
	    ok = decode_hex_name (ps, at);
	}
      if (!ok)
	return false;
    }
  if (key == ERROR || !require (ps, &m, F_ACL))
    return false;
  if ((m.seen & (1u << F_NAME)) && (m.seen & (1u << F_NAME_HEX)))
    return fail (ps, m.start, "%s",
		 _("\"name\" and \"name_hex\" cannot both be given"));
  return true;
}

static void
builder_free (struct acl_builder *b)
{
  free (b->entries);
  memset (b, 0, sizeof *b);
}

/* "files": the first file's ACL goes to @b; the others are checked. */
static bool
files (struct parser *ps, struct acl_builder *b)
{
  struct acl_builder scratch;
  bool first, have_first = false;
  int more;

  memset (&scratch, 0, sizeof scratch);
  if (!array_begin (ps, &first))
    return false;
  if (peek (ps) == ']')
    return fail (ps, ps->pos, "%s", _("the document lists no files"));
  while ((more = next_element (ps, &first)) > 0)
    {
      bool ok = file_object (ps, have_first ? &scratch : b);

      have_first = true;
      builder_free (&scratch);
      if (!ok)
	return false;
    }
  return more == END;
}

/* The top level: a document {"files":[...]} or an ACL object. */
static bool
top_level (struct parser *ps, struct acl_builder *b)
{
  static const char *const keys[] = { ACL_KEYS, "files", NULL };
  enum { T_FILES = A_COUNT };
  struct members m;
  int key;

  if (!object_begin (ps, &m, keys))
    return false;
  while ((key = next_member (ps, &m)) >= 0)
    {
      bool is_document = key == T_FILES;
      bool mixed = is_document ? (m.seen & ~(1u << T_FILES)) != 0
			       : (m.seen & (1u << T_FILES)) != 0;

      if (mixed)
	return fail (ps, m.start, "%s", _("a document has only \"files\""));
      if (!(is_document ? files (ps, b) : acl_member (ps, b, key)))
	return false;
    }
  if (key == ERROR)
    return false;
  if (!(m.seen & (1u << T_FILES)))
    return require (ps, &m, A_ENTRIES);
  return true;
}

static struct richacl *
build (struct acl_builder *b)
{
  struct richacl *acl = richacl_alloc (b->count);

  if (!acl)
    xalloc_die ();
  if (b->count)
    memcpy (acl->a_entries, b->entries, b->count * sizeof *b->entries);
  acl->a_flags = b->flags;
  acl->a_owner_mask = b->owner_mask;
  acl->a_group_mask = b->group_mask;
  acl->a_other_mask = b->other_mask;
  return acl;
}

struct richacl *
json_parse_acl (const char *text, int *given, char **error)
{
  struct parser ps;
  struct acl_builder b;
  struct richacl *acl = NULL;

  memset (&ps, 0, sizeof ps);
  memset (&b, 0, sizeof b);
  ps.text = ps.pos = text;
  ps.end = text + strlen (text);
  if (top_level (&ps, &b))
    {
      if (peek (&ps))
	fail (&ps, ps.pos, "%s", _("unexpected data after the JSON document"));
      else
	acl = build (&b);
    }
  if (given)
    *given = acl ? b.given : 0;
  *error = ps.error;
  builder_free (&b);
  free (ps.str);
  free (ps.user.name);
  free (ps.group.name);
  return acl;
}
