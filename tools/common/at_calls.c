/*
 * at_calls.c - the system calls the tools make on one file, named
 * relative to a directory file descriptor (struct file_ref).
 *
 * A walk opens each directory once, without following symlinks, and
 * names its entries relative to that descriptor: a directory replaced by
 * a symlink meanwhile cannot redirect the calls, and several threads can
 * work in different directories at once.  Linux 6.13 added the *xattrat
 * calls for this, and 6.6 fchmodat2 with AT_SYMLINK_NOFOLLOW; glibc 2.36
 * has no wrappers, so they are called by number.  On older kernels the
 * xattr calls go through /proc/self/fd/N/NAME, which the kernel resolves
 * to the same directory without a path walk of its own, and chmod goes
 * through glibc's fchmodat.
 */
#include <config.h>
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

/* Linux system call numbers (the same on every architecture since 424). */
#define NR_fchmodat2 452
#define NR_setxattrat 463
#define NR_getxattrat 464
#define NR_listxattrat 465
#define NR_removexattrat 466

/* The value argument of setxattrat and getxattrat (linux/xattr.h). */
struct xattr_args
{
  uint64_t value;
  uint32_t size;
  uint32_t flags;
};

/* Set once a call by number has returned ENOSYS: not worth retrying. */
static bool no_xattrat, no_fchmodat2;

static int
at_flags (const struct file_ref *f)
{
  return (f->flags & STORAGE_NOFOLLOW) ? AT_SYMLINK_NOFOLLOW : 0;
}

/* The /proc path of @f for the fallback; false if it does not fit. */
static bool
proc_path (const struct file_ref *f, char *buf, size_t size)
{
  int n = snprintf (buf, size, "/proc/self/fd/%d/%s", f->dirfd, f->name);

  if (n < 0 || (size_t) n >= size)
    {
      errno = ENAMETOOLONG;
      return false;
    }
  return true;
}

ssize_t
at_getxattr (const struct file_ref *f, const char *attr, void *value,
	     size_t size)
{
  bool nofollow = f->flags & STORAGE_NOFOLLOW;
  char path[PATH_MAX];

  if (f->dirfd != AT_FDCWD && !no_xattrat)
    {
      struct xattr_args args = { (uintptr_t) value, size, 0 };
      long ret = syscall (NR_getxattrat, f->dirfd, f->name, at_flags (f),
			  attr, &args, sizeof args);

      if (ret >= 0 || errno != ENOSYS)
	return ret;
      no_xattrat = true;
    }
  if (f->dirfd == AT_FDCWD)
    return nofollow ? lgetxattr (f->name, attr, value, size)
		    : getxattr (f->name, attr, value, size);
  if (!proc_path (f, path, sizeof path))
    return -1;
  return nofollow ? lgetxattr (path, attr, value, size)
		  : getxattr (path, attr, value, size);
}

ssize_t
at_listxattr (const struct file_ref *f, char *list, size_t size)
{
  bool nofollow = f->flags & STORAGE_NOFOLLOW;
  char path[PATH_MAX];

  if (f->dirfd != AT_FDCWD && !no_xattrat)
    {
      long ret = syscall (NR_listxattrat, f->dirfd, f->name, at_flags (f),
			  list, size);

      if (ret >= 0 || errno != ENOSYS)
	return ret;
      no_xattrat = true;
    }
  if (f->dirfd == AT_FDCWD)
    return nofollow ? llistxattr (f->name, list, size)
		    : listxattr (f->name, list, size);
  if (!proc_path (f, path, sizeof path))
    return -1;
  return nofollow ? llistxattr (path, list, size) : listxattr (path, list, size);
}

int
at_setxattr (const struct file_ref *f, const char *attr, const void *value,
	     size_t size)
{
  bool nofollow = f->flags & STORAGE_NOFOLLOW;
  char path[PATH_MAX];

  if (f->dirfd != AT_FDCWD && !no_xattrat)
    {
      struct xattr_args args = { (uintptr_t) value, size, 0 };
      long ret = syscall (NR_setxattrat, f->dirfd, f->name, at_flags (f),
			  attr, &args, sizeof args);

      if (ret >= 0 || errno != ENOSYS)
	return ret;
      no_xattrat = true;
    }
  if (f->dirfd == AT_FDCWD)
    return nofollow ? lsetxattr (f->name, attr, value, size, 0)
		    : setxattr (f->name, attr, value, size, 0);
  if (!proc_path (f, path, sizeof path))
    return -1;
  return nofollow ? lsetxattr (path, attr, value, size, 0)
		  : setxattr (path, attr, value, size, 0);
}

int
at_removexattr (const struct file_ref *f, const char *attr)
{
  bool nofollow = f->flags & STORAGE_NOFOLLOW;
  char path[PATH_MAX];

  if (f->dirfd != AT_FDCWD && !no_xattrat)
    {
      long ret = syscall (NR_removexattrat, f->dirfd, f->name, at_flags (f),
			  attr);

      if (ret >= 0 || errno != ENOSYS)
	return ret;
      no_xattrat = true;
    }
  if (f->dirfd == AT_FDCWD)
    return nofollow ? lremovexattr (f->name, attr) : removexattr (f->name, attr);
  if (!proc_path (f, path, sizeof path))
    return -1;
  return nofollow ? lremovexattr (path, attr) : removexattr (path, attr);
}

/* Symlinks have no mode of their own: without following, chmod of one
   fails (EOPNOTSUPP) instead of changing its target. */
int
at_chmod (const struct file_ref *f, mode_t mode)
{
  if (!no_fchmodat2 && (f->flags & STORAGE_NOFOLLOW))
    {
      long ret = syscall (NR_fchmodat2, f->dirfd, f->name, mode,
			  AT_SYMLINK_NOFOLLOW);

      if (ret >= 0 || errno != ENOSYS)
	return ret;
      no_fchmodat2 = true;
    }
  return fchmodat (f->dirfd, f->name, mode, at_flags (f));
}

int
at_chown (const struct file_ref *f, uid_t uid, gid_t gid)
{
  return fchownat (f->dirfd, f->name, uid, gid, at_flags (f));
}

int
at_stat (const struct file_ref *f, struct stat *st)
{
  return fstatat (f->dirfd, f->name, st, at_flags (f));
}
