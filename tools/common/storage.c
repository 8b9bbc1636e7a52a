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
#include <stdlib.h>
#include <string.h>
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

/* The list of attribute names is read into a buffer of this size; a
   file with more names than fit is checked name by name instead. */
#define LIST_BUFFER 4096
/* ACLs of up to (READ_BUFFER - 16) / 12 entries are read in one call. */
#define READ_BUFFER 4096

static bool
has_posix_acl_by_name (const struct file_ref *f)
{
  return at_getxattr (f, "system.posix_acl_access", NULL, 0) >= 0
	 || at_getxattr (f, "system.posix_acl_default", NULL, 0) >= 0;
}

/* Does the NUL-separated list of @len bytes contain @name? */
static bool
list_has (const char *list, ssize_t len, const char *name)
{
  const char *p;

  for (p = list; p < list + len; p += strlen (p) + 1)
    if (strcmp (p, name) == 0)
      return true;
  return false;
}

/*
 * What a file has besides its mode: our ACL (*ours), a POSIX ACL
 * (*posix), in one call.  Returns -1 when the list does not fit (or
 * cannot be read); the caller then asks name by name.
 */
static int
list_acls (const struct file_ref *f, bool *ours, bool *posix)
{
  char list[LIST_BUFFER];
  ssize_t len = at_listxattr (f, list, sizeof list);

  if (len < 0)
    return -1;
  *ours = list_has (list, len, xattr_name);
  *posix = list_has (list, len, "system.posix_acl_access")
	   || list_has (list, len, "system.posix_acl_default");
  return 0;
}

static bool
has_posix_acl (const struct file_ref *f)
{
  bool ours, posix;

  if (list_acls (f, &ours, &posix) == 0)
    return posix;
  return has_posix_acl_by_name (f);
}

/* Read the raw attribute; *size 0 and NULL when there is none. */
static int
read_raw (const struct file_ref *f, void **value, size_t *size)
{
  char buf[READ_BUFFER];
  ssize_t len = at_getxattr (f, xattr_name, buf, sizeof buf);

  *value = NULL;
  *size = 0;
  if (len >= 0)
    {
      *value = xmemdup (buf, len ? len : 1);
      *size = len;
      return 0;
    }
  while (errno == ERANGE)
    {
      /* Larger than the buffer: ask for the size, then read. */
      len = at_getxattr (f, xattr_name, NULL, 0);
      if (len < 0)
	break;
      *value = xmalloc (len ? len : 1);
      len = at_getxattr (f, xattr_name, *value, len);
      if (len >= 0)
	{
	  *size = len;
	  return 0;
	}
      free (*value);
      *value = NULL;
    }
  return errno == ENODATA ? 0 : -1;
}

/*
 * Files in a tree tend to be alike.  After a file without our attribute,
 * the next file is first asked for the list of its attribute names: when
 * ours is not there, that one call also answers whether it has a POSIX
 * ACL.  After a file with our attribute, the next is asked for it
 * directly.  Either way, a file takes one call in the common case.
 */
static __thread bool expect_no_acl;

static int
load_raw (const struct file_ref *f, struct stored_acl *out, bool *posix)
{
  bool ours;

  *posix = false;
  if (expect_no_acl && !storage_is_kernel_name ()
      && list_acls (f, &ours, posix) == 0 && !ours)
    return 0;
  if (read_raw (f, &out->raw, &out->raw_size))
    return -1;
  expect_no_acl = !out->raw;
  if (!out->raw)
    *posix = has_posix_acl (f);
  return 0;
}

int
storage_load (const struct file_ref *f, const struct stat *st,
	      struct stored_acl *out)
{
  bool posix = false;

  memset (out, 0, sizeof *out);
  out->file = *f;
  if (load_raw (f, out, &posix))
    {
      /* A stock kernel has no RichACLs: the file has only its mode. */
      if (!(storage_is_kernel_name ()
	    && (errno == EOPNOTSUPP || errno == ENOTSUP)))
	return -1;
      posix = has_posix_acl (f);
    }
  if (out->raw)
    {
      out->acl = richacl_from_xattr (out->raw, out->raw_size);
      if (!out->acl)
	{
	  int saved = errno;

	  if (saved == ENOMEM)
	    xalloc_die ();
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
  if (posix)
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
restore (const struct stat *st, const struct stored_acl *old)
{
  int saved = errno;

  if (old->raw)
    at_setxattr (&old->file, xattr_name, old->raw, old->raw_size);
  else
    at_removexattr (&old->file, xattr_name);
  at_chmod (&old->file, st->st_mode & 07777);
  errno = saved;
}

/*
 * Change the ACL and the mode in an order that never grants more than
 * the old or the new state.  When only one of them changes, that is one
 * call.  When both change, the state in between (one of them old, the
 * other new) is a mode that does not match the stored masks, which
 * storage_load() reads as a chmod: the masks become exactly what the mode
 * allows, and with write_through the owner and others get all of it --
 * more than either ACL may grant them (w in the mode is also append).  So
 * first take all permission bits away, then change the attribute, then
 * set the new mode: in between, nobody is granted anything.  (An owner
 * who is not root needs write permission to change a user.* attribute:
 * the owner's w bit stays then, which grants nothing to anyone else.)
 */
static int
store_with_mode (const struct stat *st, const struct stored_acl *old,
		 const void *value, size_t size, mode_t new_perm)
{
  const struct file_ref *f = &old->file;
  mode_t old_mode = st->st_mode & 07777;
  mode_t new_mode = (old_mode & ~0777) | (new_perm & 0777);
  mode_t narrow = old_mode;
  /* Nothing to write when the attribute stays as it is (a repeated
     --modify), or there is none to remove. */
  bool change_xattr = value ? !(old->raw && old->raw_size == size
				&& memcmp (old->raw, value, size) == 0)
			    : old->raw != NULL;
  int ret = 0;

  if (change_xattr && new_mode != old_mode)
    {
      narrow = old_mode & ~0777;
      if (strncmp (xattr_name, "user.", 5) == 0 && geteuid () != 0)
	narrow |= old_mode & S_IWUSR;
    }
  if (narrow != old_mode && at_chmod (f, narrow))
    return -1;
  if (change_xattr && value)
    ret = at_setxattr (f, xattr_name, value, size);
  else if (change_xattr)
    {
      ret = at_removexattr (f, xattr_name);
      if (ret && errno == ENODATA)
	ret = 0;
    }
  if (ret == 0 && new_mode != narrow)
    ret = at_chmod (f, new_mode);
  if (ret)
    restore (st, old);
  return ret;
}

int
storage_store (const struct stat *st, const struct stored_acl *old,
	       const struct richacl *acl)
{
  mode_t mode = st->st_mode;
  void *value;
  size_t size;
  int ret;

  /* storage_load() has refused files with a POSIX ACL.  Too many entries
     is E2BIG ("too large to store"), not EINVAL, so check the size first. */
  size = richacl_xattr_size (acl);
  if (acl->a_count > RICHACL_XATTR_MAX_COUNT || size > 65536)
    {
      errno = E2BIG;
      return -1;
    }
  if (richacl_valid ((struct richacl *) acl))
    return -1;

  if (storage_is_kernel_name ())
    {
      /* The kernel sets the mode and drops mode-equivalent ACLs itself. */
      value = xmalloc (size);
      richacl_to_xattr (acl, value);
      ret = at_setxattr (&old->file, xattr_name, value, size);
      free (value);
      return ret;
    }

  if (richacl_equiv_mode (acl, &mode) == 0)
    return store_with_mode (st, old, NULL, 0, mode);

  value = xmalloc (size);
  richacl_to_xattr (acl, value);
  ret = store_with_mode (st, old, value, size, richacl_masks_to_mode (acl));
  free (value);
  return ret;
}

int
storage_remove (const struct file_ref *f)
{
  if (at_removexattr (f, xattr_name) && errno != ENODATA)
    return -1;
  return 0;
}
