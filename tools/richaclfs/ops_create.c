/*
 * ops_create.c - new objects: create, mknod, mkdir, symlink, link.
 *
 * Each checks may_create() on the directory, creates the object as root
 * with no permissions at all, gives it to the caller, and only then sets
 * the mode and the ACL it inherits (seeds 009 and 010), so that nobody
 * can use it in between with more rights than it ends up with.
 */
#include <config.h>
#include "richaclfs.h"
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static mode_t
caller_umask (void *arg)
{
  return ((struct caller *) arg)->umask;
}

/*
 * richacl_create() of seed 009: the ACL the new object inherits from
 * @dir, and its mode.  The umask applies only when nothing is inherited.
 * On failure, NULL with errno set; NULL with errno 0 means no ACL.
 */
struct richacl *
inherit_at_create (struct caller *c, struct fs_inode *dir,
		   const struct stat *dir_st, mode_t *mode)
{
  struct richacl *dir_acl, *acl;
  bool stored;

  if (S_ISLNK (*mode))
    {
      errno = 0;
      return NULL;
    }
  dir_acl = acl_get (dir, dir_st, &stored);
  if (!dir_acl)
    return NULL;
  if (!stored)
    {
      /* A mode has nothing to inherit. */
      richacl_free (dir_acl);
      *mode &= ~c->umask;
      errno = 0;
      return NULL;
    }
  acl = richacl_inherit_inode (dir_acl, mode, caller_umask, c);
  richacl_free (dir_acl);
  return acl;
}

/*
 * inode_init_owner(): the owner is the caller; the group is the
 * directory's when the directory is setgid (and a new directory is then
 * setgid as well), else the caller's.  A setgid bit the caller could not
 * set with chmod is dropped (mode_strip_sgid()).
 */
static gid_t
new_owner_group (struct caller *c, const struct stat *dir_st, mode_t *mode)
{
  gid_t gid = c->gid;

  if (dir_st->st_mode & S_ISGID)
    {
      gid = dir_st->st_gid;
      if (S_ISDIR (*mode))
	*mode |= S_ISGID;
      else if ((*mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP)
	       && !caller_is_root (c) && caller_in_group (c, gid) != 1)
	*mode &= ~S_ISGID;
    }
  return gid;
}

int
finish_create (struct caller *c, const struct stat *dir_st, int fd,
	       mode_t mode, const struct richacl *acl)
{
  char path[PROC_FD_PATH_MAX];
  gid_t gid = new_owner_group (c, dir_st, &mode);
  struct stat st;

  if (fchownat (fd, "", c->uid, gid, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW))
    return errno;
  if (S_ISLNK (mode))
    return 0;
  proc_fd_path (fd, path);
  if (acl)
    {
      struct stored_acl none;

      memset (&none, 0, sizeof none);
      none.file.dirfd = AT_FDCWD;
      none.file.name = path;
      if (fstatat (fd, "", &st, AT_EMPTY_PATH) || storage_store (&st, &none, acl))
	return errno;
      if (!(mode & (S_ISUID | S_ISGID | S_ISVTX)))
	return 0;
      /* storage_store() set the permission bits (from the masks, or the
	 equivalent mode); add the special bits to those. */
      if (fstatat (fd, "", &st, AT_EMPTY_PATH))
	return errno;
      mode = (mode & (S_ISUID | S_ISGID | S_ISVTX)) | (st.st_mode & 0777);
    }
  if (fchmodat (AT_FDCWD, path, mode & 07777, 0))
    return errno;
  return 0;
}

/*
 * What every new object needs first: the directory's status in @dir_st,
 * may_create() on it, and the ACL (*@acl, NULL for none) and mode (*@mode)
 * the object inherits.  0 or a positive errno.
 */
static int
begin_create (struct caller *c, struct fs_inode *dir, struct stat *dir_st,
	      mode_t *mode, struct richacl **acl)
{
  int err;

  *acl = NULL;
  if (inode_stat (dir, dir_st))
    return errno;
  err = -may_create (c, dir, dir_st, S_ISDIR (*mode));
  if (err)
    return err;
  if ((S_ISCHR (*mode) || S_ISBLK (*mode)) && !caller_is_root (c))
    return EPERM;	/* CAP_MKNOD */
  errno = 0;
  *acl = inherit_at_create (c, dir, dir_st, mode);
  if (!*acl && errno)
    return errno;
  return 0;
}

/* Shared by mknod, mkdir and symlink: the object does not exist yet. */
static void
make_node (fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
	   dev_t rdev, const char *link)
{
  struct fs_inode *dir = inode_get (parent);
  struct richacl *acl;
  struct fuse_entry_param e;
  struct caller c;
  struct stat dir_st;
  int err, fd = -1;

  caller_init (&c, req);
  err = begin_create (&c, dir, &dir_st, &mode, &acl);
  if (err)
    goto out;

  if (link)
    err = symlinkat (link, dir->fd, name) ? errno : 0;
  else if (S_ISDIR (mode))
    err = mkdirat (dir->fd, name, 0) ? errno : 0;
  else
    err = mknodat (dir->fd, name, mode & S_IFMT, rdev) ? errno : 0;
  if (err)
    goto out;
  fd = openat (dir->fd, name, O_PATH | O_NOFOLLOW);
  if (fd < 0)
    {
      err = errno;
      goto out;
    }
  err = finish_create (&c, &dir_st, fd, mode, acl);
  if (err)
    {
      /* Do not leave a root-owned object behind. */
      if (S_ISDIR (mode))
	unlinkat (dir->fd, name, AT_REMOVEDIR);
      else
	unlinkat (dir->fd, name, 0);
      goto out;
    }
  err = make_entry (dir, name, &e);

out:
  if (fd >= 0)
    close (fd);
  richacl_free (acl);
  caller_release (&c);
  if (err)
    fuse_reply_err (req, err);
  else
    fuse_reply_entry (req, &e);
}

void
op_mknod (fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
	  dev_t rdev)
{
  make_node (req, parent, name, mode, rdev, NULL);
}

void
op_mkdir (fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode)
{
  make_node (req, parent, name, S_IFDIR | (mode & 07777), 0, NULL);
}

void
op_symlink (fuse_req_t req, const char *link, fuse_ino_t parent,
	    const char *name)
{
  make_node (req, parent, name, S_IFLNK | 0777, 0, link);
}

/*
 * link(2): a new name in the directory (may_create()).  Directories
 * cannot be linked.  With fs.protected_hardlinks the kernel also refuses
 * linking to a file the caller does not own and could not read and
 * write, or that is setuid or setgid-executable (may_linkat()).
 */
static int
may_link (struct caller *c, struct fs_inode *inode, const struct stat *st)
{
  if (S_ISDIR (st->st_mode))
    return -EPERM;
  if (caller_is_root (c) || c->uid == st->st_uid)
    return 0;
  if (S_ISREG (st->st_mode)
      && !(st->st_mode & S_ISUID)
      && (st->st_mode & (S_ISGID | S_IXGRP)) != (S_ISGID | S_IXGRP)
      && may_access (c, inode, st, MAY_READ | MAY_WRITE) == 0)
    return 0;
  return -EPERM;
}

void
op_link (fuse_req_t req, fuse_ino_t ino, fuse_ino_t parent, const char *name)
{
  struct fs_inode *inode = inode_get (ino), *dir = inode_get (parent);
  char path[PROC_FD_PATH_MAX];
  struct fuse_entry_param e;
  struct stat st, dir_st;
  struct caller c;
  int err;

  caller_init (&c, req);
  if (inode_stat (inode, &st) || inode_stat (dir, &dir_st))
    err = errno;
  else if ((err = -may_create (&c, dir, &dir_st, false)) == 0
	   && (err = -may_link (&c, inode, &st)) == 0)
    {
      proc_fd_path (inode->fd, path);
      if (linkat (AT_FDCWD, path, dir->fd, name, AT_SYMLINK_FOLLOW))
	err = errno;
      else
	err = make_entry (dir, name, &e);
    }
  caller_release (&c);
  if (err)
    fuse_reply_err (req, err);
  else
    fuse_reply_entry (req, &e);
}

/*
 * open(O_CREAT) of a name the kernel found missing.  The caller opens a
 * file it has just created without further checks (do_open() with
 * FMODE_CREATED).  Should the name have appeared since, this is an open
 * of that file, with its checks, unless O_EXCL was asked for.
 */
void
op_create (fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
	   struct fuse_file_info *fi)
{
  struct fs_inode *dir = inode_get (parent);
  struct richacl *acl;
  struct fuse_entry_param e;
  struct stat dir_st;
  struct caller c;
  int err, fd = -1;
  int flags = (fi->flags | O_CREAT | O_EXCL)
	      & ~(O_NOFOLLOW | O_NOCTTY | FS_FMODE_EXEC);

  caller_init (&c, req);
  mode = S_IFREG | (mode & 07777);
  err = begin_create (&c, dir, &dir_st, &mode, &acl);
  if (err)
    goto out;
  fd = openat (dir->fd, name, flags, 0);
  if (fd < 0 && errno == EEXIST && !(fi->flags & O_EXCL))
    {
      err = make_entry (dir, name, &e);
      if (err)
	goto out;
      fd = open_checked (&c, inode_get (e.ino), fi->flags);
      if (fd < 0)
	{
	  err = -fd;
	  inode_forget (inode_get (e.ino), 1);
	}
      goto out;
    }
  if (fd < 0)
    {
      err = errno;
      goto out;
    }
  err = finish_create (&c, &dir_st, fd, mode, acl);
  if (!err)
    err = make_entry (dir, name, &e);
  if (err)
    {
      close (fd);
      fd = -1;
      unlinkat (dir->fd, name, 0);
    }

out:
  richacl_free (acl);
  caller_release (&c);
  if (err)
    {
      fuse_reply_err (req, err);
      return;
    }
  fi->fh = fd;
  if (fuse_reply_create (req, &e, fi) == -ENOENT)
    {
      /* The request was interrupted: nobody will release the file. */
      close (fd);
      inode_forget (inode_get (e.ino), 1);
    }
}
