/*
 * getrichacl - show the Rich Access Control Lists of files.
 */
#include <config.h>
#include "common.h"
#include "acl_json.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "closeout.h"
#include "error.h"
#include "progname.h"
#include "quote.h"
#include "version-etc.h"
#include "xalloc.h"

#define AUTHORS "The richacl authors"

enum
{
  RAW_OPTION = FIRST_TOOL_OPTION,
  FULL_OPTION,
  UNALIGNED_OPTION,
  ACCESS_OPTION,
  JSON_OPTION
};

static struct option const long_options[] = {
  {"long", no_argument, NULL, 'l'},
  {"full", no_argument, NULL, FULL_OPTION},
  {"raw", no_argument, NULL, RAW_OPTION},
  {"unaligned", no_argument, NULL, UNALIGNED_OPTION},
  {"numeric-ids", no_argument, NULL, 'n'},
  {"access", optional_argument, NULL, ACCESS_OPTION},
  {"absolute-names", no_argument, NULL, 'p'},
  {"json", no_argument, NULL, JSON_OPTION},
  COMMON_LONG_OPTIONS,
  {NULL, 0, NULL, 0}
};

/* How to show ACLs. */
static bool opt_long, opt_full, opt_raw, opt_unaligned, opt_numeric;

/* With --json: the document being written. */
static struct json_writer *json;

/* With --access: whose permissions to show. */
static bool opt_access;
static uid_t access_uid;
static gid_t *access_groups;
static int access_n_groups;

static void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    fprintf (stderr, _("Try '%s --help' for more information.\n"),
	     program_name);
  else
    {
      printf (_("Usage: %s [OPTION]... FILE...\n"), program_name);
      fputs (_("Show the Rich Access Control List (RichACL) of each FILE.\n\
\n"), stdout);
      fputs (_("\
  -l, --long             show permissions and flags by name\n\
      --full             show every permission, including the ones that\n\
                           are always allowed\n\
      --raw              show the ACL as stored: flags, file masks and\n\
                           entries, before the masks are applied\n\
      --unaligned        do not align the output in columns\n\
  -n, --numeric-ids      show user and group ids as numbers\n\
      --access[=USER[:GROUP...]]\n\
                         show the permissions the ACL grants USER (a name\n\
                           or number) in GROUPs (default: the groups of\n\
                           USER in the group database), or the caller\n\
"), stdout);
      fputs (_("\
      --json             print one JSON document describing the files and\n\
                           their ACLs (see getrichacl(1))\n\
"), stdout);
      emit_walk_help ();
      fputs (_("\
  -p, --absolute-names   with -R, keep leading '/' in the '# file:' lines\n\
"), stdout);
      emit_common_help ();
      fputs (_("\n\
With -R, each file's ACL is printed as a record that starts with '# file:',\n\
'# owner:' and '# group:' lines, which setrichacl(1) can restore (use\n\
--raw for a backup that restores exactly).\n"), stdout);
      emit_bug_reporting ();
    }
  exit (status);
}

/* Parse the argument of --access: USER[:GROUP...]. */
static void
parse_access (const char *arg)
{
  char *copy, *user, *rest, *group;
  int n = 0;

  if (!arg)
    {
      int count = getgroups (0, NULL);

      access_uid = geteuid ();
      access_groups = xnmalloc (count + 1, sizeof (gid_t));
      count = getgroups (count, access_groups);
      access_groups[count < 0 ? 0 : count] = getegid ();
      access_n_groups = (count < 0 ? 0 : count) + 1;
      return;
    }
  copy = xstrdup (arg);
  user = copy;
  rest = strchr (copy, ':');
  if (rest)
    *rest++ = 0;
  if (!parse_user (user, &access_uid))
    {
      error (0, 0, _("invalid user %s"), quote (user));
      usage (EXIT_USAGE);
    }
  if (!rest)
    {
      struct passwd *pw = getpwuid (access_uid);

      access_groups = user_group_list (access_uid,
				       pw ? pw->pw_gid : (gid_t) -1,
				       &access_n_groups);
      free (copy);
      return;
    }
  access_groups = xnmalloc (strlen (rest) / 2 + 1, sizeof (gid_t));
  for (group = strtok (rest, ":"); group; group = strtok (NULL, ":"))
    if (!parse_group (group, &access_groups[n++]))
      {
	error (0, 0, _("invalid group %s"), quote (group));
	usage (EXIT_USAGE);
      }
  access_n_groups = n;
  free (copy);
}

static int
text_flags (const struct stat *st)
{
  int flags = S_ISDIR (st->st_mode) ? RICHACL_TEXT_DIRECTORY_CONTEXT
				    : RICHACL_TEXT_FILE_CONTEXT;

  if (opt_long)
    flags |= RICHACL_TEXT_LONG;
  if (!opt_unaligned)
    flags |= RICHACL_TEXT_ALIGN;
  if (opt_numeric)
    flags |= RICHACL_TEXT_NUMERIC_IDS;
  if (opt_raw)
    flags |= RICHACL_TEXT_SHOW_MASKS;
  else if (!opt_full)
    flags |= RICHACL_TEXT_SIMPLIFY;
  return flags;
}

static void
print_access (FILE *out, const char *file, const struct stat *st,
	      struct richacl *acl)
{
  unsigned int mask;
  char *text;

  mask = richacl_granted_mask (acl, st->st_uid, st->st_gid, access_uid,
			       access_groups, access_n_groups);
  if (!S_ISDIR (st->st_mode))
    mask &= ~RICHACE_DELETE_CHILD;
  text = richacl_mask_to_text (mask, text_flags (st)
			       & ~(RICHACL_TEXT_ALIGN | RICHACL_TEXT_SIMPLIFY));
  if (!text)
    xalloc_die ();
  fprintf (out, "%s  %s\n", *text ? text : "-", file);
  free (text);
}

/* Print @f's ACL @acl, as a record with --recursive. */
static void
print_acl (struct walk_file *f, const struct richacl *acl)
{
  char *text = richacl_to_text (acl, text_flags (f->st));
  FILE *out = walk_stdout (f);

  if (!text)
    xalloc_die ();
  if (walk_options.recursive)
    {
      record_print_header (out, f->path, f->st, opt_numeric);
      fprintf (out, "%s\n", text);
    }
  else
    fprintf (out, "%s:\n%s\n", f->path, text);
  free (text);
}

static int
show_file (struct walk_file *f, void *arg _GL_UNUSED)
{
  struct stored_acl s;

  if (storage_load (&f->file, f->st, &s))
    {
      report_file_error (f->path, errno);
      return WALK_FAILED;
    }
  if (opt_access)
    print_access (walk_stdout (f), f->path, f->st, s.acl);
  else
    {
      /* The default view is what the ACL grants, without file masks. */
      if (!opt_raw && richacl_apply_masks (&s.acl, f->st->st_uid))
	xalloc_die ();
      if (json)
	json_write_file (json, f->path, f->st, s.acl,
			 (opt_numeric ? JSON_NUMERIC_IDS : 0)
			 | (opt_raw ? JSON_RAW : 0)
			 | (opt_full ? JSON_FULL : 0));
      else
	print_acl (f, s.acl);
    }
  stored_acl_release (&s);
  return WALK_OK;
}

int
main (int argc, char **argv)
{
  bool opt_json = false, ok;
  int c;

  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);

  while ((c = getopt_long (argc, argv, "lnp" COMMON_SHORT_OPTIONS,
			   long_options, NULL)) != -1)
    {
      switch (c)
	{
	case 'l':
	  opt_long = true;
	  break;
	case 'n':
	  opt_numeric = true;
	  break;
	case FULL_OPTION:
	  opt_full = true;
	  break;
	case RAW_OPTION:
	  opt_raw = true;
	  break;
	case UNALIGNED_OPTION:
	  opt_unaligned = true;
	  break;
	case ACCESS_OPTION:
	  opt_access = true;
	  parse_access (optarg);
	  break;
	case 'p':
	  record_absolute_names = true;
	  break;
	case JSON_OPTION:
	  opt_json = true;
	  break;
	case HELP_OPTION:
	  usage (EXIT_SUCCESS);
	  break;
	case VERSION_OPTION:
	  version_etc (stdout, "getrichacl", PACKAGE_NAME, PACKAGE_VERSION,
		       AUTHORS, (char *) NULL);
	  exit (EXIT_SUCCESS);
	default:
	  if (!common_option (c, optarg))
	    usage (EXIT_USAGE);
	}
    }
  if (opt_json && opt_access)
    {
      error (0, 0, _("--json and --access cannot be combined"));
      usage (EXIT_USAGE);
    }
  if (!finish_common_options (argc - optind))
    usage (EXIT_USAGE);
  if (opt_json)
    {
      /* The document is written in walk order by one thread. */
      walk_options.jobs = 1;
      json = json_writer_begin (stdout);
    }
  ok = walk (argv + optind, &walk_options, show_file, NULL, NULL);
  if (json)
    json_writer_end (json);
  free (access_groups);
  return ok ? EXIT_OK : EXIT_FILE_FAILED;
}
