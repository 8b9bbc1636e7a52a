/*
 * ops_remove.c - removing and moving names: unlink, rmdir, rename.
 *
 * Removing a name needs may_delete() on its directory; a rename also
 * needs the right to add the object to the new directory: add_file or
 * add_subdirectory by the type of the object that lands there (for
 * RENAME_EXCHANGE each directory receives the other object, v28 cover
 * letter), and a directory that changes parents needs write on itself,
 * for its "..".
 */
#include <config.h>
#include "richaclfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static void
remove_name (fuse_req_t req, fuse_ino_t parent, const char *name, int flags)
{
  struct fs_inode *dir = inode_get (parent);
  struct stat dir_st, st;
  struct caller c;
  int err;

  if (inode_stat (dir, &dir_st)
      || fstatat (dir->fd, name, &st, AT_SYMLINK_NOFOLLOW))
    {
      fuse_reply_err (req, errno);
      return;
    }
  caller_init (&c, req);
  err = -may_delete (&c, dir, &dir_st, name, &st, 0);
  caller_release (&c);
  if (!err && unlinkat (dir->fd, name, flags))
    err = errno;
  fuse_reply_err (req, err);
}

void
op_unlink (fuse_req_t req, fuse_ino_t parent, const char *name)
{
  remove_name (req, parent, name, 0);
}

void
op_rmdir (fuse_req_t req, fuse_ino_t parent, const char *name)
{
  remove_name (req, parent, name, AT_REMOVEDIR);
}

static int
create_want (const struct stat *st)
{
  return S_ISDIR (st->st_mode) ? MAY_CREATE_DIR : MAY_CREATE_FILE;
}

/* The checks of vfs_rename(); @target is NULL when @newname is free. */
static int
may_rename (struct caller *c, struct fs_inode *olddir,
	    const struct stat *olddir_st, const char *name,
	    const struct stat *source, struct fs_inode *newdir,
	    const struct stat *newdir_st, const char *newname,
	    const struct stat *target, unsigned int flags)
{
  bool exchange = flags & RENAME_EXCHANGE;
  int err;

  /* The source leaves the old directory; with an exchange, the target
     takes its place there. */
  err = may_delete (c, olddir, olddir_st, name, source,
		    exchange ? create_want (target) : 0);
  if (err)
    return err;
  if (!target)
    err = may_create (c, newdir, newdir_st, S_ISDIR (source->st_mode));
  else
    err = may_delete (c, newdir, newdir_st, newname, target,
		      create_want (source));
  if (err)
    return err;
  if (olddir == newdir)
    return 0;
  if (S_ISDIR (source->st_mode))
    {
      err = may_access_name (c, olddir, name, source, MAY_WRITE);
      if (err)
	return err;
    }
  if (exchange && S_ISDIR (target->st_mode))
    err = may_access_name (c, newdir, newname, target, MAY_WRITE);
  return err;
}

void
op_rename (fuse_req_t req, fuse_ino_t parent, const char *name,
	   fuse_ino_t newparent, const char *newname, unsigned int flags)
{
  struct fs_inode *olddir = inode_get (parent), *newdir = inode_get (newparent);
  struct stat olddir_st, newdir_st, source, target_st;
  const struct stat *target = &target_st;
  struct caller c;
  int err;

  if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE))
    {
      fuse_reply_err (req, EINVAL);
      return;
    }
  if (inode_stat (olddir, &olddir_st) || inode_stat (newdir, &newdir_st)
      || fstatat (olddir->fd, name, &source, AT_SYMLINK_NOFOLLOW))
    {
      fuse_reply_err (req, errno);
      return;
    }
  if (fstatat (newdir->fd, newname, &target_st, AT_SYMLINK_NOFOLLOW))
    {
      if (errno != ENOENT || (flags & RENAME_EXCHANGE))
	{
	  fuse_reply_err (req, errno);
	  return;
	}
      target = NULL;
    }
  if (target && (flags & RENAME_NOREPLACE))
    {
      fuse_reply_err (req, EEXIST);
      return;
    }
  /* Renaming a name onto another name of the same object does nothing,
     and is allowed without any check (vfs_rename()). */
  if (target && target->st_ino == source.st_ino
      && target->st_dev == source.st_dev)
    {
      fuse_reply_err (req, 0);
      return;
    }
  caller_init (&c, req);
  err = -may_rename (&c, olddir, &olddir_st, name, &source, newdir,
		     &newdir_st, newname, target, flags);
  caller_release (&c);
  if (!err && renameat2 (olddir->fd, name, newdir->fd, newname, flags))
    err = errno;
  fuse_reply_err (req, err);
}
