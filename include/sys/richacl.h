/*
 * <sys/richacl.h> - Rich Access Control Lists, user-space library.
 *
 * The data structures, constants and functions below match the original
 * librichacl 1.12 so that existing consumers compile unchanged.  Bit values
 * follow the RichACL kernel patch set v28.  Extensions of this suite are
 * grouped at the end of the file and never change the original API.
 *
 * Error convention: functions returning a pointer return NULL and set errno;
 * functions returning int return -1 and set errno, unless documented
 * otherwise.  Nothing in the library prints or exits.
 */

#ifndef __SYS_RICHACL_H
#define __SYS_RICHACL_H

#include <sys/types.h>
#include <sys/stat.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RICHACL_XATTR "system.richacl"

/* a_flags values */
#define RICHACL_AUTO_INHERIT			0x01
#define RICHACL_PROTECTED			0x02
#define RICHACL_DEFAULTED			0x04
#define RICHACL_WRITE_THROUGH			0x40
#define RICHACL_MASKED				0x80

/* e_type values */
#define RICHACE_ACCESS_ALLOWED_ACE_TYPE		0x0000
#define RICHACE_ACCESS_DENIED_ACE_TYPE		0x0001

/* e_flags bitflags */
#define RICHACE_FILE_INHERIT_ACE		0x0001
#define RICHACE_DIRECTORY_INHERIT_ACE		0x0002
#define RICHACE_NO_PROPAGATE_INHERIT_ACE	0x0004
#define RICHACE_INHERIT_ONLY_ACE		0x0008
#define RICHACE_IDENTIFIER_GROUP		0x0040
#define RICHACE_INHERITED_ACE			0x0080
#define RICHACE_UNMAPPED_WHO			0x2000	/* user space only: e_who is a string */
#define RICHACE_SPECIAL_WHO			0x4000

/* e_mask bitflags */
#define RICHACE_READ_DATA			0x00000001
#define RICHACE_LIST_DIRECTORY			0x00000001
#define RICHACE_WRITE_DATA			0x00000002
#define RICHACE_ADD_FILE			0x00000002
#define RICHACE_APPEND_DATA			0x00000004
#define RICHACE_ADD_SUBDIRECTORY		0x00000004
#define RICHACE_READ_NAMED_ATTRS		0x00000008
#define RICHACE_WRITE_NAMED_ATTRS		0x00000010
#define RICHACE_EXECUTE				0x00000020
#define RICHACE_DELETE_CHILD			0x00000040
#define RICHACE_READ_ATTRIBUTES			0x00000080
#define RICHACE_WRITE_ATTRIBUTES		0x00000100
#define RICHACE_WRITE_RETENTION			0x00000200
#define RICHACE_WRITE_RETENTION_HOLD		0x00000400
#define RICHACE_DELETE				0x00010000
#define RICHACE_READ_ACL			0x00020000
#define RICHACE_WRITE_ACL			0x00040000
#define RICHACE_WRITE_OWNER			0x00080000
#define RICHACE_SYNCHRONIZE			0x00100000

/* e_id values of special who entries */
#define RICHACE_OWNER_SPECIAL_ID		0
#define RICHACE_GROUP_SPECIAL_ID		1
#define RICHACE_EVERYONE_SPECIAL_ID		2

#define RICHACL_VALID_FLAGS (					\
	RICHACL_AUTO_INHERIT |					\
	RICHACL_PROTECTED |					\
	RICHACL_DEFAULTED |					\
	RICHACL_WRITE_THROUGH |					\
	RICHACL_MASKED )

#define RICHACE_VALID_FLAGS (					\
	RICHACE_FILE_INHERIT_ACE |				\
	RICHACE_DIRECTORY_INHERIT_ACE |				\
	RICHACE_NO_PROPAGATE_INHERIT_ACE |			\
	RICHACE_INHERIT_ONLY_ACE |				\
	RICHACE_IDENTIFIER_GROUP |				\
	RICHACE_INHERITED_ACE |					\
	RICHACE_SPECIAL_WHO )

#define RICHACE_INHERITANCE_FLAGS (				\
	RICHACE_FILE_INHERIT_ACE |				\
	RICHACE_DIRECTORY_INHERIT_ACE |				\
	RICHACE_NO_PROPAGATE_INHERIT_ACE |			\
	RICHACE_INHERIT_ONLY_ACE |				\
	RICHACE_INHERITED_ACE )

#define RICHACE_VALID_MASK (					\
	RICHACE_READ_DATA | RICHACE_LIST_DIRECTORY |		\
	RICHACE_WRITE_DATA | RICHACE_ADD_FILE |			\
	RICHACE_APPEND_DATA | RICHACE_ADD_SUBDIRECTORY |	\
	RICHACE_READ_NAMED_ATTRS |				\
	RICHACE_WRITE_NAMED_ATTRS |				\
	RICHACE_EXECUTE |					\
	RICHACE_DELETE_CHILD |					\
	RICHACE_READ_ATTRIBUTES |				\
	RICHACE_WRITE_ATTRIBUTES |				\
	RICHACE_WRITE_RETENTION |				\
	RICHACE_WRITE_RETENTION_HOLD |				\
	RICHACE_DELETE |					\
	RICHACE_READ_ACL |					\
	RICHACE_WRITE_ACL |					\
	RICHACE_WRITE_OWNER |					\
	RICHACE_SYNCHRONIZE )

/*
 * The POSIX permissions are supersets of these richacl permissions
 * (seed 004): read maps to read_data/list_directory, write to
 * write_data/append_data for files and add_file/add_subdirectory/
 * delete_child for directories, execute to execute.
 */
#define RICHACE_POSIX_MODE_READ (				\
	RICHACE_READ_DATA |					\
	RICHACE_LIST_DIRECTORY)
#define RICHACE_POSIX_MODE_WRITE (				\
	RICHACE_WRITE_DATA |					\
	RICHACE_ADD_FILE |					\
	RICHACE_APPEND_DATA |					\
	RICHACE_ADD_SUBDIRECTORY |				\
	RICHACE_DELETE_CHILD)
#define RICHACE_POSIX_MODE_EXEC RICHACE_EXECUTE
#define RICHACE_POSIX_MODE_ALL (				\
	RICHACE_POSIX_MODE_READ |				\
	RICHACE_POSIX_MODE_WRITE |				\
	RICHACE_POSIX_MODE_EXEC)

/* Always allowed, no matter what the acl says. */
#define RICHACE_POSIX_ALWAYS_ALLOWED (				\
	RICHACE_SYNCHRONIZE |					\
	RICHACE_READ_ATTRIBUTES |				\
	RICHACE_READ_ACL)

/* Implicitly granted to the owner under POSIX. */
#define RICHACE_POSIX_OWNER_ALLOWED (				\
	RICHACE_WRITE_ATTRIBUTES |				\
	RICHACE_WRITE_OWNER |					\
	RICHACE_WRITE_ACL)

struct richace {
	unsigned short	e_type;
	unsigned short	e_flags;
	unsigned int	e_mask;
	union {
		id_t	e_id;
		char	*e_who;		/* with RICHACE_UNMAPPED_WHO */
	};
};

struct richacl {
	unsigned char	a_flags;
	unsigned short	a_count;
	unsigned int	a_owner_mask;
	unsigned int	a_group_mask;
	unsigned int	a_other_mask;
	struct richace	a_entries[];
};

#define richacl_for_each_entry(_ace, _acl)			\
	for ((_ace) = (_acl)->a_entries;			\
	     (_ace) != (_acl)->a_entries + (_acl)->a_count;	\
	     (_ace)++)

#define richacl_for_each_entry_reverse(_ace, _acl)		\
	for ((_ace) = (_acl)->a_entries + (_acl)->a_count - 1;	\
	     (_ace) != (_acl)->a_entries - 1;			\
	     (_ace)--)

/* richacl_to_text() flags */
#define RICHACL_TEXT_LONG		1
#define RICHACL_TEXT_FILE_CONTEXT	2
#define RICHACL_TEXT_DIRECTORY_CONTEXT	4
#define RICHACL_TEXT_SHOW_MASKS		8
#define RICHACL_TEXT_SIMPLIFY		16
#define RICHACL_TEXT_ALIGN		32
#define RICHACL_TEXT_NUMERIC_IDS	64

/* richacl_from_text() reports what the text gave explicitly */
#define RICHACL_TEXT_OWNER_MASK		1
#define RICHACL_TEXT_GROUP_MASK		2
#define RICHACL_TEXT_OTHER_MASK		4
#define RICHACL_TEXT_FLAGS		8

/* Entry helpers (richacl.c) */
extern int richace_is_owner(const struct richace *);
extern int richace_is_group(const struct richace *);
extern int richace_is_everyone(const struct richace *);
extern int richace_is_unix_user(const struct richace *);
extern int richace_is_unix_group(const struct richace *);
extern int richace_is_same_identifier(const struct richace *,
				      const struct richace *);
extern int richace_is_allow(const struct richace *);
extern int richace_is_deny(const struct richace *);
extern int richace_is_inherit_only(const struct richace *);
extern int richace_is_inheritable(const struct richace *);
extern int richace_is_inherited(const struct richace *);
extern void richace_copy(struct richace *, const struct richace *);
extern int richace_set_uid(struct richace *, uid_t);
extern int richace_set_gid(struct richace *, gid_t);
extern int richace_set_special_who(struct richace *, const char *);

/* Whole ACLs (richacl.c) */
extern struct richacl *richacl_alloc(size_t);
extern struct richacl *richacl_clone(const struct richacl *);
extern void richacl_free(struct richacl *);
extern int richacl_compare(const struct richacl *, const struct richacl *);
extern int richacl_valid(struct richacl *);

/* Files: system.richacl (richacl_file.c) */
extern struct richacl *richacl_get_file(const char *);
extern struct richacl *richacl_get_fd(int);
extern int richacl_set_file(const char *, const struct richacl *);
extern int richacl_set_fd(int, const struct richacl *);

/* Binary xattr codec (richacl_xattr.c) */
extern size_t richacl_xattr_size(const struct richacl *);
extern void richacl_to_xattr(const struct richacl *, void *);
extern struct richacl *richacl_from_xattr(const void *, size_t);

/* Text (richacl_text_print.c, richacl_text_parse.c) */
extern char *richacl_to_text(const struct richacl *, int);
extern char *richacl_mask_to_text(unsigned int, int);
extern struct richacl *richacl_from_text(const char *, int *,
					 void (*)(const char *, ...));

/* Masks and modes (richacl_masks.c, richacl_mode.c) */
extern void richacl_compute_max_masks(struct richacl *);
extern int richacl_apply_masks(struct richacl **, uid_t);
extern void richacl_chmod(struct richacl *, mode_t);
extern struct richacl *richacl_from_mode(mode_t);
extern int richacl_masks_to_mode(const struct richacl *);
extern unsigned int richacl_mode_to_mask(mode_t);
extern int richacl_equiv_mode(const struct richacl *, mode_t *);

/* Inheritance (richacl_inherit.c) */
extern struct richacl *richacl_inherit(const struct richacl *, int);
extern struct richacl *richacl_inherit_inode(const struct richacl *, mode_t *,
					     mode_t (*)(void *), void *);
extern struct richacl *richacl_auto_inherit(const struct richacl *,
					    const struct richacl *);

/* The access check (richacl_access.c) */
extern int richacl_access(const char *, const struct stat *, uid_t,
			  const gid_t *, int);
extern int richacl_permission(const struct richacl *, uid_t, gid_t, uid_t,
			      const gid_t *, int, unsigned int);

/*
 * ---- Extensions of this suite (not in librichacl 1.12) ----
 */

/*
 * The permissions that @acl grants to a process with fsuid @uid and the
 * @n_groups groups in @groups (which must include its primary group), on a
 * file owned by @owner and @owning_group, after the file masks.  Nothing of
 * the VFS's implicit rights (RICHACE_POSIX_ALWAYS_ALLOWED, the owner's
 * chmod/utimes) is added.
 */
extern unsigned int richacl_granted_mask(const struct richacl *acl,
					 uid_t owner, gid_t owning_group,
					 uid_t uid, const gid_t *groups,
					 int n_groups);

/*
 * Edit @*aclp as `setrichacl --modify` does with the entries of @changes
 * (SPEC section 7): an entry with the same type, inherited flag and who
 * replaces the existing entry's mask and flags, an empty mask deletes it,
 * new deny entries go after the leading deny entries of their section,
 * new allow entries at the end of their section.  Masks and ACL flags of
 * @changes are not looked at.  Returns 0, or -1 with errno ENOMEM.
 */
extern int richacl_modify(struct richacl **aclp,
			  const struct richacl *changes);

/* Insert a copy of @ace at @index (0 .. a_count).  -1/ERANGE, -1/ENOMEM. */
extern int richacl_insert_entry(struct richacl **aclp, unsigned int index,
				const struct richace *ace);
/* Remove the entry at @index.  -1/ERANGE when out of range. */
extern int richacl_delete_entry(struct richacl *acl, unsigned int index);

/*
 * Read, write and remove an ACL stored in any extended attribute.
 * @xattr_name NULL means RICHACL_XATTR.  richacl_read_*() returns NULL with
 * errno ENODATA when the file has no such attribute, EINVAL when its bytes
 * are not a valid richacl.  With RICHACL_IO_NOFOLLOW a symbolic link itself
 * is accessed (l*xattr).
 */
#define RICHACL_IO_NOFOLLOW	1
extern struct richacl *richacl_read_path(const char *path,
					 const char *xattr_name, int io_flags);
extern struct richacl *richacl_read_fd(int fd, const char *xattr_name);
extern int richacl_write_path(const char *path, const char *xattr_name,
			      const struct richacl *acl, int io_flags);
extern int richacl_write_fd(int fd, const char *xattr_name,
			    const struct richacl *acl);
extern int richacl_remove_path(const char *path, const char *xattr_name,
			       int io_flags);
extern int richacl_remove_fd(int fd, const char *xattr_name);

/* The largest number of entries an xattr of at most 64 KiB can hold. */
#define RICHACL_XATTR_MAX_COUNT ((65536 - 16) / 12)

#ifdef __cplusplus
}
#endif

#endif /* __SYS_RICHACL_H */
