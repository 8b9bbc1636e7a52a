/*
 * storage.c - where ACLs live: the only code of the tools that reads or
 * writes extended attributes or changes file modes.
 *
 * Under the kernel's name (system.richacl) a RichACL kernel keeps the ACL
 * and the mode consistent itself.  Under any other name (trusted.richacl,
 * user.richacl on a stock kernel) nobody does, so this file does what the
 * kernel would: setting an ACL sets the mode from the masks, an ACL
 * equivalent to a mode is stored as the mode alone, and a mode changed
 * behind our back (chmod) limits the ACL as chmod would have (seed 008).
 */
#include <config.h>
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>
#include "xalloc.h"

static const char *xattr_name = RICHACL_XATTR;

bool
storage_select (const char *option)
{
  const char *name = option ? option : getenv (RICHACL_XATTR_NAME_ENV);

  if (!name || !*name)
    name = RICHACL_XATTR;
  /* A name without a namespace prefix would be refused by the kernel
     with a confusing EOPNOTSUPP on every file. */
  if (!strchr (name, '.') || name[strlen (name) - 1] == '.')
    return false;
  xattr_name = name;
  return true;
}

const char *
storage_xattr_name (void)
{
  return xattr_name;
}

bool
storage_is_kernel_name (void)
{
  return strcmp (xattr_name, RICHACL_XATTR) == 0;
}

/*
 * The system calls, following a symlink in @path or not.  A walk passes
 * single names relative to a directory it has opened without following
 * symlinks (STORAGE_NOFOLLOW): if someone swaps a file for a symlink
 * meanwhile, these calls act on the symlink itself, never on its target.
 */
static ssize_t
get_xattr (const char *path, int flags, const char *name, void *value,
	   size_t size)
{
  return (flags & STORAGE_NOFOLLOW) ? lgetxattr (path, name, value, size)
				    : getxattr (path, name, value, size);
}

static int
set_xattr (const char *path, int flags, const void *value, size_t size)
{
  return (flags & STORAGE_NOFOLLOW)
	 ? lsetxattr (path, xattr_name, value, size, 0)
	 : setxattr (path, xattr_name, value, size, 0);
}

static int
remove_xattr (const char *path, int flags)
{
  return (flags & STORAGE_NOFOLLOW) ? lremovexattr (path, xattr_name)
				    : removexattr (path, xattr_name);
}

/* Symlinks have no mode of their own: without following, chmod of one
   fails (EOPNOTSUPP) instead of changing its target. */
static int
change_mode (const char *path, int flags, mode_t mode)
{
  return fchmodat (AT_FDCWD, path, mode,
		   (flags & STORAGE_NOFOLLOW) ? AT_SYMLINK_NOFOLLOW : 0);
}

static bool
has_posix_acl (const char *path, int flags)
{
  return get_xattr (path, flags, "system.posix_acl_access", NULL, 0) >= 0
	 || get_xattr (path, flags, "system.posix_acl_default", NULL, 0) >= 0;
}

/* Read the raw attribute; *size 0 and NULL when there is none. */
static int
read_raw (const char *path, int flags, void **value, size_t *size)
{
  *value = NULL;
  *size = 0;
  for (;;)
    {
      ssize_t len = get_xattr (path, flags, xattr_name, NULL, 0);

      if (len < 0)
	return errno == ENODATA ? 0 : -1;
      *value = xmalloc (len ? len : 1);
      len = get_xattr (path, flags, xattr_name, *value, len);
      if (len >= 0)
	{
	  *size = len;
	  return 0;
	}
      free (*value);
      *value = NULL;
      if (errno == ENODATA)
	return 0;
      if (errno != ERANGE)
	return -1;
    }
}

int
storage_load (const char *path, const struct stat *st, int flags,
	      struct stored_acl *out)
{
  memset (out, 0, sizeof *out);
  out->flags = flags;
  if (read_raw (path, flags, &out->raw, &out->raw_size))
    {
      /* A stock kernel has no RichACLs: the file has only its mode. */
      if (!(storage_is_kernel_name ()
	    && (errno == EOPNOTSUPP || errno == ENOTSUP)))
	return -1;
    }
  if (out->raw)
    {
      out->acl = richacl_from_xattr (out->raw, out->raw_size);
      if (!out->acl)
	{
	  int saved = errno;

	  stored_acl_release (out);
	  errno = saved;
	  return -1;
	}
      out->stored = true;
      if (!storage_is_kernel_name ()
	  && (mode_t) richacl_masks_to_mode (out->acl) != (st->st_mode & 0777))
	richacl_chmod (out->acl, st->st_mode);
      return 0;
    }
  if (has_posix_acl (path, flags))
    {
      errno = EPOSIXACL;
      return -1;
    }
  out->acl = richacl_from_mode (st->st_mode);
  if (!out->acl)
    xalloc_die ();
  return 0;
}

void
stored_acl_release (struct stored_acl *s)
{
  richacl_free (s->acl);
  free (s->raw);
  s->acl = NULL;
  s->raw = NULL;
  s->raw_size = 0;
  s->stored = false;
}

/* Put back what storage_load() found, after a failed store. */
static void
restore (const char *path, const struct stat *st, const struct stored_acl *old)
{
  int saved = errno;

  if (old->raw)
    set_xattr (path, old->flags, old->raw, old->raw_size);
  else
    remove_xattr (path, old->flags);
  change_mode (path, old->flags, st->st_mode & 07777);
  errno = saved;
}

/*
 * Change the ACL and the mode in an order that never grants more than
 * the old or the new state: first narrow the mode to what both allow,
 * then change the attribute, then set the new mode.
 */
static int
store_with_mode (const char *path, const struct stat *st,
		 const struct stored_acl *old, const void *value, size_t size,
		 mode_t new_perm)
{
  mode_t old_mode = st->st_mode & 07777;
  mode_t new_mode = (old_mode & ~0777) | (new_perm & 0777);
  mode_t narrow = old_mode & (new_mode | ~0777);
  int ret;

  if (narrow != old_mode && change_mode (path, old->flags, narrow))
    return -1;
  if (value)
    ret = set_xattr (path, old->flags, value, size);
  else
    {
      ret = remove_xattr (path, old->flags);
      if (ret && errno == ENODATA)
	ret = 0;
    }
  if (ret == 0 && new_mode != narrow)
    ret = change_mode (path, old->flags, new_mode);
  if (ret)
    restore (path, st, old);
  return ret;
}

int
storage_store (const char *path, const struct stat *st,
	       const struct stored_acl *old, const struct richacl *acl)
{
  mode_t mode = st->st_mode;
  void *value;
  size_t size;
  int ret;

  if (!old->stored && has_posix_acl (path, old->flags))
    {
      errno = EPOSIXACL;
      return -1;
    }
  if (richacl_valid ((struct richacl *) acl))
    return -1;
  size = richacl_xattr_size (acl);
  if (size > 65536)
    {
      errno = E2BIG;
      return -1;
    }

  if (storage_is_kernel_name ())
    {
      /* The kernel sets the mode and drops mode-equivalent ACLs itself. */
      value = xmalloc (size);
      richacl_to_xattr (acl, value);
      ret = set_xattr (path, old->flags, value, size);
      free (value);
      return ret;
    }

  if (richacl_equiv_mode (acl, &mode) == 0)
    return store_with_mode (path, st, old, NULL, 0, mode);

  value = xmalloc (size);
  richacl_to_xattr (acl, value);
  ret = store_with_mode (path, st, old, value, size,
			 richacl_masks_to_mode (acl));
  free (value);
  return ret;
}

int
storage_remove (const char *path, int flags)
{
  if (remove_xattr (path, flags) && errno != ENODATA)
    return -1;
  return 0;
}

int
storage_chown (const char *path, int flags, uid_t uid, gid_t gid)
{
  return fchownat (AT_FDCWD, path, uid, gid,
		   (flags & STORAGE_NOFOLLOW) ? AT_SYMLINK_NOFOLLOW : 0);
}

int
storage_chmod (const char *path, int flags, mode_t mode)
{
  return change_mode (path, flags, mode);
}
