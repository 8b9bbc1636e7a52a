/* richacl_masks.c - STUB, to be written. */
#include "richacl_internal.h"
#include <errno.h>
RICHACL_EXPORT void richacl_compute_max_masks (struct richacl *a) { (void) a; }
