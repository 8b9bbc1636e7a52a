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

/*
 * The name of user (or group, when @group) @id: 1 and a malloc'd name in
 * *@name, 0 when the id has no name, -1 with errno set when the database
 * could not answer (ENOMEM: out of memory).  Cached; see richacl_names.c.
 */
int richacl_id_to_name (id_t id, int group, char **name);

/* The id of user (or group) @name: 1, 0 when there is no such name, or -1
   with errno set as above. */
int richacl_name_to_id (const char *name, int group, id_t *id);

#endif
