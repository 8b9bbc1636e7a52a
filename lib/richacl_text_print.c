/* richacl_text_print.c - STUB, to be written. */
#include "richacl_internal.h"
#include <errno.h>
RICHACL_EXPORT char *richacl_to_text (const struct richacl *a, int f) { (void) a; (void) f; errno = ENOSYS; return NULL; }
RICHACL_EXPORT char *richacl_mask_to_text (unsigned int m, int f) { (void) m; (void) f; errno = ENOSYS; return NULL; }
