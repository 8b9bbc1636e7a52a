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
  const char *p;	/* the next byte to look at */
  char *error;		/* the first error; then the parse unwinds */
  char *str;		/* the last string read, decoded (may hold '\0') */
  size_t str_len, str_alloc;
  struct id_cache user, group;
};

/* --- errors -------------------------------------------------------------- */

/* Record an error at @at: "LINE:COLUMN: " and the message.  Returns false
   for the callers to pass up. */
static bool __attribute__ ((format (printf, 3, 4)))
fail (struct parser *P, const char *at, const char *fmt, ...)
{
  unsigned long line = 1;
  const char *line_start = P->text, *s;
  char *msg;
  int len;
  va_list ap;

  if (P->error)
    return false;
  for (s = P->text; s < at; s++)
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
  P->error = xcharalloc (len + 1);
  snprintf (P->error, len + 1, "%lu:%lu: %s", line,
	    (unsigned long) (at - line_start) + 1, msg);
  free (msg);
  return false;
}

/* The last string read, quoted for a message (in quote slot @n), and cut
   short if long: it may be anything the input held. */
static const char *
quoted_str (struct parser *P, int n)
{
  enum { MAX_SHOWN = 64 };
  size_t len = P->str_len;

  if (len > MAX_SHOWN)
    {
      len = MAX_SHOWN;
      while (len && (P->str[len] & 0xc0) == 0x80)
	len--;		/* do not cut a character in two */
      memcpy (P->str + len, "...", 4);
      len += 3;
    }
  return quote_n_mem (n, P->str, len);
}

/* What is at P->p is not what the format wants there. */
static bool
fail_expected (struct parser *P, const char *what)
{
  if (P->p == P->end)
    return fail (P, P->p, "%s", _("unexpected end of input"));
  return fail (P, P->p, "%s", what);
}

/* --- tokens -------------------------------------------------------------- */

/* Skip JSON white space; return the next byte ('\0' at the end). */
static char
peek (struct parser *P)
{
  while (*P->p == ' ' || *P->p == '\t' || *P->p == '\n' || *P->p == '\r')
    P->p++;
  return *P->p;
}

/* Take @c, or fail with @what. */
static bool
expect (struct parser *P, char c, const char *what)
{
  if (peek (P) != c)
    return fail_expected (P, what);
  P->p++;
  return true;
}

static void
str_append (struct parser *P, const char *s, size_t n)
{
  /* +4: quoted_str() may put "..." and a '\0' after the 64th byte. */
  while (P->str_len + n + 4 > P->str_alloc)
    P->str = x2nrealloc (P->str, &P->str_alloc, 1);
  memcpy (P->str + P->str_len, s, n);
  P->str_len += n;
  P->str[P->str_len] = '\0';
}

/* Four hex digits of a \u escape at P->p. */
static bool
hex4 (struct parser *P, const char *escape, unsigned int *value)
{
  unsigned int v = 0;
  int i;

  for (i = 0; i < 4; i++)
    {
      char c = P->p[i];

      if (!c_isxdigit (c))
	return fail (P, escape, "%s", _("invalid \\u escape in string"));
      v = v * 16 + (c_isdigit (c) ? c - '0' : c_tolower (c) - 'a' + 10);
    }
  P->p += 4;
  *value = v;
  return true;
}

/* A \u escape (P->p is after the 'u'), with the second half of a
   surrogate pair when there is one; appended as UTF-8. */
static bool
unicode_escape (struct parser *P)
{
  const char *escape = P->p - 2;
  unsigned int cp, low;
  char utf8[4];
  size_t n;

  if (!hex4 (P, escape, &cp))
    return false;
  if (cp >= 0xdc00 && cp <= 0xdfff)
    return fail (P, escape, "%s", _("unpaired surrogate in \\u escape"));
  if (cp >= 0xd800 && cp <= 0xdbff)
    {
      if (P->p[0] != '\\' || P->p[1] != 'u')
	return fail (P, escape, "%s", _("unpaired surrogate in \\u escape"));
      P->p += 2;
      if (!hex4 (P, escape, &low))
	return false;
      if (low < 0xdc00 || low > 0xdfff)
	return fail (P, escape, "%s", _("unpaired surrogate in \\u escape"));
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
  str_append (P, utf8, n);
  return true;
}

static bool
escape (struct parser *P)
{
  static const char from[] = "\"\\/bfnrt";
  static const char to[] = "\"\\/\b\f\n\r\t";
  const char *c;

  P->p++;			/* the backslash */
  if (*P->p == 'u')
    {
      P->p++;
      return unicode_escape (P);
    }
  c = *P->p ? strchr (from, *P->p) : NULL;
  if (!c)
    return fail (P, P->p - 1, "%s", _("invalid escape in string"));
  str_append (P, &to[c - from], 1);
  P->p++;
  return true;
}

/* A string, decoded into P->str and P->str_len; @what says what the
   format wants when there is no string. */
static bool
string (struct parser *P, const char *what)
{
  if (peek (P) != '"')
    return fail_expected (P, what);
  P->p++;
  P->str_len = 0;
  str_append (P, "", 0);
  for (;;)
    {
      const unsigned char *u = (const unsigned char *) P->p;
      const char *run = P->p;
      size_t n;

      /* Copy the plain bytes in one go. */
      while (*u >= 0x20 && *u < 0x80 && *u != '"' && *u != '\\')
	u++;
      str_append (P, run, (const char *) u - run);
      P->p = (const char *) u;
      if (*u == '"')
	{
	  P->p++;
	  return true;
	}
      if (*u == '\\')
	{
	  if (!escape (P))
	    return false;
	  continue;
	}
      if (!*u)
	return fail (P, P->p, "%s", _("unterminated string"));
      if (*u < 0x20)
	return fail (P, P->p, "%s", _("control character in string"));
      n = utf8_sequence_length (u, P->end - P->p);
      if (!n)
	return fail (P, P->p, "%s", _("invalid UTF-8 in string"));
      str_append (P, P->p, n);
      P->p += n;
    }
}

/* The last string is @word (ASCII, any case). */
static bool
str_is (struct parser *P, const char *word)
{
  size_t len = strlen (word);

  return P->str_len == len && c_strncasecmp (P->str, word, len) == 0;
}

/*
 * A user or group id: a JSON number that is a non-negative integer
 * below (id_t) -1 (which means "no id" to the system calls).
 */
static bool
id_number (struct parser *P, id_t *id)
{
  const uintmax_t max = (id_t) -1 - 1;
  const char *start;
  uintmax_t v = 0;
  bool integer = true, overflow = false;

  peek (P);
  start = P->p;
  if (*P->p == '-')
    {
      integer = false;
      P->p++;
    }
  if (!c_isdigit (*P->p))
    return fail_expected (P, _("expected a number"));
  if (*P->p == '0' && c_isdigit (P->p[1]))
    return fail (P, start, "%s", _("invalid number"));
  for (; c_isdigit (*P->p); P->p++)
    {
      unsigned int d = *P->p - '0';

      if (v > (max - d) / 10)
	overflow = true;
      else
	v = v * 10 + d;
    }
  if (*P->p == '.')
    {
      integer = false;
      P->p++;
      if (!c_isdigit (*P->p))
	return fail (P, start, "%s", _("invalid number"));
      while (c_isdigit (*P->p))
	P->p++;
    }
  if (*P->p == 'e' || *P->p == 'E')
    {
      integer = false;
      P->p++;
      if (*P->p == '+' || *P->p == '-')
	P->p++;
      if (!c_isdigit (*P->p))
	return fail (P, start, "%s", _("invalid number"));
      while (c_isdigit (*P->p))
	P->p++;
    }
  if (!integer)
    return fail (P, start, "%s", _("expected a non-negative integer"));
  if (overflow)
    return fail (P, start, "%s", _("number out of range"));
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
object_begin (struct parser *P, struct members *m, const char *const *keys)
{
  if (peek (P) != '{')
    return fail_expected (P, _("expected an object"));
  m->keys = keys;
  m->seen = 0;
  m->first = true;
  m->start = P->p++;
  return true;
}

/* The index of the next key (its ':' taken), END after the '}', ERROR. */
static int
next_member (struct parser *P, struct members *m)
{
  const char *key_at;
  int i;

  if (peek (P) == '}' && m->first)
    {
      P->p++;
      return END;
    }
  if (!m->first)
    {
      if (peek (P) == '}')
	{
	  P->p++;
	  return END;
	}
      if (!expect (P, ',', _("expected ',' or '}'")))
	return ERROR;
    }
  m->first = false;
  peek (P);
  key_at = P->p;
  if (!string (P, _("expected a string (a key)")))
    return ERROR;
  for (i = 0; m->keys[i]; i++)
    if (P->str_len == strlen (m->keys[i])
	&& memcmp (P->str, m->keys[i], P->str_len) == 0)
      break;
  if (!m->keys[i])
    {
      fail (P, key_at, _("unknown key %s"), quoted_str (P, 0));
      return ERROR;
    }
  if (m->seen & (1u << i))
    {
      fail (P, key_at, _("duplicate key %s"), quoted_str (P, 0));
      return ERROR;
    }
  m->seen |= 1u << i;
  if (!expect (P, ':', _("expected ':'")))
    return ERROR;
  return i;
}

/* After the '}': key @i must have been given. */
static bool
require (struct parser *P, const struct members *m, int i)
{
  if (m->seen & (1u << i))
    return true;
  return fail (P, m->start, _("missing key %s"), quote (m->keys[i]));
}

static bool
array_begin (struct parser *P, bool *first)
{
  if (peek (P) != '[')
    return fail_expected (P, _("expected an array"));
  P->p++;
  *first = true;
  return true;
}

/* 1 when an element follows, END after the ']', ERROR. */
static int
next_element (struct parser *P, bool *first)
{
  if (peek (P) == ']')
    {
      P->p++;
      return END;
    }
  if (!*first && !expect (P, ',', _("expected ',' or ']'")))
    return ERROR;
  *first = false;
  return 1;
}

/* --- names of permissions and flags -------------------------------------- */

/* What a list of names holds; selects the table and the messages. */
enum bits_kind { PERMISSIONS, ENTRY_FLAGS, ACL_FLAGS };

/* "0x..." (up to 8 hex digits) as the text format writes unnamed bits. */
static bool
str_hex (struct parser *P, unsigned long *value)
{
  unsigned long v = 0;
  size_t i;

  if (P->str_len < 3 || P->str_len > 10 || P->str[0] != '0'
      || (P->str[1] != 'x' && P->str[1] != 'X'))
    return false;
  for (i = 2; i < P->str_len; i++)
    {
      char c = P->str[i];

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
lookup_bit (struct parser *P, const struct richacl_text_name *table,
	    size_t count)
{
  size_t i;

  for (i = 0; i < count; i++)
    if (str_is (P, table[i].name)
	|| (table[i].dir_name && str_is (P, table[i].dir_name)))
      return table[i].bit;
  return 0;
}

/* An array of names of @kind; their bits are or'ed into @value. */
static bool
bits (struct parser *P, enum bits_kind kind, unsigned int *value)
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
  if (!array_begin (P, &first))
    return false;
  while ((more = next_element (P, &first)) > 0)
    {
      const char *at;
      unsigned int bit;

      peek (P);
      at = P->p;
      if (!string (P, _("expected a string")))
	return false;
      bit = lookup_bit (P, table, count);
      if (!bit && str_hex (P, &hex) && hex && !(hex & ~allowed))
	bit = hex;
      if (!bit)
	return fail (P, at, kind == PERMISSIONS ? _("unknown permission %s")
			    : kind == ENTRY_FLAGS ? _("unknown entry flag %s")
			    : _("unknown ACL flag %s"),
		     quoted_str (P, 0));
      *value |= bit;
    }
  return more == END;
}

/* --- users and groups ---------------------------------------------------- */

/* The bytes a "name_hex" value stands for, in P->str. */
static bool
decode_hex_name (struct parser *P, const char *at)
{
  size_t i;

  if (P->str_len == 0 || P->str_len % 2)
    return fail (P, at, "%s", _("invalid hex string"));
  for (i = 0; i < P->str_len; i += 2)
    {
      char hi = P->str[i], lo = P->str[i + 1];

      if (!c_isxdigit (hi) || !c_isxdigit (lo))
	return fail (P, at, "%s", _("invalid hex string"));
      P->str[i / 2] = ((c_isdigit (hi) ? hi - '0' : c_tolower (hi) - 'a' + 10)
		       << 4)
		      | (c_isdigit (lo) ? lo - '0' : c_tolower (lo) - 'a' + 10);
    }
  P->str_len /= 2;
  P->str[P->str_len] = '\0';
  return true;
}

/* The id of user or group @name (@len bytes). */
static bool
lookup_name (struct parser *P, const char *at, const char *name, size_t len,
	     bool is_group, id_t *id)
{
  struct id_cache *cache = is_group ? &P->group : &P->user;
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
    return fail (P, at, is_group ? _("unknown group %s") : _("unknown user %s"),
		 quote_n_mem (0, name, len > 64 ? 64 : len));
  free (cache->name);
  cache->name = xmemdup (name, len + 1);
  cache->id = *id;
  return true;
}

/* "owner" and "group" of a file: {"uid"|"gid":N,"name":S|"name_hex":S}.
   Checked, not used: setrichacl sets ACLs, not owners. */
static bool
principal (struct parser *P, bool is_group)
{
  static const char *const user_keys[] = { "uid", "name", "name_hex", NULL };
  static const char *const group_keys[] = { "gid", "name", "name_hex", NULL };
  struct members m;
  int key;
  id_t id;

  if (!object_begin (P, &m, is_group ? group_keys : user_keys))
    return false;
  while ((key = next_member (P, &m)) >= 0)
    {
      const char *at = (peek (P), P->p);
      bool ok;

      if (key == 0)
	ok = id_number (P, &id);
      else
	{
	  ok = string (P, _("expected a string"));
	  if (ok && key == 2)
	    ok = decode_hex_name (P, at);
	}
      if (!ok)
	return false;
    }
  if (key == ERROR || !require (P, &m, 0))
    return false;
  if ((m.seen & 6) == 6)
    return fail (P, m.start, "%s",
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
who_value (struct parser *P, struct entry_members *e)
{
  static const char *const special[] = { "owner@", "group@", "everyone@" };
  const char *at = (peek (P), P->p);
  id_t i;

  if (!string (P, _("expected a string")))
    return false;
  for (i = 0; i < 3; i++)
    if (str_is (P, special[i]))
      {
	e->who = WHO_SPECIAL;
	e->id = i;
	return true;
      }
  if (str_is (P, "user"))
    e->who = WHO_USER;
  else if (str_is (P, "group"))
    e->who = WHO_GROUP;
  else
    return fail (P, at, _("unknown who %s"), quoted_str (P, 0));
  return true;
}

static bool
type_value (struct parser *P, unsigned short *type)
{
  const char *at = (peek (P), P->p);
  unsigned long hex;

  if (!string (P, _("expected a string")))
    return false;
  if (str_is (P, "allow"))
    *type = RICHACE_ACCESS_ALLOWED_ACE_TYPE;
  else if (str_is (P, "deny"))
    *type = RICHACE_ACCESS_DENIED_ACE_TYPE;
  else if (str_hex (P, &hex) && hex <= 0xffff)
    *type = hex;		/* what the writer shows for other types */
  else
    return fail (P, at, _("unknown entry type %s"), quoted_str (P, 0));
  return true;
}

static bool
name_value (struct parser *P, struct entry_members *e, bool hex)
{
  peek (P);
  e->name_at = P->p;
  if (!string (P, _("expected a string")))
    return false;
  if (hex && !decode_hex_name (P, e->name_at))
    return false;
  e->name = xmemdup (P->str, P->str_len + 1);
  e->name_len = P->str_len;
  return true;
}

/* Make the entry's who from what its members said. */
static bool
entry_who (struct parser *P, const struct members *m,
	   const struct entry_members *e, struct richace *ace)
{
  const unsigned int id_or_name = (1u << E_ID) | (1u << E_NAME)
				  | (1u << E_NAME_HEX);
  bool is_group = e->who == WHO_GROUP;

  if (e->who == WHO_SPECIAL)
    {
      if (m->seen & id_or_name)
	return fail (P, m->start, "%s",
		     _("owner@, group@ and everyone@ entries have no "
		       "\"id\" or \"name\""));
      ace->e_flags |= RICHACE_SPECIAL_WHO;
      ace->e_id = e->id;
      return true;
    }
  if (is_group)
    ace->e_flags |= RICHACE_IDENTIFIER_GROUP;
  if ((m->seen & (1u << E_NAME)) && (m->seen & (1u << E_NAME_HEX)))
    return fail (P, m->start, "%s",
		 _("\"name\" and \"name_hex\" cannot both be given"));
  /* The id wins: it is what the file system stores, and a name may
     mean another id (or nothing) on the system the ACL is read on. */
  if (m->seen & (1u << E_ID))
    ace->e_id = e->id;
  else if (e->name)
    return lookup_name (P, e->name_at, e->name, e->name_len, is_group,
			&ace->e_id);
  else
    return fail (P, m->start, "%s",
		 _("user and group entries need an \"id\" or a \"name\""));
  return true;
}

/* The members of an entry object (after its '{'). */
static bool
entry_members (struct parser *P, struct members *m, struct entry_members *e,
	       struct richace *ace)
{
  unsigned int flags, mask;
  int key;

  while ((key = next_member (P, m)) >= 0)
    {
      bool ok = true;

      switch (key)
	{
	case E_WHO:
	  ok = who_value (P, e);
	  break;
	case E_ID:
	  ok = id_number (P, &e->id);
	  break;
	case E_NAME:
	case E_NAME_HEX:
	  ok = name_value (P, e, key == E_NAME_HEX);
	  break;
	case E_TYPE:
	  ok = type_value (P, &ace->e_type);
	  break;
	case E_FLAGS:
	  ok = bits (P, ENTRY_FLAGS, &flags);
	  ace->e_flags |= flags;
	  break;
	case E_PERMISSIONS:
	  ok = bits (P, PERMISSIONS, &mask);
	  ace->e_mask = mask;
	  break;
	}
      if (!ok)
	return false;
    }
  return key == END && require (P, m, E_WHO) && require (P, m, E_TYPE)
	 && require (P, m, E_PERMISSIONS) && entry_who (P, m, e, ace);
}

static bool
entry (struct parser *P, struct acl_builder *b)
{
  struct members m;
  struct entry_members e = { WHO_SPECIAL, 0, NULL, 0, NULL };
  struct richace ace;
  bool ok;

  peek (P);
  if (b->count == 0xffff)	/* a_count is an unsigned short */
    return fail (P, P->p, "%s", _("too many entries"));
  if (!object_begin (P, &m, entry_keys))
    return false;
  memset (&ace, 0, sizeof ace);
  ok = entry_members (P, &m, &e, &ace);
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
masks (struct parser *P, struct acl_builder *b)
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

  if (!object_begin (P, &m, keys))
    return false;
  while ((key = next_member (P, &m)) >= 0)
    {
      if (!bits (P, PERMISSIONS, where[key]))
	return false;
      b->given |= given[key];
    }
  return key == END;
}

static bool
entries (struct parser *P, struct acl_builder *b)
{
  bool first;
  int more;

  if (!array_begin (P, &first))
    return false;
  while ((more = next_element (P, &first)) > 0)
    if (!entry (P, b))
      return false;
  return more == END;
}

/* The keys of an ACL object; the document's top level shares them. */
enum { A_FLAGS, A_MASKS, A_ENTRIES, A_COUNT };
#define ACL_KEYS "flags", "masks", "entries"

/* The value of ACL key @key (A_*). */
static bool
acl_member (struct parser *P, struct acl_builder *b, int key)
{
  unsigned int flags;

  switch (key)
    {
    case A_FLAGS:
      if (!bits (P, ACL_FLAGS, &flags))
	return false;
      b->flags = flags;
      b->given |= RICHACL_TEXT_FLAGS;
      return true;
    case A_MASKS:
      return masks (P, b);
    default:
      return entries (P, b);
    }
}

static bool
acl_object (struct parser *P, struct acl_builder *b)
{
  static const char *const keys[] = { ACL_KEYS, NULL };
  struct members m;
  int key;

  if (!object_begin (P, &m, keys))
    return false;
  while ((key = next_member (P, &m)) >= 0)
    if (!acl_member (P, b, key))
      return false;
  return key == END && require (P, &m, A_ENTRIES);
}

/* --- files and the document ---------------------------------------------- */

static const char *const file_keys[] = {
  "name", "name_hex", "type", "owner", "group", "mode", "acl", NULL
};
enum { F_NAME, F_NAME_HEX, F_TYPE, F_OWNER, F_GROUP, F_MODE, F_ACL };

/* One file of "files"; its ACL goes to @b.  Only the ACL is used, but all
   members are checked, so that a document is valid or not as a whole. */
static bool
file_object (struct parser *P, struct acl_builder *b)
{
  struct members m;
  int key;

  if (!object_begin (P, &m, file_keys))
    return false;
  while ((key = next_member (P, &m)) >= 0)
    {
      const char *at = (peek (P), P->p);
      bool ok;

      switch (key)
	{
	case F_OWNER:
	case F_GROUP:
	  ok = principal (P, key == F_GROUP);
	  break;
	case F_ACL:
	  ok = acl_object (P, b);
	  break;
	default:
	  ok = string (P, _("expected a string"));
	  if (ok && key == F_NAME_HEX)
	    ok = decode_hex_name (P, at);
	}
      if (!ok)
	return false;
    }
  if (key == ERROR || !require (P, &m, F_ACL))
    return false;
  if ((m.seen & (1u << F_NAME)) && (m.seen & (1u << F_NAME_HEX)))
    return fail (P, m.start, "%s",
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
files (struct parser *P, struct acl_builder *b)
{
  struct acl_builder scratch;
  bool first, have_first = false;
  int more;

  memset (&scratch, 0, sizeof scratch);
  if (!array_begin (P, &first))
    return false;
  if (peek (P) == ']')
    return fail (P, P->p, "%s", _("the document lists no files"));
  while ((more = next_element (P, &first)) > 0)
    {
      bool ok = file_object (P, have_first ? &scratch : b);

      have_first = true;
      builder_free (&scratch);
      if (!ok)
	return false;
    }
  return more == END;
}

/* The top level: a document {"files":[...]} or an ACL object. */
static bool
top_level (struct parser *P, struct acl_builder *b)
{
  static const char *const keys[] = { ACL_KEYS, "files", NULL };
  enum { T_FILES = A_COUNT };
  struct members m;
  int key;

  if (!object_begin (P, &m, keys))
    return false;
  while ((key = next_member (P, &m)) >= 0)
    {
      bool is_document = key == T_FILES;
      bool mixed = is_document ? (m.seen & ~(1u << T_FILES)) != 0
			       : (m.seen & (1u << T_FILES)) != 0;

      if (mixed)
	return fail (P, m.start, "%s", _("a document has only \"files\""));
      if (!(is_document ? files (P, b) : acl_member (P, b, key)))
	return false;
    }
  if (key == ERROR)
    return false;
  if (!(m.seen & (1u << T_FILES)))
    return require (P, &m, A_ENTRIES);
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
  struct parser P;
  struct acl_builder b;
  struct richacl *acl = NULL;

  memset (&P, 0, sizeof P);
  memset (&b, 0, sizeof b);
  P.text = P.p = text;
  P.end = text + strlen (text);
  if (top_level (&P, &b))
    {
      if (peek (&P))
	fail (&P, P.p, "%s", _("unexpected data after the JSON document"));
      else
	acl = build (&b);
    }
  if (given)
    *given = acl ? b.given : 0;
  *error = P.error;
  builder_free (&b);
  free (P.str);
  free (P.user.name);
  free (P.group.name);
  return acl;
}
