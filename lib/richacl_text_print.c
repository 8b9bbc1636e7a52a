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
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

/* A buffer size for getpwuid_r/getgrgid_r; ERANGE makes it grow. */
static size_t
initial_buffer_size (int which)
{
  long size = sysconf (which);

  return size > 0 && size < 65536 ? (size_t) size : 1024;
}

/*
 * The database lookups themselves.  Returns 1 and a malloc'd name in
 * *@name, 0 when the database says there is no such id (a definite
 * answer, which may be cached), or -1 when the lookup failed (out of
 * memory, or the database could not be asked: not cached).
 */
static int
query_user_name (uid_t uid, char **name)
{
  size_t size = initial_buffer_size (_SC_GETPW_R_SIZE_MAX);
  struct passwd pwd, *result;
  char *buf = NULL;
  int found = -1, err;

  *name = NULL;
  for (;;)
    {
      char *bigger = realloc (buf, size);

      if (!bigger)
	break;
      buf = bigger;
      err = getpwuid_r (uid, &pwd, buf, size, &result);
      if (err != ERANGE || size > (1 << 20))
	{
	  if (!err && result)
	    {
	      *name = strdup (result->pw_name);
	      found = *name ? 1 : -1;
	    }
	  else if (!err || err == ENOENT || err == ESRCH)
	    found = 0;
	  break;
	}
      size *= 2;
    }
  free (buf);
  return found;
}

static int
query_group_name (gid_t gid, char **name)
{
  size_t size = initial_buffer_size (_SC_GETGR_R_SIZE_MAX);
  struct group grp, *result;
  char *buf = NULL;
  int found = -1, err;

  *name = NULL;
  for (;;)
    {
      char *bigger = realloc (buf, size);

      if (!bigger)
	break;
      buf = bigger;
      err = getgrgid_r (gid, &grp, buf, size, &result);
      if (err != ERANGE || size > (1 << 20))
	{
	  if (!err && result)
	    {
	      *name = strdup (result->gr_name);
	      found = *name ? 1 : -1;
	    }
	  else if (!err || err == ENOENT || err == ESRCH)
	    found = 0;
	  break;
	}
      size *= 2;
    }
  free (buf);
  return found;
}

/*
 * A process-wide cache of id -> name answers, both found and not found,
 * shared by all threads under one mutex.  A recursive getrichacl asks for
 * the same few ids for every file, and each database lookup can mean
 * reading /etc/passwd or asking a daemon.  The cache is bounded: a fixed
 * number of sets of a few entries each, the least recently used entry of
 * a set making way; names too long for an entry are not cached.  Answers
 * expire, so that a long-running process sees changes to the databases.
 */
#define ID_CACHE_SETS 64		/* a power of two */
#define ID_CACHE_WAYS 4
#define ID_CACHE_NAME_MAX 64		/* including the '\0' */
#define ID_CACHE_TTL_FOUND 60		/* seconds */
#define ID_CACHE_TTL_NOT_FOUND 10

struct id_cache_entry
{
  unsigned long used;		/* 0: empty; else the time of last use */
  time_t expires;
  id_t id;
  int found;
  char name[ID_CACHE_NAME_MAX];
};

struct id_cache_table
{
  struct id_cache_entry entries[ID_CACHE_SETS][ID_CACHE_WAYS];
  unsigned long clock;
};

static struct id_cache_table user_name_cache, group_name_cache;
static pthread_mutex_t id_cache_lock = PTHREAD_MUTEX_INITIALIZER;

static time_t
id_cache_now (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_MONOTONIC, &ts))
    return 0;
  return ts.tv_sec;
}

static size_t
id_cache_set (id_t id)
{
  /* Ids of a site tend to be consecutive: mix the bits a little. */
  unsigned long h = (unsigned long) id * 2654435761UL;

  return (h >> 8) & (ID_CACHE_SETS - 1);
}

/*
 * Look @id up in @table.  Returns 1 and a malloc'd copy of the name in
 * *@name, 0 when the id is known to have no name, -1 when not cached (or
 * out of memory).  Called with id_cache_lock held.
 */
static int
id_cache_get (struct id_cache_table *table, id_t id, time_t now,
	      char **name)
{
  struct id_cache_entry *set = table->entries[id_cache_set (id)];
  int way;

  for (way = 0; way < ID_CACHE_WAYS; way++)
    {
      struct id_cache_entry *e = &set[way];

      if (e->used && e->id == id)
	{
	  if (now >= e->expires)
	    {
	      e->used = 0;
	      return -1;
	    }
	  e->used = ++table->clock;
	  if (!e->found)
	    return 0;
	  *name = strdup (e->name);
	  return *name ? 1 : -1;
	}
    }
  return -1;
}

/* Remember that @id has the name @name (NULL: has no name). */
static void
id_cache_put (struct id_cache_table *table, id_t id, const char *name,
	      time_t now)
{
  struct id_cache_entry *set = table->entries[id_cache_set (id)], *victim;
  int way;

  if (name && strlen (name) >= ID_CACHE_NAME_MAX)
    return;
  /* The entry of @id if another thread got there first, else an empty
     one, else the least recently used. */
  victim = NULL;
  for (way = 0; way < ID_CACHE_WAYS; way++)
    if (set[way].used && set[way].id == id)
      victim = &set[way];
  for (way = 0; !victim && way < ID_CACHE_WAYS; way++)
    if (!set[way].used)
      victim = &set[way];
  if (!victim)
    {
      victim = &set[0];
      for (way = 1; way < ID_CACHE_WAYS; way++)
	if (set[way].used < victim->used)
	  victim = &set[way];
    }
  victim->used = ++table->clock;
  victim->id = id;
  victim->found = name != NULL;
  victim->expires = now + (name ? ID_CACHE_TTL_FOUND
				: ID_CACHE_TTL_NOT_FOUND);
  if (name)
    strcpy (victim->name, name);
  else
    victim->name[0] = '\0';
}

/* The name of @id through the cache, or NULL when it has none. */
static char *
lookup_cached_name (id_t id, int is_group)
{
  struct id_cache_table *table = is_group ? &group_name_cache
					  : &user_name_cache;
  time_t now = id_cache_now ();
  char *name = NULL;
  int found;

  pthread_mutex_lock (&id_cache_lock);
  found = id_cache_get (table, id, now, &name);
  pthread_mutex_unlock (&id_cache_lock);
  if (found >= 0)
    return name;

  /* Not under the lock: a slow database must not stall other threads. */
  found = is_group ? query_group_name (id, &name)
		   : query_user_name (id, &name);
  if (found >= 0)
    {
      pthread_mutex_lock (&id_cache_lock);
      id_cache_put (table, id, name, now);
      pthread_mutex_unlock (&id_cache_lock);
    }
  return name;
}

/* The name of user @uid, or NULL (errno 0 when there is none). */
static char *
lookup_user_name (uid_t uid)
{
  return lookup_cached_name (uid, 0);
}

static char *
lookup_group_name (gid_t gid)
{
  return lookup_cached_name (gid, 1);
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
	  cache->name = is_group ? lookup_group_name (id)
				 : lookup_user_name (id);
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
