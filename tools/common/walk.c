/*
 * walk.c - the files the tools work on: the operands, or with
 * --recursive every file of the trees they name.  The only code of the
 * tools that walks directories.
 *
 * Recursive walks use gnulib's fts in its chdir mode: fts opens each
 * directory without following symlinks, checks that it is the directory
 * it listed, and makes it the current directory, so each file is handed
 * to the tools as a single name relative to it.  With STORAGE_NOFOLLOW
 * the tools then use the l*xattr calls on that name: a directory swapped
 * for a symlink between the listing and the visit cannot send a walk
 * (run by root over a tree that others control) anywhere outside the tree.
 * The *xattr calls have no *at variants, which is why the chdir mode is
 * used and not fts' virtual cwd.
 *
 * fts keeps only the directories on the path to the current one and the
 * entries of the directory being read, so memory does not grow with the
 * size of the tree.
 */
#include <config.h>
#include "common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "fts_.h"
#include "quote.h"
#include "xalloc.h"

struct walk_options walk_options;

/* Siblings in name order: output and restore do not depend on the order
   in which the file system lists a directory. */
static int
compare_names (FTSENT const **a, FTSENT const **b)
{
  return strcmp ((*a)->fts_name, (*b)->fts_name);
}

/* One operand, without --recursive: follow symlinks, as chmod does. */
static bool
walk_operand (char *operand, walk_visit_fn visit, walk_release_fn release,
	      void *arg)
{
  struct walk_file f = { 0 };
  struct stat st;
  int result;

  if (stat (operand, &st))
    {
      report_file_error (operand, errno);
      return false;
    }
  f.path = operand;
  f.access = operand;
  f.st = &st;
  result = visit (&f, arg);
  if (f.data && release)
    release (f.data);
  return !(result & WALK_FAILED);
}

/* Report the problem fts found with @ent. */
static void
report_entry_error (const FTSENT *ent)
{
  switch (ent->fts_info)
    {
    case FTS_DNR:
      error (0, ent->fts_errno, _("cannot read directory %s"),
	     quoteaf (ent->fts_path));
      break;
    case FTS_DC:
      error (0, 0, _("%s: not descending: directory cycle (a symlink or "
		     "bind mount leads back to a directory above it)"),
	     quotef (ent->fts_path));
      break;
    case FTS_SLNONE:
      error (0, 0, _("cannot operate on dangling symlink %s"),
	     quoteaf (ent->fts_path));
      break;
    default:
      report_file_error (ent->fts_path, ent->fts_errno);
      break;
    }
}

/* Hand @ent to @visit; returns its WALK_* result. */
static int
visit_entry (FTS *fts, FTSENT *ent, const struct walk_options *opts,
	     walk_visit_fn visit, void *arg)
{
  struct walk_file f = { 0 };
  int result;

  f.path = ent->fts_path;
  f.access = ent->fts_accpath;
  f.st = ent->fts_statp;
  f.level = ent->fts_level;
  f.parent_data = ent->fts_parent ? ent->fts_parent->fts_pointer : NULL;
  /* fts has made the file's directory the current one (chdir mode) for
     everything but the operands themselves, which are followed only
     with --logical. */
  if (!opts->logical && !(ent->fts_level == 0 && opts->follow_operands))
    f.storage_flags = STORAGE_NOFOLLOW;
  result = visit (&f, arg);
  ent->fts_pointer = f.data;
  if ((result & WALK_PRUNE) && ent->fts_info == FTS_D)
    fts_set (fts, ent, FTS_SKIP);
  return result;
}

bool
walk (char **operands, const struct walk_options *opts, walk_visit_fn visit,
      walk_release_fn release, void *arg)
{
  int fts_flags = opts->logical ? FTS_LOGICAL : FTS_PHYSICAL;
  bool ok = true;
  FTSENT *ent;
  FTS *fts;

  if (!opts->recursive)
    {
      for (; *operands; operands++)
	ok &= walk_operand (*operands, visit, release, arg);
      return ok;
    }

  if (opts->one_file_system)
    fts_flags |= FTS_XDEV;
  if (opts->follow_operands)
    fts_flags |= FTS_COMFOLLOW;
  fts = fts_open (operands, fts_flags, compare_names);
  if (!fts)
    xalloc_die ();		/* fts_open fails only for lack of memory */
  while ((ent = fts_read (fts)) != NULL)
    {
      switch (ent->fts_info)
	{
	case FTS_D:
	case FTS_F:
	case FTS_DEFAULT:
	  if (visit_entry (fts, ent, opts, visit, arg) & WALK_FAILED)
	    ok = false;
	  break;
	case FTS_DP:
	  if (ent->fts_pointer && release)
	    release (ent->fts_pointer);
	  ent->fts_pointer = NULL;
	  break;
	case FTS_DNR:
	  /* fts has visited the directory as FTS_D (its own ACL could be
	     read and changed); only its contents are out of reach, and
	     there will be no FTS_DP. */
	  if (ent->fts_pointer && release)
	    release (ent->fts_pointer);
	  ent->fts_pointer = NULL;
	  report_entry_error (ent);
	  ok = false;
	  break;
	case FTS_SL:
	  /* Not followed (--physical): symlinks have no ACL of their own. */
	  break;
	case FTS_DC:
	case FTS_SLNONE:
	case FTS_NS:
	case FTS_ERR:
	default:
	  report_entry_error (ent);
	  ok = false;
	  break;
	}
    }
  if (errno != 0)
    {
      error (0, errno, _("fts_read failed"));
      ok = false;
    }
  if (fts_close (fts) != 0)
    {
      error (0, errno, _("fts_close failed"));
      ok = false;
    }
  return ok;
}
