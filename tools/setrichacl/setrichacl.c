/*
 * setrichacl - change the Rich Access Control Lists of files.
 */
#include <config.h>
#include "setrichacl.h"
#include "acl_json.h"

#include <errno.h>
#include <fcntl.h>
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
  RESTORE_OPTION = FIRST_TOOL_OPTION,
  TEST_OPTION,
  NO_PROPAGATE_OPTION
};

static struct option const long_options[] = {
  {"set", required_argument, NULL, 's'},
  {"set-file", required_argument, NULL, 'S'},
  {"modify", required_argument, NULL, 'm'},
  {"modify-file", required_argument, NULL, 'M'},
  {"remove-entry", required_argument, NULL, 'x'},
  {"add-entry", required_argument, NULL, 'a'},
  {"remove", no_argument, NULL, 'b'},
  {"restore", required_argument, NULL, RESTORE_OPTION},
  {"test", no_argument, NULL, TEST_OPTION},
  {"no-propagate", no_argument, NULL, NO_PROPAGATE_OPTION},
  COMMON_LONG_OPTIONS,
  {NULL, 0, NULL, 0}
};

/* What to do to each file. */
enum action { NO_ACTION, SET_ACL, EDIT_ACL, REMOVE_ACL, RESTORE_ACLS };
static enum action action;

/* --set: the ACL, and which masks and flags it gave explicitly. */
static struct richacl *set_acl;
static int set_given;

/* --modify, --remove-entry, --add-entry, in command-line order. */
static struct edit *edits;
static size_t n_edits, edits_alloc;

/* --restore: where from. */
static const char *restore_source;

static bool opt_test, opt_no_propagate;

static void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    fprintf (stderr, _("Try '%s --help' for more information.\n"),
	     program_name);
  else
    {
      printf (_("\
Usage: %s [OPTION]... {--set=ACL|--set-file=FILE|--remove} FILE...\n\
  or:  %s [OPTION]... EDIT... FILE...\n\
  or:  %s [OPTION]... --restore=FILE\n"),
	      program_name, program_name, program_name);
      fputs (_("Change the Rich Access Control List (RichACL) of each FILE.\n\
\n"), stdout);
      fputs (_("\
  -s, --set=ACL          replace the ACL with ACL\n\
  -S, --set-file=FILE    replace the ACL with the one read from FILE\n\
                           ('-' for standard input); ACL text, or JSON\n\
                           as in getrichacl(1)\n\
  -b, --remove           remove the ACL, leaving only the file mode\n\
      --restore=FILE     restore the ACLs, owners, groups and setuid,\n\
                           setgid and sticky bits recorded in FILE by\n\
                           getrichacl -R ('-' for standard input)\n\
"), stdout);
      fputs (_("\n\
EDITs, which may be repeated and are applied in order:\n\
  -m, --modify=ACL       change, add or (with an empty mask) delete the\n\
                           entries given in ACL\n\
  -M, --modify-file=FILE like --modify, with entries read from FILE\n\
  -x, --remove-entry=SPEC|INDEX\n\
                         remove the entries of a principal (owner@,\n\
                           user:NAME, ...), the entries equal to the\n\
                           entries in SPEC, or the entry at INDEX\n\
  -a, --add-entry=INDEX ACL\n\
                         insert the entries of ACL (the next argument)\n\
                           at INDEX\n\
Indices start at 0 and count the entries as getrichacl shows them.\n\
\n"), stdout);
      fputs (_("\
      --test             change nothing; show the ACL each file would get\n\
      --no-propagate     do not pass a change of a directory's ACL on to\n\
                           its descendants by automatic inheritance\n\
"), stdout);
      emit_walk_help ();
      emit_common_help ();
      fputs (_("\n\
ACL entries have the form WHO:PERMISSIONS:FLAGS:TYPE, for example\n\
'owner@:rwpx::allow user:alice:rw::allow group:staff:r:fd:deny'; see\n\
richacl(7).  File masks not given are computed from the entries.\n\
When the new ACL of a directory has the auto_inherit flag, its\n\
descendants with auto_inherit that are not protected are updated too.\n"),
	     stdout);
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
    {
      if (errno == ENOMEM)
	xalloc_die ();
      return NULL;
    }
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

/* Parse JSON as getrichacl --json writes it; exits on a syntax error. */
static struct richacl *
parse_acl_json (const char *text, const char *source, int *given)
{
  char *message;
  struct richacl *acl = json_parse_acl (text, given, &message);

  if (!acl)
    {
      if (source)
	error (0, 0, "%s:%s", quotef (source), message);
      else
	error (0, 0, "%s", message);
      free (message);
      exit (EXIT_USAGE);
    }
  return acl;
}

/* Parse ACL text or JSON from the command line (@source NULL) or a file. */
static struct richacl *
parse_acl_text (const char *text, const char *source, int *given)
{
  struct richacl *acl = json_text_is_json (text)
			? parse_acl_json (text, source, given)
			: richacl_from_text (text, given, parse_error_collect);

  if (!acl && errno == ENOMEM)
    xalloc_die ();
  /* The parser keeps bits that have no name (/0x...); no file can store
     them, so this is the text's fault, not the file's.  An ACL with more
     entries than an xattr can hold is refused for each file instead, as
     too large to store (storage_store). */
  if (acl && acl->a_count <= RICHACL_XATTR_MAX_COUNT && richacl_valid (acl))
    {
      richacl_free (acl);
      acl = NULL;
      parse_error_collect ("%s", _("the ACL has permissions, flags or types "
				   "that cannot be stored"));
    }
  if (!acl)
    {
      report_parse_error (source, 0);
      exit (EXIT_USAGE);
    }
  return acl;
}

/* The ACL of --set-file or --modify-file FILE. */
static struct richacl *
parse_acl_file (const char *name, int *given)
{
  char *text = read_acl_file (name);
  struct richacl *acl;

  if (!text)
    {
      error (0, errno, "%s", quotef (name));
      exit (EXIT_USAGE);
    }
  acl = parse_acl_text (text, name, given);
  free (text);
  return acl;
}

/*
 * Complete an ACL for storing: masks not given are computed from the
 * entries; masks given explicitly are kept and then enforced (masked).
 */
void
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

/* The default getrichacl view of @acl on the file @st describes. */
static char *
view_text (const struct richacl *acl, const struct stat *st)
{
  struct richacl *view = richacl_clone (acl);
  char *text;

  if (!view || richacl_apply_masks (&view, st->st_uid))
    xalloc_die ();
  text = richacl_to_text (view, RICHACL_TEXT_ALIGN | RICHACL_TEXT_SIMPLIFY
			  | (S_ISDIR (st->st_mode)
			     ? RICHACL_TEXT_DIRECTORY_CONTEXT
			     : RICHACL_TEXT_FILE_CONTEXT));
  richacl_free (view);
  if (!text)
    xalloc_die ();
  return text;
}

bool
commit_acl (struct walk_file *f, const struct stored_acl *old,
	    const struct richacl *acl)
{
  if (opt_test)
    {
      char *text = view_text (acl, f->st);
      FILE *out = walk_stdout (f);

      record_print_header (out, f->path, f->st, false);
      fprintf (out, "%s\n", text);
      free (text);
      return true;
    }
  if (storage_store (f->st, old, acl))
    {
      report_file_error (f->path, errno);
      return false;
    }
  return true;
}

/* The ACL @f gets from the edits, or NULL (reported) when one fails. */
static struct richacl *
edited_acl (const struct walk_file *f, struct stored_acl *old)
{
  struct richacl *acl = old->acl;
  const struct edit *failed;
  int given;

  /*
   * Edit what the file grants now: the masks are applied first, so
   * that recomputing them afterwards takes nobody's access away and
   * gives nobody more than the entries say.  Indices count these
   * entries, as getrichacl shows them.
   */
  old->acl = NULL;
  if (richacl_apply_masks (&acl, f->st->st_uid))
    xalloc_die ();
  switch (apply_edits (&acl, edits, n_edits, &given, &failed))
    {
    case EDIT_DONE:
      complete_masks (acl, given);
      return acl;
    case EDIT_INDEX_OUT_OF_RANGE:
      file_error (f->path, 0, _("entry index %lu out of range (the ACL has "
				"%u entries)"), failed->index, acl->a_count);
      break;
    case EDIT_NO_MATCH:
      file_error (f->path, 0, "%s", _("no matching entry to remove"));
      break;
    }
  richacl_free (acl);
  return NULL;
}

static int
remove_acl (struct walk_file *f)
{
  if (opt_test)
    {
      struct richacl *acl = richacl_from_mode (f->st->st_mode);
      struct stored_acl none = { 0 };

      if (!acl)
	xalloc_die ();
      commit_acl (f, &none, acl);
      richacl_free (acl);
      return WALK_OK;
    }
  if (storage_remove (&f->file))
    {
      report_file_error (f->path, errno);
      return WALK_FAILED;
    }
  return WALK_OK;
}

static int
change_file (struct walk_file *f, void *arg _GL_UNUSED)
{
  struct stored_acl old;
  struct richacl *acl;
  bool ok;

  if (action == REMOVE_ACL)
    return remove_acl (f);
  if (storage_load (&f->file, f->st, &old))
    {
      report_file_error (f->path, errno);
      return WALK_FAILED;
    }
  if (action == SET_ACL)
    {
      acl = richacl_clone (set_acl);
      if (!acl)
	xalloc_die ();
      complete_masks (acl, set_given);
    }
  else
    acl = edited_acl (f, &old);
  ok = acl && commit_acl (f, &old, acl);
  /* With --recursive every file gets the change explicitly. */
  if (ok && S_ISDIR (f->st->st_mode) && (acl->a_flags & RICHACL_AUTO_INHERIT)
      && !walk_options.recursive && !opt_no_propagate)
    ok = propagate_auto_inherit (f->path, acl);
  richacl_free (acl);
  stored_acl_release (&old);
  return ok ? WALK_OK : WALK_FAILED;
}

/* --- --restore ----------------------------------------------------------- */

/* Give @rec's file @f its special mode bits (setuid, setgid, sticky). */
static bool
restore_special_bits (const struct record *rec, const struct file_ref *f)
{
  struct stat st;

  if (at_stat (f, &st) == 0 && (st.st_mode & 07000) == rec->special)
    return true;
  if (at_chmod (f, (st.st_mode & 0777) | rec->special))
    {
      report_file_error (rec->path, errno);
      return false;
    }
  return true;
}

static bool
restore_record (const struct record *rec)
{
  struct walk_file f = { 0 };
  struct stored_acl old;
  struct richacl *acl;
  uid_t uid = rec->has_owner ? rec->uid : (uid_t) -1;
  gid_t gid = rec->has_group ? rec->gid : (gid_t) -1;
  bool chowned = false;
  struct stat st, was;
  bool ok;

  f.path = rec->path;
  f.file.dirfd = AT_FDCWD;
  f.file.name = rec->path;
  f.file.flags = STORAGE_NOFOLLOW;
  f.st = &st;
  /* The backup never holds symlinks; one in its place is not followed. */
  if (at_stat (&f.file, &st))
    {
      report_file_error (rec->path, errno);
      return false;
    }
  if (S_ISLNK (st.st_mode))
    {
      file_error (rec->path, 0, "%s",
		  _("is a symbolic link; not restored"));
      return false;
    }
  was = st;
  if (!opt_test && ((rec->has_owner && uid != st.st_uid)
		    || (rec->has_group && gid != st.st_gid)))
    {
      if (at_chown (&f.file, uid, gid) || at_stat (&f.file, &st))
	{
	  report_file_error (rec->path, errno);
	  return false;
	}
      chowned = true;
    }
  if (storage_load (&f.file, f.st, &old))
    {
      report_file_error (f.path, errno);
      ok = false;
    }
  else
    {
      acl = richacl_clone (rec->acl);
      if (!acl)
	xalloc_die ();
      complete_masks (acl, rec->given);
      ok = commit_acl (&f, &old, acl);
      richacl_free (acl);
      stored_acl_release (&old);
    }
  if (!ok && chowned)
    {
      /* Nothing half-done: the file goes back to its owner and mode. */
      at_chown (&f.file, was.st_uid, was.st_gid);
      at_chmod (&f.file, was.st_mode & 07777);
    }
  if (ok && !opt_test)
    ok = restore_special_bits (rec, &f.file);
  return ok;
}

static bool
restore (const char *source)
{
  struct record *records;
  size_t count, n;
  char *text = read_acl_file (source);
  bool ok = true;

  if (!text)
    {
      error (0, errno, "%s", quotef (source));
      exit (EXIT_USAGE);
    }
  if (!records_parse (text, source, &records, &count))
    exit (EXIT_USAGE);
  for (n = 0; n < count; n++)
    ok &= restore_record (&records[n]);
  records_free (records, count);
  free (text);
  return ok;
}

/* --- options ------------------------------------------------------------- */

static void
set_action (enum action this)
{
  if (action != NO_ACTION && (action != EDIT_ACL || this != EDIT_ACL))
    {
      error (0, 0, _("--set, --set-file, --remove and --restore cannot be "
		     "combined with each other or with edits"));
      usage (EXIT_USAGE);
    }
  action = this;
}

static struct edit *
new_edit (enum edit_kind kind)
{
  struct edit *edit;

  set_action (EDIT_ACL);
  if (n_edits == edits_alloc)
    edits = x2nrealloc (edits, &edits_alloc, sizeof *edits);
  edit = &edits[n_edits++];
  memset (edit, 0, sizeof *edit);
  edit->kind = kind;
  return edit;
}

static void
free_options (void)
{
  size_t n;

  for (n = 0; n < n_edits; n++)
    richacl_free (edits[n].acl);
  free (edits);
  richacl_free (set_acl);
}

int
main (int argc, char **argv)
{
  struct edit *edit;
  bool ok;
  int c;

  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);

  while ((c = getopt_long (argc, argv, "s:S:m:M:x:a:b" COMMON_SHORT_OPTIONS,
			   long_options, NULL)) != -1)
    {
      switch (c)
	{
	case 's':
	  set_action (SET_ACL);
	  set_acl = parse_acl_text (optarg, NULL, &set_given);
	  break;
	case 'S':
	  set_action (SET_ACL);
	  set_acl = parse_acl_file (optarg, &set_given);
	  break;
	case 'm':
	  edit = new_edit (EDIT_MODIFY);
	  edit->acl = parse_acl_text (optarg, NULL, &edit->given);
	  break;
	case 'M':
	  edit = new_edit (EDIT_MODIFY);
	  edit->acl = parse_acl_file (optarg, &edit->given);
	  break;
	case 'x':
	  edit = new_edit (EDIT_REMOVE_ENTRY);
	  if (!parse_remove_entry (edit, optarg))
	    usage (EXIT_USAGE);
	  break;
	case 'a':
	  edit = new_edit (EDIT_ADD_ENTRY);
	  edit->by_index = true;
	  if (!parse_entry_index (optarg, &edit->index))
	    usage (EXIT_USAGE);
	  if (optind >= argc)
	    {
	      error (0, 0, _("--add-entry needs an ACL after its index"));
	      usage (EXIT_USAGE);
	    }
	  edit->acl = parse_acl_text (argv[optind++], NULL, NULL);
	  break;
	case 'b':
	  set_action (REMOVE_ACL);
	  break;
	case RESTORE_OPTION:
	  set_action (RESTORE_ACLS);
	  restore_source = optarg;
	  break;
	case TEST_OPTION:
	  opt_test = true;
	  break;
	case NO_PROPAGATE_OPTION:
	  opt_no_propagate = true;
	  break;
	case HELP_OPTION:
	  usage (EXIT_SUCCESS);
	  break;
	case VERSION_OPTION:
	  version_etc (stdout, "setrichacl", PACKAGE_NAME, PACKAGE_VERSION,
		       AUTHORS, (char *) NULL);
	  exit (EXIT_SUCCESS);
	default:
	  if (!common_option (c, optarg))
	    usage (EXIT_USAGE);
	}
    }
  if (action == NO_ACTION)
    {
      error (0, 0, _("no action given: use --set, --set-file, --remove, "
		     "--restore, or edits such as --modify"));
      usage (EXIT_USAGE);
    }
  if (action == RESTORE_ACLS)
    {
      if (optind < argc)
	{
	  error (0, 0, _("--restore takes no file operands: the files are "
			 "named in its input"));
	  usage (EXIT_USAGE);
	}
      if (!finish_common_options (1))
	usage (EXIT_USAGE);
      ok = restore (restore_source);
    }
  else
    {
      if (!finish_common_options (argc - optind))
	usage (EXIT_USAGE);
      walk_options.dirs_first = true;
      ok = walk (argv + optind, &walk_options, change_file, NULL, NULL);
    }
  free_options ();
  return ok ? EXIT_OK : EXIT_FILE_FAILED;
}
