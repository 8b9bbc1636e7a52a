/*
 * ops_attr.c - setattr: chown, chmod, truncate and utimens, with the
 * checks of setattr_prepare() as seed 002 changes them, and chmod
 * updating the file masks of a stored ACL (seed 008).
 */
#include <config.h>
#include "richaclfs.h"
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* All the checks, in the kernel's order; 0 or a negative errno. */
static int
check_setattr (struct caller *c, struct fs_inode *inode,
	       const struct stat *st, struct stat *attr, int valid,
	       struct fuse_file_info *fi)
{
  int err;

  /* truncate(2) needs write; ftruncate(2) an fd open for writing. */
  if ((valid & FUSE_SET_ATTR_SIZE) && !fi)
    {
      if (S_ISDIR (st->st_mode))
	return -EISDIR;
      err = may_access (c, inode, st, MAY_WRITE);
      if (err)
	return err;
    }
  if (valid & (FUSE_SET_ATTR_UID | FUSE_SET_ATTR_GID))
    {
      err = may_chown (c, inode, st,
		       (valid & FUSE_SET_ATTR_UID) ? attr->st_uid : (uid_t) -1,
		       (valid & FUSE_SET_ATTR_GID) ? attr->st_gid : (gid_t) -1);
      if (err)
	return err;
    }
  if (valid & FUSE_SET_ATTR_MODE)
    {
      gid_t gid = (valid & FUSE_SET_ATTR_GID) ? attr->st_gid : st->st_gid;

      if (!owner_permitted (c, inode, st, MAY_CHMOD))
	return -EPERM;
      /* Only a member of the file's group may keep its setgid bit. */
      if (!caller_is_root (c) && caller_in_group (c, gid) != 1)
	attr->st_mode &= ~S_ISGID;
    }
  if (valid & (FUSE_SET_ATTR_ATIME | FUSE_SET_ATTR_MTIME))
    {
      bool now = (valid & FUSE_SET_ATTR_ATIME_NOW)
		 && (valid & FUSE_SET_ATTR_MTIME_NOW);

      err = may_set_times (c, inode, st, now);
      if (err)
	return err;
    }
  return 0;
}

/*
 * chmod: the new mode, and when an ACL is stored, its file masks set to
 * what the mode allows (seed 008, richacl_chmod()), stored with the rules
 * of tools/common/storage.c.
 */
static int
do_chmod (struct fs_inode *inode, const char *path, mode_t mode)
{
  struct stored_acl old;
  struct file_ref f = { AT_FDCWD, path, 0 };
  struct stat st;
  int err = 0;

  if (fstatat (inode->fd, "", &st, AT_EMPTY_PATH))
    return errno;
  if (storage_load (&f, &st, &old))
    return errno;
  if (fchmodat (AT_FDCWD, path, mode & 07777, 0))
    err = errno;
  else if (old.stored)
    {
      richacl_chmod (old.acl, (st.st_mode & S_IFMT) | (mode & 07777));
      if (fstatat (inode->fd, "", &st, AT_EMPTY_PATH)
	  || storage_store (&st, &old, old.acl))
	err = errno;
    }
  stored_acl_release (&old);
  return err;
}

static int
apply_setattr (struct fs_inode *inode, const struct stat *st,
	       const struct stat *attr, int valid, struct fuse_file_info *fi)
{
  char path[PROC_FD_PATH_MAX];
  int err;

  proc_fd_path (inode->fd, path);
  if (valid & (FUSE_SET_ATTR_UID | FUSE_SET_ATTR_GID))
    {
      uid_t uid = (valid & FUSE_SET_ATTR_UID) ? attr->st_uid : (uid_t) -1;
      gid_t gid = (valid & FUSE_SET_ATTR_GID) ? attr->st_gid : (gid_t) -1;

      if (fchownat (inode->fd, "", uid, gid,
		    AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW))
	return errno;
    }
  if (valid & FUSE_SET_ATTR_MODE)
    {
      if (S_ISLNK (st->st_mode))
	return EOPNOTSUPP;
      err = do_chmod (inode, path, attr->st_mode);
      if (err)
	return err;
    }
  if (valid & FUSE_SET_ATTR_SIZE)
    {
      int ret;

      if (fi)
	ret = ftruncate (fi->fh, attr->st_size);
      else
	ret = truncate (path, attr->st_size);
      if (ret)
	return errno;
    }
  if (valid & (FUSE_SET_ATTR_ATIME | FUSE_SET_ATTR_MTIME))
    {
      struct timespec tv[2];

      tv[0].tv_sec = tv[1].tv_sec = 0;
      tv[0].tv_nsec = tv[1].tv_nsec = UTIME_OMIT;
      if (valid & FUSE_SET_ATTR_ATIME_NOW)
	tv[0].tv_nsec = UTIME_NOW;
      else if (valid & FUSE_SET_ATTR_ATIME)
	tv[0] = attr->st_atim;
      if (valid & FUSE_SET_ATTR_MTIME_NOW)
	tv[1].tv_nsec = UTIME_NOW;
      else if (valid & FUSE_SET_ATTR_MTIME)
	tv[1] = attr->st_mtim;
      if (S_ISLNK (st->st_mode)
	  ? utimensat (inode->fd, "", tv, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW)
	  : utimensat (AT_FDCWD, path, tv, 0))
	return errno;
    }
  return 0;
}

void
op_setattr (fuse_req_t req, fuse_ino_t ino, struct stat *attr, int valid,
	    struct fuse_file_info *fi)
{
  struct fs_inode *inode = inode_get (ino);
  struct caller c;
  struct stat st;
  int err;

  caller_init (&c, req);
  if (inode_stat (inode, &st))
    err = errno;
  else
    err = -check_setattr (&c, inode, &st, attr, valid, fi);
  if (!err)
    {
      /* One change of the ACL, mode or owner at a time; checks of other
	 callers wait for the cache to be dropped. */
      pthread_mutex_lock (&inode->lock);
      err = apply_setattr (inode, &st, attr, valid, fi);
      acl_forget (inode);
      pthread_mutex_unlock (&inode->lock);
      if (!err && inode_stat (inode, &st))
	err = errno;
    }
  caller_release (&c);
  if (err)
    fuse_reply_err (req, err);
  else
    fuse_reply_attr (req, &st, FS_TIMEOUT);
}
