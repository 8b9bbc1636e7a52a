/*
 * setrichacl - change the Rich Access Control Lists of files.
 */
#include <config.h>
#include "common.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "closeout.h"
#include "error.h"
#include "progname.h"
#include "quote.h"
#include "version-etc.h"
#include "xalloc.h"

#define AUTHORS "The richacl authors"

enum
{
  XATTR_NAME_OPTION = CHAR_MAX + 1,
  HELP_OPTION,
  VERSION_OPTION
};

static struct option const long_options[] = {
  {"set", required_argument, NULL, 's'},
  {"set-file", required_argument, NULL, 'S'},
  {"modify", required_argument, NULL, 'm'},
  {"modify-file", required_argument, NULL, 'M'},
  {"remove", no_argument, NULL, 'b'},
  {"xattr-name", required_argument, NULL, XATTR_NAME_OPTION},
  {"help", no_argument, NULL, HELP_OPTION},
  {"version", no_argument, NULL, VERSION_OPTION},
  {NULL, 0, NULL, 0}
};

/* What to do to each file. */
enum action { NO_ACTION, SET_ACL, MODIFY_ACL, REMOVE_ACL };

/* The ACL text given, and which masks and flags it gave explicitly. */
struct acl_arg
{
  struct richacl *acl;
  int given;
};

static void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    fprintf (stderr, _("Try '%s --help' for more information.\n"),
	     program_name);
  else
    {
      printf (_("\
Usage: %s [OPTION]... {--set=ACL|--set-file=FILE|--modify=ACL|\n\
                          --modify-file=FILE|--remove} FILE...\n"),
	      program_name);
      fputs (_("Change the Rich Access Control List (RichACL) of each FILE.\n\
\n"), stdout);
      fputs (_("\
  -s, --set=ACL          replace the ACL with ACL\n\
  -S, --set-file=FILE    replace the ACL with the one read from FILE\n\
                           ('-' for standard input)\n\
  -m, --modify=ACL       change, add or (with an empty mask) delete the\n\
                           entries given in ACL\n\
  -M, --modify-file=FILE like --modify, with entries read from FILE\n\
  -b, --remove           remove the ACL, leaving only the file mode\n\
"), stdout);
      emit_common_help ();
      fputs (_("\n\
ACL entries have the form WHO:PERMISSIONS:FLAGS:TYPE, for example\n\
'owner@:rwpx::allow user:alice:rw::allow group:staff:r:fd:deny'; see\n\
richacl(7).  File masks not given are computed from the entries.\n"), stdout);
      emit_bug_reporting ();
    }
  exit (status);
}

/* Read all of @name ('-' = standard input) into a string. */
static char *
read_acl_file (const char *name)
{
  FILE *fp = strcmp (name, "-") ? fopen (name, "r") : stdin;
  size_t size = 0, alloc = 4096;
  char *buf;

  if (!fp)
    return NULL;
  buf = xmalloc (alloc);
  for (;;)
    {
      size_t got = fread (buf + size, 1, alloc - size - 1, fp);

      size += got;
      if (size < alloc - 1)
	break;
      buf = x2realloc (buf, &alloc);
    }
  buf[size] = 0;
  if (ferror (fp) || (fp != stdin && fclose (fp)))
    {
      int saved = errno;

      free (buf);
      errno = saved;
      return NULL;
    }
  if (strlen (buf) != size)
    {
      free (buf);
      errno = EINVAL;
      return NULL;
    }
  return buf;
}

/* Parse ACL text from the command line (@source NULL) or a file. */
static void
parse_acl_arg (struct acl_arg *arg, const char *text, const char *source)
{
  richacl_free (arg->acl);
  arg->acl = richacl_from_text (text, &arg->given, parse_error_collect);
  /* The parser keeps bits that have no name (/0x...); no file can store
     them, so this is the text's fault, not the file's. */
  if (arg->acl && richacl_valid (arg->acl))
    {
      richacl_free (arg->acl);
      arg->acl = NULL;
      parse_error_collect ("%s", _("the ACL has permissions, flags or types "
				   "that cannot be stored"));
    }
  if (!arg->acl)
    {
      report_parse_error (source);
      exit (EXIT_USAGE);
    }
}

/*
 * Complete an ACL for storing: masks not given are computed from the
 * entries; masks given explicitly are kept and then enforced (masked).
 */
static void
complete_masks (struct richacl *acl, int given)
{
  unsigned int owner = acl->a_owner_mask, group = acl->a_group_mask;
  unsigned int other = acl->a_other_mask;
  unsigned char flags = acl->a_flags;

  richacl_compute_max_masks (acl);
  if (given & RICHACL_TEXT_OWNER_MASK)
    acl->a_owner_mask = owner;
  if (given & RICHACL_TEXT_GROUP_MASK)
    acl->a_group_mask = group;
  if (given & RICHACL_TEXT_OTHER_MASK)
    acl->a_other_mask = other;
  if (given & RICHACL_TEXT_FLAGS)
    acl->a_flags = flags;
  else if (given & (RICHACL_TEXT_OWNER_MASK | RICHACL_TEXT_GROUP_MASK
		    | RICHACL_TEXT_OTHER_MASK))
    acl->a_flags |= RICHACL_MASKED;
}

static bool
change_file (const char *file, enum action action, const struct acl_arg *arg)
{
  struct stored_acl old;
  struct richacl *acl;
  struct stat st;
  bool ok = true;

  if (stat (file, &st))
    {
      report_file_error (file, errno);
      return false;
    }
  if (action == REMOVE_ACL)
    {
      if (storage_remove (file))
	{
	  report_file_error (file, errno);
	  return false;
	}
      return true;
    }
  if (storage_load (file, &st, &old))
    {
      report_file_error (file, errno);
      return false;
    }

  if (action == SET_ACL)
    {
      acl = richacl_clone (arg->acl);
      if (!acl)
	xalloc_die ();
      complete_masks (acl, arg->given);
    }
  else
    {
      /*
       * Edit what the file grants now: the masks are applied first, so
       * that recomputing them afterwards takes nobody's access away and
       * gives nobody more than the entries say.
       */
      acl = old.acl;
      old.acl = NULL;
      if (richacl_apply_masks (&acl, st.st_uid)
	  || richacl_modify (&acl, arg->acl))
	xalloc_die ();
      /* Masks and flags given with the changes are kept as given. */
      if (arg->given & RICHACL_TEXT_OWNER_MASK)
	acl->a_owner_mask = arg->acl->a_owner_mask;
      if (arg->given & RICHACL_TEXT_GROUP_MASK)
	acl->a_group_mask = arg->acl->a_group_mask;
      if (arg->given & RICHACL_TEXT_OTHER_MASK)
	acl->a_other_mask = arg->acl->a_other_mask;
      if (arg->given & RICHACL_TEXT_FLAGS)
	acl->a_flags = arg->acl->a_flags;
      complete_masks (acl, arg->given);
    }

  if (storage_store (file, &st, &old, acl))
    {
      report_file_error (file, errno);
      ok = false;
    }
  richacl_free (acl);
  stored_acl_release (&old);
  return ok;
}

int
main (int argc, char **argv)
{
  const char *xattr_option = NULL;
  enum action action = NO_ACTION;
  struct acl_arg arg = { NULL, 0 };
  bool ok = true;
  char *text;
  int c;

  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);

  while ((c = getopt_long (argc, argv, "s:S:m:M:b", long_options, NULL))
	 != -1)
    {
      enum action this;

      switch (c)
	{
	case 's':
	case 'S':
	  this = SET_ACL;
	  break;
	case 'm':
	case 'M':
	  this = MODIFY_ACL;
	  break;
	case 'b':
	  this = REMOVE_ACL;
	  break;
	case XATTR_NAME_OPTION:
	  xattr_option = optarg;
	  continue;
	case HELP_OPTION:
	  usage (EXIT_SUCCESS);
	  break;
	case VERSION_OPTION:
	  version_etc (stdout, "setrichacl", PACKAGE_NAME, PACKAGE_VERSION,
		       AUTHORS, (char *) NULL);
	  exit (EXIT_SUCCESS);
	default:
	  usage (EXIT_USAGE);
	}
      if (action != NO_ACTION)
	{
	  error (0, 0, _("only one of --set, --set-file, --modify, "
			 "--modify-file and --remove may be given"));
	  usage (EXIT_USAGE);
	}
      action = this;
      if (c == 's' || c == 'm')
	parse_acl_arg (&arg, optarg, NULL);
      else if (c == 'S' || c == 'M')
	{
	  text = read_acl_file (optarg);
	  if (!text)
	    {
	      error (0, errno, "%s", quotef (optarg));
	      exit (EXIT_USAGE);
	    }
	  parse_acl_arg (&arg, text, optarg);
	  free (text);
	}
    }
  if (action == NO_ACTION)
    {
      error (0, 0, _("no action given: use --set, --set-file, --modify, "
		     "--modify-file or --remove"));
      usage (EXIT_USAGE);
    }
  if (!finish_common_options (xattr_option, argc - optind))
    usage (EXIT_USAGE);
  for (; optind < argc; optind++)
    ok &= change_file (argv[optind], action, &arg);
  richacl_free (arg.acl);
  return ok ? EXIT_OK : EXIT_FILE_FAILED;
}
