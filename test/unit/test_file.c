/*
 * test_file.c - reading and writing ACLs in extended attributes, under the
 * kernel's name (which a stock kernel refuses) and under alternate names.
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/xattr.h>
#include <unistd.h>

static const struct richace entries[] = {
  { RICHACE_ACCESS_ALLOWED_ACE_TYPE, RICHACE_SPECIAL_WHO, 0x27,
    { RICHACE_OWNER_SPECIAL_ID } },
  { RICHACE_ACCESS_ALLOWED_ACE_TYPE, 0, RICHACE_READ_DATA, { 4242 } },
};

int
main (void)
{
  char dir[] = "/tmp/test_file.XXXXXX", path[64], link[80];
  const char *name = geteuid () == 0 ? "trusted.richacl" : "user.richacl";
  struct richacl *acl = acl_make (0, 0x27, 1, 0, 2, entries), *back;
  unsigned char raw[64];
  ssize_t size;
  int fd;

  if (!mkdtemp (dir))
    {
      ok (0, "mkdtemp: %s", strerror (errno));
      return done_testing ();
    }
  snprintf (path, sizeof path, "%s/f", dir);
  snprintf (link, sizeof link, "%s/l", dir);
  fd = open (path, O_CREAT | O_RDWR, 0644);
  ok (fd >= 0, "created a test file");
  ok (symlink ("f", link) == 0, "created a symlink");

  errno = 0;
  back = richacl_read_path (path, name, 0);
  ok (!back && errno == ENODATA, "no ACL yet: ENODATA");

  ok (richacl_write_path (path, name, acl, 0) == 0, "write by path under %s",
      name);
  size = getxattr (path, name, raw, sizeof raw);
  ok (size == (ssize_t) richacl_xattr_size (acl), "stored value has the codec's size");
  back = richacl_read_path (path, name, 0);
  ok (back && richacl_compare (acl, back) == 0, "read by path gives it back");
  richacl_free (back);
  back = richacl_read_fd (fd, name);
  ok (back && richacl_compare (acl, back) == 0, "read by fd gives it back");
  richacl_free (back);
  back = richacl_read_path (link, name, 0);
  ok (back && richacl_compare (acl, back) == 0, "a symlink is followed by default");
  richacl_free (back);
  errno = 0;
  back = richacl_read_path (link, name, RICHACL_IO_NOFOLLOW);
  ok (!back && (errno == ENODATA || errno == EPERM || errno == ENOTSUP),
      "RICHACL_IO_NOFOLLOW reads the link itself");
  richacl_free (back);

  ok (richacl_remove_fd (fd, name) == 0, "remove by fd");
  errno = 0;
  ok (!richacl_read_fd (fd, name) && errno == ENODATA, "gone after remove");
  ok (richacl_write_fd (fd, name, acl) == 0, "write by fd");
  ok (richacl_remove_path (path, name, 0) == 0, "remove by path");

  /* Garbage bytes under the name are reported as EINVAL, not decoded. */
  ok (setxattr (path, name, "\1\0\0\0", 4, 0) == 0, "planted garbage");
  errno = 0;
  back = richacl_read_path (path, name, 0);
  ok (!back && errno == EINVAL, "garbage is EINVAL");

  /* Invalid ACLs are not written. */
  {
    struct richace bad = entries[0];
    struct richacl *b;

    bad.e_type = 7;
    b = acl_make (0, 0, 0, 0, 1, &bad);
    errno = 0;
    ok (richacl_write_path (path, name, b, 0) == -1 && errno == EINVAL,
	"an invalid ACL is refused with EINVAL");
    richacl_free (b);
  }

  /* The kernel name: a stock kernel says EOPNOTSUPP; a RichACL kernel works. */
  errno = 0;
  if (richacl_set_file (path, acl) == 0)
    {
      back = richacl_get_file (path);
      ok (back != NULL, "system.richacl works on this kernel");
      richacl_free (back);
    }
  else
    ok (errno == EOPNOTSUPP || errno == ENOTSUP,
	"system.richacl on a stock kernel: EOPNOTSUPP");
  errno = 0;
  back = richacl_get_fd (fd);
  ok (!back && (errno == ENODATA || errno == EOPNOTSUPP),
      "richacl_get_fd without an ACL: ENODATA or EOPNOTSUPP (errno %d)", errno);
  richacl_free (back);
  errno = 0;
  ok (richacl_set_fd (fd, acl) == 0 || errno == EOPNOTSUPP,
      "richacl_set_fd: success or EOPNOTSUPP");

  close (fd);
  unlink (link);
  unlink (path);
  rmdir (dir);
  richacl_free (acl);
  return done_testing ();
}
