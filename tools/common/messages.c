/*
 * messages.c - how the tools word their errors, in one place.
 */
#include <config.h>
#include "common.h"

#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "error.h"
#include "quote.h"

void
init_locale (void)
{
  const char *dir = getenv ("RICHACL_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (PACKAGE, dir && *dir ? dir : LOCALEDIR);
  textdomain (PACKAGE);
}

void
report_file_error (const char *file, int errnum)
{
  if (errnum == EPOSIXACL)
    error (0, 0, "%s: %s", quotef (file), _("file has a POSIX ACL"));
  else if ((errnum == EOPNOTSUPP || errnum == ENOTSUP)
	   && storage_is_kernel_name ())
    error (0, 0, _("%s: this kernel does not support RichACLs in %s; "
		   "use --xattr-name=trusted.richacl (or set %s) to store "
		   "them under another name"),
	   quotef (file), RICHACL_XATTR, RICHACL_XATTR_NAME_ENV);
  else if (errnum == EINVAL)
    error (0, 0, "%s: %s %s", quotef (file),
	   _("invalid ACL stored in"), quote_n (1, storage_xattr_name ()));
  else if (errnum == E2BIG || errnum == ENOSPC)
    error (0, errnum, "%s: %s", quotef (file),
	   _("the ACL is too large to store"));
  else
    error (0, errnum, "%s", quotef (file));
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

/* The copyright line of --version (gnulib's version-etc prints it). */
const char version_etc_copyright[] =
  "Copyright %s %d The richacl authors";
