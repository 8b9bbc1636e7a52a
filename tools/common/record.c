/*
 * record.c - the backup format: the "# file:" records that getrichacl -R
 * writes and setrichacl --restore reads back.
 *
 *   # file: PATH
 *   # owner: NAME
 *   # group: NAME
 *   # flags: -s-		(only when setuid, setgid or sticky is set)
 *   ACL text, one entry per line
 *   (empty line)
 *
 * as getfacl writes them.  A file name may contain any byte but '\0', so
 * PATH escapes the backslash and every byte that is not printable ASCII
 * as \ooo: a record header is always one line, whatever the name.
 */
#include <config.h>
#include "common.h"

#include <errno.h>
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "xalloc.h"

#define RICHACL_TEXT_ALL_MASKS \
  (RICHACL_TEXT_OWNER_MASK | RICHACL_TEXT_GROUP_MASK | RICHACL_TEXT_OTHER_MASK)

bool record_absolute_names;

/* The path as written in a header: without leading slashes unless
   --absolute-names (as getfacl: a backup restores relative to where it
   is restored), and escaped. */
static void
print_path (FILE *out, const char *path)
{
  static bool warned;
  const unsigned char *p = (const unsigned char *) path;

  if (!record_absolute_names && *p == '/')
    {
      if (!__atomic_exchange_n (&warned, true, __ATOMIC_RELAXED))
	file_error (NULL, 0, "%s",
		    _("Removing leading '/' from absolute path names"));
      while (*p == '/')
	p++;
      if (!*p)
	p = (const unsigned char *) ".";
    }
  for (; *p; p++)
    {
      if (*p == '\\' || *p < 0x20 || *p >= 0x7f)
	fprintf (out, "\\%03o", *p);
      else
	putc (*p, out);
    }
}

/* Directory trees mostly belong to few users: remember the last name
   (per thread: a parallel walk prints records from several).  The
   cache lives in thread-specific data, whose destructor frees it when a
   worker thread ends (a __thread pointer would leak it).  The database
   calls are not reentrant either; lookups are serialized. */
static pthread_mutex_t lookup_lock = PTHREAD_MUTEX_INITIALIZER;

struct name_cache
{
  uid_t uid;
  gid_t gid;
  char *user;
  char *group;
};

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void
free_name_cache (void *p)
{
  struct name_cache *c = p;

  free (c->user);
  free (c->group);
  free (c);
}

static void
make_cache_key (void)
{
  if (pthread_key_create (&cache_key, free_name_cache))
    xalloc_die ();
}

static struct name_cache *
name_cache (void)
{
  struct name_cache *c;

  pthread_once (&cache_once, make_cache_key);
  c = pthread_getspecific (cache_key);
  if (!c)
    {
      c = xzalloc (sizeof *c);
      c->uid = (uid_t) -1;
      c->gid = (gid_t) -1;
      if (pthread_setspecific (cache_key, c))
	xalloc_die ();
    }
  return c;
}

static const char *
owner_name (uid_t uid)
{
  struct name_cache *c = name_cache ();
  struct passwd *pw;

  /* An id without a name is remembered too (NULL): asking again costs a
     search of every database for every file. */
  if (uid == c->uid)
    return c->user;
  pthread_mutex_lock (&lookup_lock);
  pw = getpwuid (uid);
  free (c->user);
  c->user = pw ? xstrdup (pw->pw_name) : NULL;
  c->uid = uid;
  pthread_mutex_unlock (&lookup_lock);
  return c->user;
}

static const char *
group_name (gid_t gid)
{
  struct name_cache *c = name_cache ();
  struct group *gr;

  /* An id without a name is remembered too (NULL): asking again costs a
     search of every database for every file. */
  if (gid == c->gid)
    return c->group;
  pthread_mutex_lock (&lookup_lock);
  gr = getgrgid (gid);
  free (c->group);
  c->group = gr ? xstrdup (gr->gr_name) : NULL;
  c->gid = gid;
  pthread_mutex_unlock (&lookup_lock);
  return c->group;
}

void
record_print_header (FILE *out, const char *path, const struct stat *st,
		     bool numeric_ids)
{
  const char *owner = numeric_ids ? NULL : owner_name (st->st_uid);
  const char *group = numeric_ids ? NULL : group_name (st->st_gid);

  fputs ("# file: ", out);
  print_path (out, path);
  if (owner)
    fprintf (out, "\n# owner: %s\n", owner);
  else
    fprintf (out, "\n# owner: %lu\n", (unsigned long) st->st_uid);
  if (group)
    fprintf (out, "# group: %s\n", group);
  else
    fprintf (out, "# group: %lu\n", (unsigned long) st->st_gid);
  if (st->st_mode & (S_ISUID | S_ISGID | S_ISVTX))
    fprintf (out, "# flags: %c%c%c\n",
	     (st->st_mode & S_ISUID) ? 's' : '-',
	     (st->st_mode & S_ISGID) ? 's' : '-',
	     (st->st_mode & S_ISVTX) ? 't' : '-');
}

/* --- reading ------------------------------------------------------------- */

/* Undo print_path's escapes in place; false if malformed. */
static bool
unescape_path (char *s)
{
  char *out = s;

  while (*s)
    {
      if (*s != '\\')
	{
	  *out++ = *s++;
	  continue;
	}
      if (s[1] < '0' || s[1] > '3' || s[2] < '0' || s[2] > '7'
	  || s[3] < '0' || s[3] > '7')
	return false;
      *out = (s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0');
      if (*out++ == 0)
	return false;
      s += 4;
    }
  *out = 0;
  return true;
}

static bool
parse_special_flags (const char *s, mode_t *mode)
{
  if (strlen (s) != 3)
    return false;
  *mode = 0;
  if (s[0] == 's')
    *mode |= S_ISUID;
  else if (s[0] != '-')
    return false;
  if (s[1] == 's')
    *mode |= S_ISGID;
  else if (s[1] != '-')
    return false;
  if (s[2] == 't')
    *mode |= S_ISVTX;
  else if (s[2] != '-')
    return false;
  return true;
}

/* The parser state while reading records. */
struct record_reader
{
  const char *source;
  unsigned long line;
  struct record *records;
  size_t count, alloc;
  char *acl_text;		/* the current record's ACL lines */
  size_t acl_len, acl_alloc;
  unsigned long acl_line;	/* where they start */
};

static void
reader_error (const struct record_reader *r, unsigned long line,
	      const char *msg)
{
  error (0, 0, "%s:%lu: %s", quotef (r->source), line, msg);
}

/* The line of the ACL text (counting from 0) where @text fails to parse:
   each line is an entry or a flags or mask line of its own. */
static unsigned long
failing_line (char *text)
{
  unsigned long n = 0;
  char *line, *end;

  for (line = text; *line; line = end + 1, n++)
    {
      struct richacl *acl;

      end = strchr (line, '\n');
      *end = 0;
      acl = richacl_from_text (line, NULL, parse_error_collect);
      *end = '\n';
      if (!acl)
	return n;
      richacl_free (acl);
    }
  return 0;
}

/* The current record's ACL text is complete: parse it. */
static bool
finish_record (struct record_reader *r)
{
  struct record *rec;

  if (r->count == 0)
    return true;
  rec = &r->records[r->count - 1];
  if (rec->acl)
    return true;
  if (r->acl_len == 0)
    {
      reader_error (r, rec->line, _("no ACL in this record"));
      return false;
    }
  r->acl_text[r->acl_len] = 0;
  rec->acl = richacl_from_text (r->acl_text, &rec->given,
				parse_error_collect);
  if (rec->acl && richacl_valid (rec->acl))
    {
      richacl_free (rec->acl);
      rec->acl = NULL;
      parse_error_collect ("%s", _("the ACL has permissions, flags or "
				   "types that cannot be stored"));
    }
  if (!rec->acl)
    {
      unsigned long line = r->acl_line + failing_line (r->acl_text);

      /* Parse the whole text again for the message of the first error. */
      richacl_free (richacl_from_text (r->acl_text, NULL,
				       parse_error_collect));
      report_parse_error (r->source, line);
      return false;
    }
  /* getrichacl --raw prints the three masks always, and the flags only
     when there are some: with all masks given, no flags means none. */
  if ((rec->given & RICHACL_TEXT_ALL_MASKS) == RICHACL_TEXT_ALL_MASKS)
    rec->given |= RICHACL_TEXT_FLAGS;
  r->acl_len = 0;
  return true;
}

static bool
start_record (struct record_reader *r, char *path)
{
  struct record *rec;

  if (!finish_record (r))
    return false;
  if (!unescape_path (path) || !*path)
    {
      reader_error (r, r->line, _("invalid file name in '# file:' line"));
      return false;
    }
  if (r->count == r->alloc)
    r->records = x2nrealloc (r->records, &r->alloc, sizeof *r->records);
  rec = &r->records[r->count++];
  memset (rec, 0, sizeof *rec);
  rec->path = xstrdup (path);
  rec->line = r->line;
  return true;
}

/* A "# name: value" line of the current record. */
static bool
header_line (struct record_reader *r, char *line)
{
  struct record *rec = r->count ? &r->records[r->count - 1] : NULL;

  if (strncmp (line, "# file: ", 8) == 0)
    return start_record (r, line + 8);
  if (!rec || rec->acl || r->acl_len)
    {
      /* Other comments are allowed anywhere, as getfacl's. */
      if (strncmp (line, "# owner: ", 9) && strncmp (line, "# group: ", 9)
	  && strncmp (line, "# flags: ", 9))
	return true;
      reader_error (r, r->line, _("header line outside of a record header"));
      return false;
    }
  if (strncmp (line, "# owner: ", 9) == 0)
    {
      if (!parse_user (line + 9, &rec->uid))
	{
	  reader_error (r, r->line, _("unknown user"));
	  return false;
	}
      rec->has_owner = true;
    }
  else if (strncmp (line, "# group: ", 9) == 0)
    {
      if (!parse_group (line + 9, &rec->gid))
	{
	  reader_error (r, r->line, _("unknown group"));
	  return false;
	}
      rec->has_group = true;
    }
  else if (strncmp (line, "# flags: ", 9) == 0)
    {
      if (!parse_special_flags (line + 9, &rec->special))
	{
	  reader_error (r, r->line, _("invalid '# flags:' line"));
	  return false;
	}
    }
  return true;
}

/* An ACL line of the current record. */
static bool
acl_line (struct record_reader *r, const char *line, size_t len)
{
  struct record *rec = r->count ? &r->records[r->count - 1] : NULL;

  if (!rec || rec->acl)
    {
      reader_error (r, r->line, _("ACL entry outside of a record "
				  "(missing '# file:' line)"));
      return false;
    }
  if (r->acl_len == 0)
    r->acl_line = r->line;
  while (r->acl_len + len + 2 > r->acl_alloc)
    r->acl_text = x2realloc (r->acl_text, &r->acl_alloc);
  memcpy (r->acl_text + r->acl_len, line, len);
  r->acl_len += len;
  r->acl_text[r->acl_len++] = '\n';
  return true;
}

bool
records_parse (char *text, const char *source, struct record **records,
	       size_t *count)
{
  struct record_reader r = { 0 };
  char *line = text;
  bool ok = true;

  r.source = source;
  while (ok && *line)
    {
      char *end = strchr (line, '\n');
      size_t len = end ? (size_t) (end - line) : strlen (line);

      r.line++;
      if (len && line[len - 1] == '\r')
	len--;
      line[len] = 0;
      if (len == 0)
	ok = finish_record (&r);
      else if (line[0] == '#')
	ok = header_line (&r, line);
      else
	ok = acl_line (&r, line, len);
      if (!end)
	break;
      line = end + 1;
    }
  if (ok)
    ok = finish_record (&r);
  if (ok && r.count == 0)
    {
      error (0, 0, "%s: %s", quotef (source), _("no '# file:' records"));
      ok = false;
    }
  free (r.acl_text);
  if (!ok)
    {
      records_free (r.records, r.count);
      return false;
    }
  *records = r.records;
  *count = r.count;
  return true;
}

void
records_free (struct record *records, size_t count)
{
  size_t n;

  for (n = 0; n < count; n++)
    {
      free (records[n].path);
      richacl_free (records[n].acl);
    }
  free (records);
}
