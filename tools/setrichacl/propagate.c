/*
 * propagate.c - automatic inheritance (seed 010, SPEC 4).
 *
 * The kernel marks what a file inherited from a directory with
 * auto_inherit, but it never revisits the file when the directory's ACL
 * changes later: passing the change on is user space's job.  We walk the
 * directory's subtree, never following symlinks, and give each file with
 * auto_inherit (and not protected) the entries it inherits now in place
 * of the ones it inherited before (richacl_auto_inherit).  Each directory
 * passes its own new ACL on to its entries; a file that keeps its ACL
 * (no auto_inherit, or protected) also keeps its subtree as it is, since
 * what is below it inherited from it, not from us.
 */
#include <config.h>
#include "setrichacl.h"

#include <errno.h>
#include <stdlib.h>

#include "xalloc.h"

struct propagation
{
  const struct richacl *root_acl;
};

static void
release_acl (void *data)
{
  richacl_free (data);
}

static struct richacl *
xclone (const struct richacl *acl)
{
  struct richacl *clone = richacl_clone (acl);

  if (!clone)
    xalloc_die ();
  return clone;
}

static int
propagate_to (struct walk_file *f, void *arg)
{
  const struct propagation *p = arg;
  const struct richacl *parent = f->parent_data;
  struct richacl *inherited, *acl;
  struct stored_acl old;
  bool isdir = S_ISDIR (f->st->st_mode);
  int result = WALK_OK;

  if (f->level == 0)
    {
      /* The directory whose ACL was changed: its entries inherit. */
      f->data = xclone (p->root_acl);
      return WALK_OK;
    }
  if (storage_load (&f->file, f->st, &old))
    {
      report_file_error (f->path, errno);
      return WALK_FAILED | WALK_PRUNE;
    }
  if (!(old.acl->a_flags & RICHACL_AUTO_INHERIT)
      || (old.acl->a_flags & RICHACL_PROTECTED))
    {
      stored_acl_release (&old);
      return WALK_PRUNE;
    }

  inherited = richacl_inherit (parent, isdir);
  if (!inherited && errno)
    xalloc_die ();
  acl = richacl_auto_inherit (old.acl, inherited);
  richacl_free (inherited);
  if (!acl)
    xalloc_die ();

  if (richacl_compare (acl, old.acl) != 0 && !commit_acl (f, &old, acl))
    /* Its entries would inherit from an ACL it does not have. */
    result = WALK_FAILED | WALK_PRUNE;
  else if (isdir)
    {
      f->data = acl;
      acl = NULL;
    }
  richacl_free (acl);
  stored_acl_release (&old);
  return result;
}

bool
propagate_auto_inherit (const char *dir, const struct richacl *acl)
{
  /* Whatever -L says: inheritance follows the tree, never a symlink in
     it.  @dir itself was followed when its ACL was set. */
  static const struct walk_options physical = {
    .recursive = true, .follow_operands = true
  };
  struct propagation p = { acl };
  char *operands[] = { (char *) dir, NULL };

  return walk (operands, &physical, propagate_to, release_acl, &p);
}
