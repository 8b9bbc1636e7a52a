/* richacl_inherit.c - STUB, to be written. */
#include "richacl_internal.h"
#include <errno.h>
RICHACL_EXPORT struct richacl *richacl_inherit (const struct richacl *a, int d) { (void) a; (void) d; errno = ENOSYS; return NULL; }
RICHACL_EXPORT struct richacl *richacl_inherit_inode (const struct richacl *a, mode_t *m, mode_t (*u) (void *), void *x) { (void) a; (void) m; (void) u; (void) x; errno = ENOSYS; return NULL; }
RICHACL_EXPORT struct richacl *richacl_auto_inherit (const struct richacl *a, const struct richacl *b) { (void) a; (void) b; errno = ENOSYS; return NULL; }
