/*
 * messages.c - how the tools word their errors, in one place.
 */
#include <config.h>
#include "common.h"

#include <errno.h>
#include <locale.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "error.h"
#include "progname.h"
#include "xalloc.h"
#include "quote.h"

void
init_locale (void)
{
  const char *dir = getenv ("RICHACL_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (PACKAGE, dir && *dir ? dir : LOCALEDIR);
  textdomain (PACKAGE);
}

/* Messages about files come from several threads in a parallel walk;
   quotearg's buffers are shared, so formatting is serialized. */
static pthread_mutex_t message_lock = PTHREAD_MUTEX_INITIALIZER;
static __thread struct walk_sink *message_sink;

void
set_message_sink (struct walk_sink *sink)
{
  message_sink = sink;
}

/* Where this thread's messages go now. */
static FILE *
message_stream (void)
{
  if (!message_sink)
    {
      /* As error(): what was printed before comes first. */
      fflush (stdout);
      return stderr;
    }
  if (!message_sink->err)
    {
      message_sink->err = open_memstream (&message_sink->err_buf,
					  &message_sink->err_len);
      if (!message_sink->err)
	xalloc_die ();
    }
  return message_sink->err;
}

void
file_error (const char *file, int errnum, const char *fmt, ...)
{
  FILE *out;
  va_list ap;

  pthread_mutex_lock (&message_lock);
  out = message_stream ();
  fprintf (out, "%s: ", program_name);
  if (file)
    fprintf (out, fmt || errnum ? "%s: " : "%s", quotef (file));
  if (fmt)
    {
      va_start (ap, fmt);
      vfprintf (out, fmt, ap);
      va_end (ap);
      if (errnum)
	fputs (": ", out);
    }
  if (errnum)
    fputs (strerror (errnum), out);
  putc ('\n', out);
  pthread_mutex_unlock (&message_lock);
}

void
report_file_error (const char *file, int errnum)
{
  if (errnum == EPOSIXACL)
    file_error (file, 0, "%s", _("file has a POSIX ACL"));
  else if ((errnum == EOPNOTSUPP || errnum == ENOTSUP)
	   && storage_is_kernel_name ())
    file_error (file, 0, _("this kernel does not support RichACLs in %s; "
			   "use --xattr-name=trusted.richacl (or set %s) to "
			   "store them under another name"),
		RICHACL_XATTR, RICHACL_XATTR_NAME_ENV);
  else if (errnum == EINVAL)
    file_error (file, 0, _("invalid ACL stored in '%s'"),
		storage_xattr_name ());
  else if (errnum == E2BIG || errnum == ENOSPC)
    file_error (file, errnum, "%s", _("the ACL is too large to store"));
  else
    file_error (file, errnum, NULL);
}

static char parse_message[512];

void
parse_error_collect (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (parse_message, sizeof parse_message, fmt, ap);
  va_end (ap);
}

void
report_parse_error (const char *source, unsigned long line)
{
  const char *msg = *parse_message ? parse_message : _("invalid ACL");

  if (source && line)
    error (0, 0, "%s:%lu: %s", quotef (source), line, msg);
  else if (source)
    error (0, 0, "%s: %s", quotef (source), msg);
  else
    error (0, 0, "%s", msg);
  *parse_message = 0;
}

void
emit_bug_reporting (void)
{
  printf (_("\nExit status: 0 if OK, 1 if some file could not be processed,\n\
2 on a usage error.\n"));
  printf (_("Report bugs to: %s\n"), PACKAGE_BUGREPORT);
}

/* The copyright line of --version (gnulib's version-etc prints it).  Its
   year argument is gnulib's release year, not ours: ours is written here
   (printf ignores the unused argument). */
const char version_etc_copyright[] =
  "Copyright %s 2026 The richacl authors";
