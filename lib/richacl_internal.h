/*
 * Private helpers shared by the files of librichacl.  Not installed.
 */
#ifndef RICHACL_INTERNAL_H
#define RICHACL_INTERNAL_H

#include <config.h>
#include <sys/richacl.h>

#if ENABLE_NLS
# include <libintl.h>
# define _(msgid) dgettext (PACKAGE, msgid)
#else
# define _(msgid) (msgid)
#endif
#define N_(msgid) (msgid)

#define RICHACL_EXPORT __attribute__ ((visibility ("default")))

/* Size of an ACL with @count entries, or 0 when that would overflow. */
size_t richacl_size (size_t count);

/* Resize @*aclp to hold @count entries; new entries are zeroed. */
int richacl_resize (struct richacl **aclp, size_t count);

/* Remove every RICHACE_POSIX_ALWAYS_ALLOWED... helpers live in their files. */

#endif
