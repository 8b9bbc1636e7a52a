/*
 * richacl_text_print.c - richacl_to_text, richacl_mask_to_text.
 *
 * The output is what getrichacl shows (SPEC sections 6 and 8), and it is
 * also valid input for richacl_from_text: every bit that has no name (an
 * unknown permission, entry flag, ACL flag or type) is printed as a hex
 * number so that nothing is lost on the way back.
 *
 * Aligned output needs the width of the longest who before the first line
 * is written, so the who strings are formatted in a first pass into one
 * buffer (one user or group database lookup per entry at most) and copied
 * in the second.  All output goes through a buffer that doubles when full,
 * which keeps printing linear in the size of the ACL.
 */
#include "richacl_internal.h"
#include "richacl_text_names.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A growing string.  After a failed allocation every append is a no-op. */
struct text_buffer
{
  char *text;
  size_t len, size;
  int failed;
};

static int
buffer_reserve (struct text_buffer *b, size_t more)
{
  size_t size;
  char *text;

  if (b->failed)
    return -1;
  if (b->len + more < b->size)
    return 0;
  size = b->size ? b->size : 64;
  while (size <= b->len + more)
    {
      if (size > ((size_t) -1) / 2)
	goto fail;
      size *= 2;
    }
  text = realloc (b->text, size);
  if (!text)
    goto fail;
  b->text = text;
  b->size = size;
  return 0;

fail:
  b->failed = 1;
  return -1;
}

static void
buffer_append (struct text_buffer *b, const char *s, size_t len)
{
  if (buffer_reserve (b, len))
    return;
  memcpy (b->text + b->len, s, len);
  b->len += len;
}

static void
buffer_puts (struct text_buffer *b, const char *s)
{
  buffer_append (b, s, strlen (s));
}

static void
buffer_putc (struct text_buffer *b, char c)
{
  if (buffer_reserve (b, 1))
    return;
  b->text[b->len++] = c;
}

static void
buffer_fill (struct text_buffer *b, char c, size_t count)
{
  if (buffer_reserve (b, count))
    return;
  memset (b->text + b->len, c, count);
  b->len += count;
}

/* Decimal, without the cost of printf: ids are printed once per entry. */
static void
buffer_put_uint (struct text_buffer *b, unsigned long value)
{
  char digits[24], *p = digits + sizeof digits;

  do
    *--p = '0' + value % 10;
  while (value /= 10);
  buffer_append (b, p, digits + sizeof digits - p);
}

static void
buffer_put_hex (struct text_buffer *b, unsigned int value)
{
  char digits[16], *p = digits + sizeof digits;

  do
    *--p = "0123456789abcdef"[value % 16];
  while (value /= 16);
  buffer_append (b, "0x", 2);
  buffer_append (b, p, digits + sizeof digits - p);
}

/* Hand the text over to the caller as a NUL-terminated string. */
static char *
buffer_finish (struct text_buffer *b)
{
  buffer_putc (b, '\0');
  if (b->failed)
    {
      free (b->text);
      errno = ENOMEM;
      return NULL;
    }
  return b->text;
}

/*
 * Bits without a name are appended as a hex number, after a '/' when the
 * field already has something in it.  The parser reads them back.
 */
static void
write_unknown_bits (struct text_buffer *b, size_t field_start,
		    unsigned int unknown)
{
  if (!unknown)
    return;
  if (b->len != field_start)
    buffer_putc (b, '/');
  buffer_put_hex (b, unknown);
}

/* The long name(s) of permission @n in the context that @flags choose. */
static void
write_long_mask_name (struct text_buffer *b, const struct richacl_text_name *n,
		      int flags)
{
  int context = flags & (RICHACL_TEXT_FILE_CONTEXT
			 | RICHACL_TEXT_DIRECTORY_CONTEXT);

  if (!n->dir_name || context == RICHACL_TEXT_FILE_CONTEXT)
    buffer_puts (b, n->name);
  else if (context == RICHACL_TEXT_DIRECTORY_CONTEXT)
    buffer_puts (b, n->dir_name);
  else
    {
      /* Without a (single) context the bit means both things. */
      buffer_puts (b, n->name);
      buffer_putc (b, '/');
      buffer_puts (b, n->dir_name);
    }
}

/*
 * The mask field.  With SIMPLIFY the always allowed permissions are left
 * out: granting or denying them changes nothing, so showing them is noise.
 */
static void
write_mask (struct text_buffer *b, unsigned int mask, int flags)
{
  unsigned int hidden = (flags & RICHACL_TEXT_SIMPLIFY)
			? RICHACE_POSIX_ALWAYS_ALLOWED : 0;
  size_t start = b->len;
  size_t i;

  mask &= ~hidden;
  for (i = 0; i < RICHACL_TEXT_COUNT (richacl_text_mask_names); i++)
    {
      const struct richacl_text_name *n = &richacl_text_mask_names[i];

      if (n->bit & hidden)
	continue;
      if (flags & RICHACL_TEXT_LONG)
	{
	  if (!(mask & n->bit))
	    continue;
	  if (b->len != start)
	    buffer_putc (b, '/');
	  write_long_mask_name (b, n, flags);
	}
      else if (mask & n->bit)
	buffer_putc (b, n->letter);
      else if (flags & RICHACL_TEXT_ALIGN)
	buffer_putc (b, '-');
    }
  write_unknown_bits (b, start, mask & ~RICHACE_VALID_MASK);
}

/* Entry flags and ACL flags: letters or long names, never padded. */
static void
write_flags (struct text_buffer *b, unsigned int value,
	     const struct richacl_text_name *table, size_t count,
	     unsigned int unknown, int flags)
{
  size_t start = b->len;
  size_t i;

  for (i = 0; i < count; i++)
    {
      if (!(value & table[i].bit))
	continue;
      if (!(flags & RICHACL_TEXT_LONG))
	buffer_putc (b, table[i].letter);
      else
	{
	  if (b->len != start)
	    buffer_putc (b, '/');
	  buffer_puts (b, table[i].name);
	}
    }
  write_unknown_bits (b, start, unknown);
}

static void
write_ace_flags (struct text_buffer *b, unsigned short e_flags, int flags)
{
  unsigned int unknown = e_flags & ~(RICHACE_INHERITANCE_FLAGS
				     | RICHACL_TEXT_WHO_FLAGS);

  write_flags (b, e_flags, richacl_text_ace_flag_names,
	       RICHACL_TEXT_COUNT (richacl_text_ace_flag_names), unknown,
	       flags);
}

static void
write_acl_flags (struct text_buffer *b, unsigned char a_flags, int flags)
{
  write_flags (b, a_flags, richacl_text_acl_flag_names,
	       RICHACL_TEXT_COUNT (richacl_text_acl_flag_names),
	       a_flags & ~RICHACL_VALID_FLAGS, flags);
}

static void
write_type (struct text_buffer *b, unsigned short type)
{
  if (type == RICHACE_ACCESS_ALLOWED_ACE_TYPE)
    buffer_append (b, "allow", 5);
  else if (type == RICHACE_ACCESS_DENIED_ACE_TYPE)
    buffer_append (b, "deny", 4);
  else
    buffer_put_hex (b, type);
}

/*
 * The last user and group looked up.  ACLs tend to name the same few
 * principals over and over, and each database lookup can mean reading a
 * file or asking a daemon.
 */
struct name_cache
{
  int valid;
  id_t id;
  char *name;			/* NULL when the id has no name */
};

/* The name of @id, or NULL when it has none or the lookup failed. */
static char *
lookup_id_name (id_t id, int is_group)
{
  char *name;

  if (richacl_id_to_name (id, is_group, &name) <= 0)
    return NULL;
  return name;
}

/*
 * Write the name of @id, or the number when it has none.  A failed lookup
 * is treated like a missing name: the number is always a correct who.
 */
static void
write_id (struct text_buffer *b, id_t id, int is_group, int flags,
	  struct name_cache *cache)
{
  if (!(flags & RICHACL_TEXT_NUMERIC_IDS))
    {
      if (!cache->valid || cache->id != id)
	{
	  free (cache->name);
	  cache->name = lookup_id_name (id, is_group);
	  cache->id = id;
	  cache->valid = 1;
	}
      if (cache->name)
	{
	  buffer_puts (b, cache->name);
	  return;
	}
    }
  buffer_put_uint (b, id);
}

static const char *const special_who[] = { "owner@", "group@", "everyone@" };

/* The who field of @ace.  -1 with errno EINVAL when it has no text form. */
static int
write_who (struct text_buffer *b, const struct richace *ace, int flags,
	   struct name_cache *users, struct name_cache *groups)
{
  int is_group = (ace->e_flags & RICHACE_IDENTIFIER_GROUP) != 0;

  if (ace->e_flags & RICHACE_SPECIAL_WHO)
    {
      if (ace->e_id > RICHACE_EVERYONE_SPECIAL_ID)
	{
	  errno = EINVAL;
	  return -1;
	}
      buffer_puts (b, special_who[ace->e_id]);
      return 0;
    }
  buffer_puts (b, is_group ? "group:" : "user:");
  if (ace->e_flags & RICHACE_UNMAPPED_WHO)
    buffer_puts (b, ace->e_who);
  else
    write_id (b, ace->e_id, is_group, flags, is_group ? groups : users);
  return 0;
}

/*
 * The who strings of all entries, one after the other in @whos, entry n
 * from @ends[n - 1] (or 0) to @ends[n].  Returns the longest length, or -1.
 */
static long
format_whos (const struct richacl *acl, int flags, struct text_buffer *whos,
	     size_t *ends)
{
  struct name_cache users = { 0, 0, NULL }, groups = { 0, 0, NULL };
  size_t longest = 0, start = 0, n;
  int err = 0;

  for (n = 0; n < acl->a_count; n++)
    {
      if (write_who (whos, &acl->a_entries[n], flags, &users, &groups))
	{
	  err = errno;
	  break;
	}
      ends[n] = whos->len;
      if (longest < whos->len - start)
	longest = whos->len - start;
      start = whos->len;
    }
  free (users.name);
  free (groups.name);
  if (err)
    {
      errno = err;
      return -1;
    }
  if (whos->failed)
    {
      errno = ENOMEM;
      return -1;
    }
  return longest;
}

/* Start a line: the who right-justified to @width, then the colon. */
static void
write_who_column (struct text_buffer *b, const char *who, size_t len,
		  size_t width)
{
  if (len < width)
    buffer_fill (b, ' ', width - len);
  buffer_append (b, who, len);
  buffer_putc (b, ':');
}

static void
write_mask_line (struct text_buffer *b, const char *who, unsigned int mask,
		 size_t width, int flags)
{
  write_who_column (b, who, strlen (who), width);
  write_mask (b, mask, flags);
  buffer_append (b, "::mask\n", 7);
}

/*
 * richacl_to_text  -  the text form of @acl, one line per entry.
 *
 * @flags are RICHACL_TEXT_*.  The `flags:` line appears whenever the ACL
 * has flags (auto_inherit must be visible even in the simplified view);
 * the mask lines only with RICHACL_TEXT_SHOW_MASKS.  Returns a malloc'd
 * string, or NULL with errno ENOMEM, or EINVAL for an entry whose who has
 * no text form (a special id above everyone@).
 */
RICHACL_EXPORT char *
richacl_to_text (const struct richacl *acl, int flags)
{
  struct text_buffer b = { NULL, 0, 0, 0 }, whos = { NULL, 0, 0, 0 };
  int show_masks = (flags & RICHACL_TEXT_SHOW_MASKS) != 0;
  size_t *ends, width = 0, start = 0, n;
  long longest;

  ends = malloc ((acl->a_count ? acl->a_count : 1) * sizeof *ends);
  if (!ends)
    return NULL;
  longest = format_whos (acl, flags, &whos, ends);
  if (longest < 0)
    goto fail;
  if (flags & RICHACL_TEXT_ALIGN)
    {
      /* "flags", "owner", "group" and "other" are five wide. */
      if ((acl->a_flags || show_masks) && longest < 5)
	longest = 5;
      width = longest + 1;
    }

  if (buffer_reserve (&b, (acl->a_count + 4) * (width + 40)))
    goto nomem;
  if (acl->a_flags)
    {
      write_who_column (&b, "flags", 5, width);
      write_acl_flags (&b, acl->a_flags, flags);
      buffer_putc (&b, '\n');
    }
  if (show_masks)
    {
      write_mask_line (&b, "owner", acl->a_owner_mask, width, flags);
      write_mask_line (&b, "group", acl->a_group_mask, width, flags);
      write_mask_line (&b, "other", acl->a_other_mask, width, flags);
    }
  for (n = 0; n < acl->a_count; n++)
    {
      const struct richace *ace = &acl->a_entries[n];

      write_who_column (&b, whos.text + start, ends[n] - start, width);
      start = ends[n];
      write_mask (&b, ace->e_mask, flags);
      buffer_putc (&b, ':');
      write_ace_flags (&b, ace->e_flags, flags);
      buffer_putc (&b, ':');
      write_type (&b, ace->e_type);
      buffer_putc (&b, '\n');
    }
  free (ends);
  free (whos.text);
  return buffer_finish (&b);

nomem:
  errno = ENOMEM;
fail:
  free (ends);
  free (whos.text);
  free (b.text);
  return NULL;
}

/*
 * richacl_mask_to_text  -  the mask field alone, as richacl_to_text would
 * print it with the same @flags.  Returns a malloc'd string, or NULL with
 * errno ENOMEM.
 */
RICHACL_EXPORT char *
richacl_mask_to_text (unsigned int mask, int flags)
{
  struct text_buffer b = { NULL, 0, 0, 0 };

  write_mask (&b, mask, flags);
  return buffer_finish (&b);
}
