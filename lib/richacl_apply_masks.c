/* richacl_apply_masks.c - STUB, to be written. */
#include "richacl_internal.h"
#include <errno.h>
RICHACL_EXPORT int richacl_apply_masks (struct richacl **a, uid_t o) { (void) a; (void) o; errno = ENOSYS; return -1; }
