/* richacl_text_parse.c - STUB, to be written. */
#include "richacl_internal.h"
#include <errno.h>
RICHACL_EXPORT struct richacl *richacl_from_text (const char *t, int *f, void (*e) (const char *, ...)) { (void) t; (void) f; (void) e; errno = ENOSYS; return NULL; }
