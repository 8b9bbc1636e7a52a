/*
 * acl_json_write.c - `getrichacl --json`: the ACLs of files as one JSON
 * document (RFC 8259), streamed as the files come, one file per line:
 *
 *   {"files":[
 *   {"name":...,"type":...,"owner":...,"group":...,"mode":...,"acl":...},
 *   {...}
 *   ]}
 *
 * Keys always come in the order documented in getrichacl(1), so the
 * output of the same ACLs is the same bytes.
 */
#include <config.h>
#include "common.h"
#include "acl_json.h"
#include "acl_json_private.h"

#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* The last user or group name looked up: trees mostly belong to a few
   principals, and each lookup can mean asking a directory service. */
struct name_cache
{
  bool valid;
  id_t id;
  char *name;		/* NULL: the id has no name */
};

struct json_writer
{
  FILE *out;
  bool any_file;	/* a file has been written (a comma is due) */
  struct name_cache user, group;
};

struct json_writer *
json_writer_begin (FILE *out)
{
  struct json_writer *w = xzalloc (sizeof *w);

  w->out = out;
  fputs ("{\"files\":[", out);
  return w;
}

void
json_writer_end (struct json_writer *w)
{
  fputs (w->any_file ? "\n]}\n" : "]}\n", w->out);
  free (w->user.name);
  free (w->group.name);
  free (w);
}

bool
json_text_is_json (const char *text)
{
  text += strspn (text, " \t\r\n");
  return *text == '{';
}

/* --- strings ------------------------------------------------------------- */

/* True when the @len bytes at @s are valid UTF-8 throughout. */
static bool
is_utf8 (const char *s, size_t len)
{
  const unsigned char *p = (const unsigned char *) s;
  const unsigned char *end = p + len;

  while (p < end)
    {
      size_t n = utf8_sequence_length (p, end - p);

      if (!n)
	return false;
      p += n;
    }
  return true;
}

/* @s (valid UTF-8) as a JSON string.  Control characters and DEL are
   escaped, so that the output is one line and shows no raw controls. */
static void
put_string (FILE *out, const char *s)
{
  const unsigned char *p = (const unsigned char *) s;

  putc ('"', out);
  for (; *p; p++)
    {
      switch (*p)
	{
	case '"':
	  fputs ("\\\"", out);
	  break;
	case '\\':
	  fputs ("\\\\", out);
	  break;
	case '\n':
	  fputs ("\\n", out);
	  break;
	case '\t':
	  fputs ("\\t", out);
	  break;
	case '\r':
	  fputs ("\\r", out);
	  break;
	default:
	  if (*p < 0x20 || *p == 0x7f)
	    fprintf (out, "\\u%04x", *p);
	  else
	    putc (*p, out);
	}
    }
  putc ('"', out);
}

/*
 * "name":"@s" when @s is valid UTF-8; otherwise JSON cannot hold it as a
 * string, and "name_hex" gives its bytes as lowercase hex digits, which
 * any script can turn back into the exact name.
 */
static void
put_name (FILE *out, const char *s)
{
  if (is_utf8 (s, strlen (s)))
    {
      fputs ("\"name\":", out);
      put_string (out, s);
    }
  else
    {
      const unsigned char *p = (const unsigned char *) s;

      fputs ("\"name_hex\":\"", out);
      for (; *p; p++)
	fprintf (out, "%02x", *p);
      putc ('"', out);
    }
}

/* --- users and groups ---------------------------------------------------- */

static const char *
cached_name (struct name_cache *c, id_t id, bool is_group)
{
  const char *name = NULL;

  if (c->valid && c->id == id)
    return c->name;
  if (is_group)
    {
      struct group *gr = getgrgid (id);
      if (gr)
	name = gr->gr_name;
    }
  else
    {
      struct passwd *pw = getpwuid (id);
      if (pw)
	name = pw->pw_name;
    }
  free (c->name);
  c->name = name ? xstrdup (name) : NULL;
  c->id = id;
  c->valid = true;
  return c->name;
}

/* ,"name":... for user or group @id, unless numeric or it has no name. */
static void
put_id_name (struct json_writer *w, id_t id, bool is_group, int flags)
{
  const char *name;

  if (flags & JSON_NUMERIC_IDS)
    return;
  name = cached_name (is_group ? &w->group : &w->user, id, is_group);
  if (name)
    {
      putc (',', w->out);
      put_name (w->out, name);
    }
}

/* --- permissions and flags ----------------------------------------------- */

/*
 * The names of the bits of @bits in @table, in table order, as an array;
 * bits without a name follow as one "0x..." string so that nothing is
 * lost.  Always the first name of a row: JSON uses one name per bit
 * whatever the type of file, which is what scripts want to compare with.
 */
static void
put_bits (FILE *out, unsigned int bits, const struct richacl_text_name *table,
	  size_t count)
{
  unsigned int named = 0;
  bool first = true;
  size_t i;

  putc ('[', out);
  for (i = 0; i < count; i++)
    {
      named |= table[i].bit;
      if (bits & table[i].bit)
	{
	  fprintf (out, "%s\"%s\"", first ? "" : ",", table[i].name);
	  first = false;
	}
    }
  if (bits & ~named)
    fprintf (out, "%s\"0x%x\"", first ? "" : ",", bits & ~named);
  putc (']', out);
}

static void
put_mask (FILE *out, unsigned int mask)
{
  put_bits (out, mask, richacl_text_mask_names,
	    RICHACL_TEXT_COUNT (richacl_text_mask_names));
}

static void
put_masks (FILE *out, const struct richacl *acl)
{
  fputs ("\"masks\":{\"owner\":", out);
  put_mask (out, acl->a_owner_mask);
  fputs (",\"group\":", out);
  put_mask (out, acl->a_group_mask);
  fputs (",\"other\":", out);
  put_mask (out, acl->a_other_mask);
  fputs ("},", out);
}

/* --- entries ------------------------------------------------------------- */

static const char *const special_who[] = { "owner@", "group@", "everyone@" };

static void
put_who (struct json_writer *w, const struct richace *ace, int flags)
{
  FILE *out = w->out;

  if (ace->e_flags & RICHACE_SPECIAL_WHO)
    {
      if (ace->e_id <= RICHACE_EVERYONE_SPECIAL_ID)
	fprintf (out, "\"who\":\"%s\"", special_who[ace->e_id]);
      else
	/* No storage holds this (richacl_valid refuses it), and the
	   parser refuses it too; show it rather than lie. */
	fprintf (out, "\"who\":\"special\",\"id\":%lu",
		 (unsigned long) ace->e_id);
      return;
    }
  fprintf (out, "\"who\":\"%s\"",
	   (ace->e_flags & RICHACE_IDENTIFIER_GROUP) ? "group" : "user");
  if (ace->e_flags & RICHACE_UNMAPPED_WHO)
    {
      putc (',', out);
      put_name (out, ace->e_who);
      return;
    }
  fprintf (out, ",\"id\":%lu", (unsigned long) ace->e_id);
  put_id_name (w, ace->e_id, (ace->e_flags & RICHACE_IDENTIFIER_GROUP) != 0,
	       flags);
}

static void
put_entry (struct json_writer *w, const struct richace *ace, int flags)
{
  FILE *out = w->out;
  unsigned int hidden = (flags & (JSON_RAW | JSON_FULL))
			? 0 : RICHACE_POSIX_ALWAYS_ALLOWED;

  putc ('{', out);
  put_who (w, ace, flags);
  if (ace->e_type == RICHACE_ACCESS_ALLOWED_ACE_TYPE)
    fputs (",\"type\":\"allow\"", out);
  else if (ace->e_type == RICHACE_ACCESS_DENIED_ACE_TYPE)
    fputs (",\"type\":\"deny\"", out);
  else
    fprintf (out, ",\"type\":\"0x%x\"", ace->e_type);
  fputs (",\"flags\":", out);
  put_bits (out, ace->e_flags & ~JSON_WHO_FLAGS, richacl_text_ace_flag_names,
	    RICHACL_TEXT_COUNT (richacl_text_ace_flag_names));
  fputs (",\"permissions\":", out);
  put_mask (out, ace->e_mask & ~hidden);
  putc ('}', out);
}

static void
put_acl (struct json_writer *w, const struct richacl *acl, int flags)
{
  FILE *out = w->out;
  const struct richace *ace;

  fputs ("{\"flags\":", out);
  put_bits (out, acl->a_flags, richacl_text_acl_flag_names,
	    RICHACL_TEXT_COUNT (richacl_text_acl_flag_names));
  putc (',', out);
  /* Unmasked, the masks do not change what the entries grant: leave them
     out, so that setrichacl computes them from the entries. */
  if ((flags & JSON_RAW) || (acl->a_flags & RICHACL_MASKED))
    put_masks (out, acl);
  fputs ("\"entries\":[", out);
  richacl_for_each_entry (ace, acl)
    {
      if (ace != acl->a_entries)
	putc (',', out);
      put_entry (w, ace, flags);
    }
  fputs ("]}", out);
}

/* --- files --------------------------------------------------------------- */

static const char *
file_type (mode_t mode)
{
  if (S_ISREG (mode))
    return "file";
  if (S_ISDIR (mode))
    return "directory";
  if (S_ISLNK (mode))
    return "symlink";
  if (S_ISFIFO (mode))
    return "fifo";
  if (S_ISSOCK (mode))
    return "socket";
  if (S_ISCHR (mode))
    return "char_device";
  if (S_ISBLK (mode))
    return "block_device";
  return "unknown";
}

void
json_write_file (struct json_writer *w, const char *file,
		 const struct stat *st, const struct richacl *acl, int flags)
{
  FILE *out = w->out;

  fputs (w->any_file ? ",\n{" : "\n{", out);
  w->any_file = true;
  put_name (out, file);
  fprintf (out, ",\"type\":\"%s\"", file_type (st->st_mode));
  fprintf (out, ",\"owner\":{\"uid\":%lu", (unsigned long) st->st_uid);
  put_id_name (w, st->st_uid, false, flags);
  fprintf (out, "},\"group\":{\"gid\":%lu", (unsigned long) st->st_gid);
  put_id_name (w, st->st_gid, true, flags);
  fprintf (out, "},\"mode\":\"%04lo\",\"acl\":",
	   (unsigned long) (st->st_mode & 07777));
  put_acl (w, acl, flags);
  putc ('}', out);
}
