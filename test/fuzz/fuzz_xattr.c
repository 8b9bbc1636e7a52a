/*
 * libFuzzer harness: the binary xattr format.
 * Anything richacl_from_xattr() accepts must be valid, must encode back to
 * exactly the input bytes (the format is canonical) and decode again to an
 * equal ACL.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/richacl.h>

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct richacl *acl, *acl2;
  unsigned char *buf;
  size_t n;

  acl = richacl_from_xattr (data, size);
  if (!acl)
    return 0;
  if (richacl_valid (acl) != 0)
    abort ();
  n = richacl_xattr_size (acl);
  if (n != size)
    abort ();
  buf = malloc (n);
  if (!buf)
    abort ();
  richacl_to_xattr (acl, buf);
  if (memcmp (buf, data, n) != 0)
    abort ();
  acl2 = richacl_from_xattr (buf, n);
  if (!acl2 || richacl_compare (acl, acl2) != 0)
    abort ();
  richacl_free (acl2);
  richacl_free (acl);
  free (buf);
  return 0;
}
