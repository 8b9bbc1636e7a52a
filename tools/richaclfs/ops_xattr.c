/*
 * ops_xattr.c - extended attributes.
 *
 * system.richacl is the ACL, kept in the backing file under the
 * alternate name by tools/common/storage.c: reading it is always allowed
 * (read_acl is always granted), setting or removing it needs the owner
 * or write_acl (MAY_CHMOD, as the kernel's richacl xattr handler asks).
 * An ACL that a mode can express is stored as that mode, any other sets
 * the permission bits from its masks.  The backing name itself is hidden
 * from clients, and POSIX ACLs are refused: a file has one kind of ACL.
 * Other attributes need read_named_attrs / write_named_attrs; trusted.*
 * needs root (CAP_SYS_ADMIN), as in the kernel.  security.* can be read
 * by everyone, but only root changes it: the daemon sets it as root, and
 * must not let a caller plant file capabilities or security labels.
 */
#include <config.h>
#include "richaclfs.h"
#include "common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>

enum xattr_kind
{
  XATTR_RICHACL,	/* system.richacl */
  XATTR_REFUSED,	/* POSIX ACLs and other system.* names */
  XATTR_HIDDEN,		/* where the daemon keeps the ACLs */
  XATTR_TRUSTED,	/* trusted.*: root only */
  XATTR_SECURITY,	/* security.*: readable, root changes them */
  XATTR_NAMED		/* user.* and the rest: named attributes */
};

static enum xattr_kind
xattr_kind (const char *name)
{
  if (strcmp (name, RICHACL_XATTR) == 0)
    return XATTR_RICHACL;
  if (strcmp (name, storage_xattr_name ()) == 0)
    return XATTR_HIDDEN;
  if (strncmp (name, "system.", 7) == 0)
    return XATTR_REFUSED;
  if (strncmp (name, "trusted.", 8) == 0)
    return XATTR_TRUSTED;
  if (strncmp (name, "security.", 9) == 0)
    return XATTR_SECURITY;
  return XATTR_NAMED;
}

/* Reply @size bytes of @value to a getxattr asking for at most @want. */
static void
reply_value (fuse_req_t req, const void *value, size_t size, size_t want)
{
  if (want == 0)
    fuse_reply_xattr (req, size);
  else if (size > want)
    fuse_reply_err (req, ERANGE);
  else
    fuse_reply_buf (req, value, size);
}

static void
get_richacl (fuse_req_t req, struct fs_inode *inode, size_t want)
{
  struct richacl *acl;
  struct stat st;
  bool stored;
  void *value;
  size_t size;

  if (inode_stat (inode, &st))
    {
      fuse_reply_err (req, errno);
      return;
    }
  acl = acl_get (inode, &st, &stored);
  if (!acl)
    {
      fuse_reply_err (req, errno == EPOSIXACL ? EOPNOTSUPP : errno);
      return;
    }
  if (!stored)
    {
      /* As on a RichACL kernel: no ACL, the mode alone. */
      richacl_free (acl);
      fuse_reply_err (req, ENODATA);
      return;
    }
  size = richacl_xattr_size (acl);
  value = malloc (size);
  if (!value)
    fuse_reply_err (req, ENOMEM);
  else
    {
      richacl_to_xattr (acl, value);
      reply_value (req, value, size, want);
    }
  free (value);
  richacl_free (acl);
}

/* The names and values of other attributes come from the backing file. */
static void
get_backing (fuse_req_t req, struct fs_inode *inode, const char *name,
	     size_t want)
{
  char path[PROC_FD_PATH_MAX];
  char *value = NULL;
  ssize_t len;

  proc_fd_path (inode->fd, path);
  if (want)
    {
      value = malloc (want);
      if (!value)
	{
	  fuse_reply_err (req, ENOMEM);
	  return;
	}
    }
  if (inode->type == S_IFLNK)
    len = lgetxattr (path, name, value, want);
  else
    len = getxattr (path, name, value, want);
  if (len < 0)
    fuse_reply_err (req, errno);
  else if (want == 0)
    fuse_reply_xattr (req, len);
  else
    fuse_reply_buf (req, value, len);
  free (value);
}

/* The check for any attribute but system.richacl; 0 or a negative errno. */
static int
check_named (struct caller *c, struct fs_inode *inode, enum xattr_kind kind,
	     bool write)
{
  struct stat st;

  switch (kind)
    {
    case XATTR_REFUSED:
      return -EOPNOTSUPP;
    case XATTR_HIDDEN:
      return write ? -EPERM : -ENODATA;
    case XATTR_TRUSTED:
      if (!caller_is_root (c))
	return write ? -EPERM : -ENODATA;
      return 0;
    case XATTR_SECURITY:
      return write && !caller_is_root (c) ? -EPERM : 0;
    default:
      if (inode_stat (inode, &st))
	return -errno;
      return may_access (c, inode, &st,
			 write ? MAY_WRITE_NAMED : MAY_READ_NAMED);
    }
}

void
op_getxattr (fuse_req_t req, fuse_ino_t ino, const char *name, size_t size)
{
  struct fs_inode *inode = inode_get (ino);
  enum xattr_kind kind = xattr_kind (name);
  struct caller c;
  int err;

  if (kind == XATTR_RICHACL)
    {
      get_richacl (req, inode, size);
      return;
    }
  caller_init (&c, req);
  err = check_named (&c, inode, kind, false);
  caller_release (&c);
  if (err)
    fuse_reply_err (req, -err);
  else
    get_backing (req, inode, name, size);
}

/*
 * The backing file's names, with the backing ACL name shown as
 * system.richacl, and without what clients cannot read anyway (POSIX
 * ACLs; trusted.* for others than root, as the kernel hides them).
 */
static size_t
filter_names (const char *list, ssize_t len, char *out, bool root)
{
  const char *p;
  size_t n = 0;

  for (p = list; p < list + len; p += strlen (p) + 1)
    {
      const char *name = p;

      switch (xattr_kind (p))
	{
	case XATTR_HIDDEN:
	  name = RICHACL_XATTR;
	  break;
	case XATTR_REFUSED:
	case XATTR_RICHACL:
	  continue;
	case XATTR_TRUSTED:
	  if (!root)
	    continue;
	  break;
	default:
	  break;
	}
      strcpy (out + n, name);
      n += strlen (name) + 1;
    }
  return n;
}

void
op_listxattr (fuse_req_t req, fuse_ino_t ino, size_t size)
{
  struct fs_inode *inode = inode_get (ino);
  char path[PROC_FD_PATH_MAX];
  char *list = NULL, *out = NULL;
  ssize_t len;
  struct caller c;
  size_t n;

  proc_fd_path (inode->fd, path);
  len = inode->type == S_IFLNK ? llistxattr (path, NULL, 0)
			       : listxattr (path, NULL, 0);
  if (len < 0)
    {
      fuse_reply_err (req, errno);
      return;
    }
  /* Renaming the backing name can make the list longer. */
  list = malloc (len + 1);
  out = malloc (len + len / 2 + sizeof RICHACL_XATTR + 1);
  if (!list || !out)
    {
      fuse_reply_err (req, ENOMEM);
      goto out;
    }
  len = inode->type == S_IFLNK ? llistxattr (path, list, len)
			       : listxattr (path, list, len);
  if (len < 0)
    {
      fuse_reply_err (req, errno == ERANGE ? EAGAIN : errno);
      goto out;
    }
  caller_init (&c, req);
  n = filter_names (list, len, out, caller_is_root (&c));
  caller_release (&c);
  reply_value (req, out, n, size);
out:
  free (list);
  free (out);
}

/* Who may change system.richacl: the owner, write_acl, or root. */
static int
check_acl_change (struct caller *c, struct fs_inode *inode, struct stat *st)
{
  if (inode_stat (inode, st))
    return -errno;
  if (S_ISLNK (st->st_mode))
    return -EOPNOTSUPP;
  if (!owner_permitted (c, inode, st, MAY_CHMOD))
    return -EPERM;
  return 0;
}

/* Store @acl (NULL: remove the ACL) under the inode's lock. */
static int
change_acl (struct fs_inode *inode, const struct richacl *acl, int flags)
{
  char path[PROC_FD_PATH_MAX];
  struct file_ref f = { AT_FDCWD, path, 0 };
  struct stored_acl old;
  struct stat st;
  int err = 0;

  proc_fd_path (inode->fd, path);
  pthread_mutex_lock (&inode->lock);
  if (inode_stat (inode, &st) || storage_load (&f, &st, &old))
    {
      err = errno == EPOSIXACL ? EOPNOTSUPP : errno;
      goto unlock;
    }
  if ((flags & XATTR_CREATE) && old.stored)
    err = EEXIST;
  else if (((flags & XATTR_REPLACE) || !acl) && !old.stored)
    err = ENODATA;
  else if (acl ? storage_store (&st, &old, acl) : storage_remove (&f))
    err = errno;
  stored_acl_release (&old);
  acl_forget (inode);
unlock:
  pthread_mutex_unlock (&inode->lock);
  return err;
}

/*
 * setxattr, or removexattr when @remove: both need owner or write_acl for
 * system.richacl, and write_named_attrs for any other name.
 */
static void
change_xattr (fuse_req_t req, fuse_ino_t ino, const char *name,
	      const char *value, size_t size, int flags, bool remove)
{
  struct fs_inode *inode = inode_get (ino);
  enum xattr_kind kind = xattr_kind (name);
  char path[PROC_FD_PATH_MAX];
  struct caller c;
  struct stat st;
  int err;

  caller_init (&c, req);
  if (kind == XATTR_RICHACL)
    {
      err = -check_acl_change (&c, inode, &st);
      if (!err && remove)
	err = change_acl (inode, NULL, 0);
      else if (!err)
	{
	  struct richacl *acl = richacl_from_xattr (value, size);

	  err = acl ? change_acl (inode, acl, flags) : errno;
	  richacl_free (acl);
	}
    }
  else
    {
      bool symlink = inode->type == S_IFLNK;

      err = -check_named (&c, inode, kind, true);
      if (!err)
	{
	  proc_fd_path (inode->fd, path);
	  if (remove ? (symlink ? lremovexattr (path, name)
				: removexattr (path, name))
		     : (symlink ? lsetxattr (path, name, value, size, flags)
				: setxattr (path, name, value, size, flags)))
	    err = errno;
	}
    }
  caller_release (&c);
  fuse_reply_err (req, err);
}

void
op_setxattr (fuse_req_t req, fuse_ino_t ino, const char *name,
	     const char *value, size_t size, int flags)
{
  change_xattr (req, ino, name, value, size, flags, false);
}

void
op_removexattr (fuse_req_t req, fuse_ino_t ino, const char *name)
{
  change_xattr (req, ino, name, NULL, 0, 0, true);
}
