/* richacl_modify.c - STUB, to be written. */
#include "richacl_internal.h"
#include <errno.h>
RICHACL_EXPORT int richacl_modify (struct richacl **a, const struct richacl *c) { (void) a; (void) c; errno = ENOSYS; return -1; }
