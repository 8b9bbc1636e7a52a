/*
 * richacl_file.c - read and write an ACL stored in an extended attribute.
 *
 * The library takes the attribute name from the caller: the kernel's
 * system.richacl by default, or any other name (trusted.richacl,
 * user.richacl) on kernels without RichACL support.  What to do about
 * the file mode around a write is the caller's policy, not ours.
 */
#include "richacl_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/xattr.h>

#define XATTR_SIZE_MAX 65536

static const char *
xattr_name_or_default (const char *name)
{
  return name ? name : RICHACL_XATTR;
}

/*
 * Fetch an attribute whose size is unknown: ask for the size, then read;
 * retry when the value grew in between (ERANGE).
 */
static struct richacl *
read_with (ssize_t (*get) (const void *, const char *, void *, size_t, int),
	   const void *file, const char *name, int io_flags)
{
  for (;;)
    {
      ssize_t size = get (file, name, NULL, 0, io_flags);
      struct richacl *acl;
      void *value;

      if (size < 0)
	return NULL;
      value = malloc (size ? size : 1);
      if (!value)
	return NULL;
      size = get (file, name, value, size, io_flags);
      if (size < 0)
	{
	  free (value);
	  if (errno == ERANGE)
	    continue;
	  return NULL;
	}
      acl = richacl_from_xattr (value, size);
      free (value);
      return acl;
    }
}

static ssize_t
get_path (const void *file, const char *name, void *value, size_t size,
	  int io_flags)
{
  if (io_flags & RICHACL_IO_NOFOLLOW)
    return lgetxattr (file, name, value, size);
  return getxattr (file, name, value, size);
}

static ssize_t
get_fd (const void *file, const char *name, void *value, size_t size,
	int io_flags)
{
  (void) io_flags;
  return fgetxattr (*(const int *) file, name, value, size);
}

RICHACL_EXPORT struct richacl *
richacl_read_path (const char *path, const char *xattr_name, int io_flags)
{
  return read_with (get_path, path, xattr_name_or_default (xattr_name),
		    io_flags);
}

RICHACL_EXPORT struct richacl *
richacl_read_fd (int fd, const char *xattr_name)
{
  return read_with (get_fd, &fd, xattr_name_or_default (xattr_name), 0);
}

/* Encode @acl, refusing what the kernel would refuse to store. */
static void *
encode (const struct richacl *acl, size_t *size)
{
  void *value;

  if (richacl_valid ((struct richacl *) acl))
    return NULL;
  *size = richacl_xattr_size (acl);
  if (*size > XATTR_SIZE_MAX)
    {
      errno = E2BIG;
      return NULL;
    }
  value = malloc (*size);
  if (value)
    richacl_to_xattr (acl, value);
  return value;
}

RICHACL_EXPORT int
richacl_write_path (const char *path, const char *xattr_name,
		    const struct richacl *acl, int io_flags)
{
  size_t size;
  void *value = encode (acl, &size);
  int ret;

  if (!value)
    return -1;
  if (io_flags & RICHACL_IO_NOFOLLOW)
    ret = lsetxattr (path, xattr_name_or_default (xattr_name), value, size, 0);
  else
    ret = setxattr (path, xattr_name_or_default (xattr_name), value, size, 0);
  free (value);
  return ret;
}

RICHACL_EXPORT int
richacl_write_fd (int fd, const char *xattr_name, const struct richacl *acl)
{
  size_t size;
  void *value = encode (acl, &size);
  int ret;

  if (!value)
    return -1;
  ret = fsetxattr (fd, xattr_name_or_default (xattr_name), value, size, 0);
  free (value);
  return ret;
}

RICHACL_EXPORT int
richacl_remove_path (const char *path, const char *xattr_name, int io_flags)
{
  if (io_flags & RICHACL_IO_NOFOLLOW)
    return lremovexattr (path, xattr_name_or_default (xattr_name));
  return removexattr (path, xattr_name_or_default (xattr_name));
}

RICHACL_EXPORT int
richacl_remove_fd (int fd, const char *xattr_name)
{
  return fremovexattr (fd, xattr_name_or_default (xattr_name));
}

RICHACL_EXPORT struct richacl *
richacl_get_file (const char *path)
{
  return richacl_read_path (path, NULL, 0);
}

RICHACL_EXPORT struct richacl *
richacl_get_fd (int fd)
{
  return richacl_read_fd (fd, NULL);
}

RICHACL_EXPORT int
richacl_set_file (const char *path, const struct richacl *acl)
{
  return richacl_write_path (path, NULL, acl, 0);
}

RICHACL_EXPORT int
richacl_set_fd (int fd, const struct richacl *acl)
{
  return richacl_write_fd (fd, NULL, acl);
}
