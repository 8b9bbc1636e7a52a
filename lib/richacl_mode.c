/* richacl_mode.c - STUB, to be written. */
#include "richacl_internal.h"
#include <errno.h>
RICHACL_EXPORT int richacl_masks_to_mode (const struct richacl *a) { (void) a; return 0; }
RICHACL_EXPORT unsigned int richacl_mode_to_mask (mode_t m) { (void) m; return 0; }
RICHACL_EXPORT struct richacl *richacl_from_mode (mode_t m) { (void) m; errno = ENOSYS; return NULL; }
RICHACL_EXPORT int richacl_equiv_mode (const struct richacl *a, mode_t *m) { (void) a; (void) m; errno = ENOSYS; return -1; }
RICHACL_EXPORT void richacl_chmod (struct richacl *a, mode_t m) { (void) a; (void) m; }
