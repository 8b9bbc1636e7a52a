/*
 * options.c - the command-line options both tools take (which files, how
 * to walk them, where ACLs are stored), parsed and documented in one
 * place.
 */
#include <config.h>
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "error.h"
#include "quote.h"
#include "xstrtol.h"

/* More threads than this only wait on each other. */
#define MAX_JOBS 64

static const char *xattr_option;

bool
common_option (int c, const char *arg)
{
  switch (c)
    {
    case 'R':
      walk_options.recursive = true;
      return true;
    case 'P':
      walk_options.logical = false;
      return true;
    case 'L':
      walk_options.logical = true;
      return true;
    case ONE_FILE_SYSTEM_OPTION:
      walk_options.one_file_system = true;
      return true;
    case 'j':
      {
	unsigned long n;

	if (xstrtoul (arg, NULL, 10, &n, "") != LONGINT_OK || n < 1
	    || n > MAX_JOBS)
	  {
	    error (0, 0, _("invalid number of jobs %s (1 to %d)"),
		   quote (arg), MAX_JOBS);
	    return false;
	  }
	walk_options.jobs = n;
	return true;
      }
    case XATTR_NAME_OPTION:
      xattr_option = arg;
      return true;
    default:
      return false;
    }
}

/* One job per processor by default: the walk's system calls wait on the
   file system, and the workers keep each processor busy. */
static int
default_jobs (void)
{
  long n = sysconf (_SC_NPROCESSORS_ONLN);

  return n < 1 ? 1 : n > MAX_JOBS ? MAX_JOBS : n;
}

bool
finish_common_options (int n_files)
{
  if (walk_options.jobs == 0)
    walk_options.jobs = default_jobs ();
  if (!storage_select (xattr_option))
    {
      error (0, 0, _("invalid extended attribute name %s"),
	     quote (xattr_option ? xattr_option
				 : getenv (RICHACL_XATTR_NAME_ENV)));
      return false;
    }
  if (n_files == 0)
    {
      error (0, 0, _("missing file operand"));
      return false;
    }
  return true;
}

void
emit_walk_help (void)
{
  fputs (_("\
  -R, --recursive        work on directories and their contents, recursively\n\
  -P, --physical         with -R, never follow symbolic links, neither the\n\
                           ones given nor the ones found (the default);\n\
                           symbolic links are skipped\n\
  -L, --logical          with -R, follow every symbolic link\n\
      --one-file-system  with -R, skip directories on other file systems\n\
  -j, --jobs=N           with -R, work on N files at a time (default: the\n\
                           number of processors); the output stays in order\n\
"), stdout);
}

void
emit_common_help (void)
{
  printf (_("\
      --xattr-name=NAME  keep ACLs in the extended attribute NAME (default:\n\
                           $%s if set, else %s); use\n\
                           trusted.richacl on kernels without RichACLs\n"),
	  RICHACL_XATTR_NAME_ENV, RICHACL_XATTR);
  fputs (_("\
      --help             display this help and exit\n\
      --version          output version information and exit\n"), stdout);
}
