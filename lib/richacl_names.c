/*
 * richacl_names.c - the names of user and group ids, and the ids of names,
 * for richacl_to_text and richacl_from_text.
 *
 * A recursive getrichacl or setrichacl asks for the same few principals
 * for every file, and each database lookup can mean reading /etc/passwd
 * or asking a daemon.  So the answers, found and not found, are kept in a
 * process-wide cache shared by all threads under one mutex.  The cache is
 * bounded: each kind of lookup has a fixed number of sets of a few entries,
 * the least recently used entry of a set making way; names too long for an
 * entry are not cached.  Answers expire, so that a long-running process
 * sees changes to the databases.  A lookup that failed (out of memory, or
 * the database could not be asked) is never cached.
 */
#include "richacl_internal.h"

#include <errno.h>
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CACHE_SETS 64			/* a power of two */
#define CACHE_WAYS 4
#define CACHE_NAME_MAX 64		/* including the '\0' */
#define CACHE_TTL_FOUND 60		/* seconds */
#define CACHE_TTL_NOT_FOUND 10

enum lookup_kind
{
  USER_BY_ID,
  GROUP_BY_ID,
  USER_BY_NAME,
  GROUP_BY_NAME,
  LOOKUP_KINDS
};

/* What is asked: an id (the *_BY_ID kinds) or a name. */
struct lookup_key
{
  enum lookup_kind kind;
  id_t id;
  const char *name;
};

struct cache_entry
{
  unsigned long used;		/* 0: empty; else the time of last use */
  time_t expires;
  int found;
  id_t id;
  char name[CACHE_NAME_MAX];
};

struct cache_table
{
  struct cache_entry entries[CACHE_SETS][CACHE_WAYS];
  unsigned long clock;
};

static struct cache_table cache_tables[LOOKUP_KINDS];
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static int
by_name (const struct lookup_key *key)
{
  return key->kind == USER_BY_NAME || key->kind == GROUP_BY_NAME;
}

static int
is_group (const struct lookup_key *key)
{
  return key->kind == GROUP_BY_ID || key->kind == GROUP_BY_NAME;
}

/* ---- the databases --------------------------------------------------- */

/* A buffer size for the get*_r functions; ERANGE makes it grow. */
static size_t
initial_buffer_size (const struct lookup_key *key)
{
  long size = sysconf (is_group (key) ? _SC_GETGR_R_SIZE_MAX
				      : _SC_GETPW_R_SIZE_MAX);

  return size > 0 && size < 65536 ? (size_t) size : 1024;
}

/*
 * One call of the get*_r function of @key with @buf.  Returns its error
 * number; on success *@result is the entry's id and name (in @buf), or
 * *@found is 0 when there is none.
 */
static int
call_database (const struct lookup_key *key, char *buf, size_t size,
	       int *found, id_t *id, const char **name)
{
  struct passwd pwd, *pw = NULL;
  struct group grp, *gr = NULL;
  int err;

  switch (key->kind)
    {
    case USER_BY_ID:
      err = getpwuid_r (key->id, &pwd, buf, size, &pw);
      break;
    case USER_BY_NAME:
      err = getpwnam_r (key->name, &pwd, buf, size, &pw);
      break;
    case GROUP_BY_ID:
      err = getgrgid_r (key->id, &grp, buf, size, &gr);
      break;
    default:
      err = getgrnam_r (key->name, &grp, buf, size, &gr);
      break;
    }
  *found = 0;
  if (!err && pw)
    {
      *found = 1;
      *id = pw->pw_uid;
      *name = pw->pw_name;
    }
  else if (!err && gr)
    {
      *found = 1;
      *id = gr->gr_gid;
      *name = gr->gr_name;
    }
  return err;
}

/*
 * Ask the database.  Returns 1 when found (the id in *@id, and for a
 * lookup by id a malloc'd name in *@name), 0 when the database says there
 * is no such entry (a definite answer, which may be cached), or -1 with
 * errno set when it could not answer (ENOMEM when out of memory).
 */
static int
query_database (const struct lookup_key *key, id_t *id, char **name)
{
  size_t size = initial_buffer_size (key);
  char *buf = NULL;
  int found = -1, err = ENOMEM;

  for (;;)
    {
      const char *found_name = NULL;
      char *bigger = realloc (buf, size);

      if (!bigger)
	break;
      buf = bigger;
      err = call_database (key, buf, size, &found, id, &found_name);
      if (err == ERANGE && size <= (1 << 20))
	{
	  size *= 2;
	  continue;
	}
      if (err == ENOENT || err == ESRCH)
	err = 0;	/* "not found", in the words of some NSS modules */
      if (err)
	found = -1;
      else if (found && !by_name (key))
	{
	  *name = strdup (found_name);
	  if (!*name)
	    {
	      found = -1;
	      err = ENOMEM;
	    }
	}
      break;
    }
  free (buf);
  if (found < 0)
    errno = err;
  return found;
}

/* ---- the cache ------------------------------------------------------- */

static time_t
cache_now (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_MONOTONIC, &ts))
    return 0;
  return ts.tv_sec;
}

/* The set of @key: ids of a site tend to be consecutive, names alike. */
static struct cache_entry *
cache_set (const struct lookup_key *key)
{
  unsigned long h;

  if (by_name (key))
    {
      const char *s;

      h = 2166136261UL;		/* FNV-1a */
      for (s = key->name; *s; s++)
	h = (h ^ (unsigned char) *s) * 16777619UL;
      h ^= h >> 16;
    }
  else
    h = ((unsigned long) key->id * 2654435761UL) >> 8;
  return cache_tables[key->kind].entries[h & (CACHE_SETS - 1)];
}

/* The entry of @key in its set, or NULL.  Called with cache_lock held. */
static struct cache_entry *
cache_find (const struct lookup_key *key, struct cache_entry *set)
{
  int way;

  for (way = 0; way < CACHE_WAYS; way++)
    if (set[way].used
	&& (by_name (key) ? !strcmp (set[way].name, key->name)
			  : set[way].id == key->id))
      return &set[way];
  return NULL;
}

/*
 * The cached answer for @key: 1 (with the id in *@id, and for a lookup by
 * id a malloc'd name in *@name), 0 when known to have no entry, or -1 when
 * not cached (or out of memory).
 */
static int
cache_get (const struct lookup_key *key, time_t now, id_t *id, char **name)
{
  struct cache_entry *e;
  int found = -1;

  pthread_mutex_lock (&cache_lock);
  e = cache_find (key, cache_set (key));
  if (e && now >= e->expires)
    e->used = 0;
  else if (e)
    {
      e->used = ++cache_tables[key->kind].clock;
      found = e->found;
      if (found)
	{
	  *id = e->id;
	  if (!by_name (key))
	    {
	      *name = strdup (e->name);
	      if (!*name)
		found = -1;
	    }
	}
    }
  pthread_mutex_unlock (&cache_lock);
  return found;
}

/*
 * Remember the answer for @key: found (1) with @id and @name, or not (0).
 * Another thread may have been here first; its entry is reused.
 */
static void
cache_put (const struct lookup_key *key, time_t now, int found, id_t id,
	   const char *name)
{
  const char *key_name = by_name (key) ? key->name : found ? name : "";
  struct cache_entry *set, *victim;
  int way;

  if (strlen (key_name) >= CACHE_NAME_MAX)
    return;
  pthread_mutex_lock (&cache_lock);
  set = cache_set (key);
  victim = cache_find (key, set);
  for (way = 0; !victim && way < CACHE_WAYS; way++)
    if (!set[way].used)
      victim = &set[way];
  if (!victim)
    {
      victim = &set[0];
      for (way = 1; way < CACHE_WAYS; way++)
	if (set[way].used < victim->used)
	  victim = &set[way];
    }
  victim->used = ++cache_tables[key->kind].clock;
  victim->expires = now + (found ? CACHE_TTL_FOUND : CACHE_TTL_NOT_FOUND);
  victim->found = found;
  victim->id = by_name (key) ? (found ? id : 0) : key->id;
  strcpy (victim->name, key_name);
  pthread_mutex_unlock (&cache_lock);
}

/* The cache, then the database (not under the lock: a slow database must
   not stall the other threads). */
static int
lookup (const struct lookup_key *key, id_t *id, char **name)
{
  time_t now = cache_now ();
  int found;

  found = cache_get (key, now, id, name);
  if (found >= 0)
    return found;
  found = query_database (key, id, name);
  if (found >= 0)
    cache_put (key, now, found, found ? *id : 0,
	       found && !by_name (key) ? *name : NULL);
  return found;
}

/* ---- the interface --------------------------------------------------- */

int
richacl_id_to_name (id_t id, int group, char **name)
{
  struct lookup_key key = { group ? GROUP_BY_ID : USER_BY_ID, id, NULL };
  id_t found_id = 0;

  *name = NULL;
  return lookup (&key, &found_id, name);
}

int
richacl_name_to_id (const char *name, int group, id_t *id)
{
  struct lookup_key key = { group ? GROUP_BY_NAME : USER_BY_NAME, 0, name };
  char *unused = NULL;

  return lookup (&key, id, &unused);
}
