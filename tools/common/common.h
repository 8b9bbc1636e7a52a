/*
 * common.h - what getrichacl and setrichacl share: where ACLs are stored,
 * how errors are worded, how users and groups are named.
 */
#ifndef TOOLS_COMMON_H
#define TOOLS_COMMON_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/richacl.h>

#include "gettext.h"
#include "quotearg.h"

/* A file name in a message, quoted only when it needs it (as coreutils). */
#define quotef(arg) quotearg_n_style_colon (0, shell_escape_quoting_style, arg)
#define _(msgid) gettext (msgid)
#define N_(msgid) msgid

/* Exit statuses shared by both tools. */
enum { EXIT_OK = 0, EXIT_FILE_FAILED = 1, EXIT_USAGE = 2 };

/* The environment variable that selects the xattr name. */
#define RICHACL_XATTR_NAME_ENV "RICHACL_XATTR_NAME"

/* --- storage.c ----------------------------------------------------------- */

/*
 * Choose the extended attribute that holds ACLs: @option (from
 * --xattr-name) if not NULL, else $RICHACL_XATTR_NAME, else system.richacl.
 * Returns false if the name is unusable (the caller reports a usage error).
 */
bool storage_select (const char *option);
const char *storage_xattr_name (void);
/* True when ACLs live under the kernel's own name. */
bool storage_is_kernel_name (void);

/* What storage_load() found. */
struct stored_acl
{
  struct richacl *acl;	/* the effective ACL (stored, or from the mode) */
  bool stored;		/* an ACL was stored (not derived from the mode) */
  void *raw;		/* the stored bytes, for restoring after a failure */
  size_t raw_size;
};

/*
 * Load the ACL of @path (whose status is @st): the stored ACL, or the
 * mode's equivalent when none is stored.  Under an alternate name the
 * tools do what the kernel would: when the permission bits no longer match
 * the stored masks, someone ran chmod, so chmod semantics are applied.
 * A file with a POSIX ACL and no RichACL fails with errno EPOSIXACL.
 * Returns 0, or -1 with errno set.
 */
#define EPOSIXACL 4097	/* ours, not a system errno */
int storage_load (const char *path, const struct stat *st,
		  struct stored_acl *out);
void stored_acl_release (struct stored_acl *s);

/*
 * Store @acl as the ACL of @path, which storage_load() described in
 * @old.  An ACL equivalent to a mode is stored as that mode alone; any
 * other ACL also sets the permission bits from its masks.  On failure,
 * the previous ACL and mode are put back.  Returns 0 or -1 with errno.
 */
int storage_store (const char *path, const struct stat *st,
		   const struct stored_acl *old, const struct richacl *acl);

/* Remove the stored ACL of @path; no ACL is not an error. */
int storage_remove (const char *path);

/* --- messages.c ---------------------------------------------------------- */

/* Report that @what failed for @file with @errnum, in the tools' words
   (the EOPNOTSUPP and POSIX ACL cases get their own explanations). */
void report_file_error (const char *file, int errnum);

/* The parser's error callback: keeps the message for report_parse_error. */
void parse_error_collect (const char *fmt, ...);
/* Report an ACL text that did not parse; @source names where it came
   from (a file name, or NULL for the command line). */
void report_parse_error (const char *source);

/* Set the locale from the environment and bind the message catalog:
   from $RICHACL_LOCALEDIR when that is set and not empty (the tests use
   the build tree's catalogs that way), else from the configured LOCALEDIR. */
void init_locale (void);

/*
 * After option parsing: select the xattr name (--xattr-name, else the
 * environment) and check that files were named.  Reports the problem and
 * returns false on a usage error.
 */
bool finish_common_options (const char *xattr_option, int n_files);

/* --help and --version tails shared by both tools. */
void emit_common_help (void);
void emit_bug_reporting (void);

/* --- names.c ------------------------------------------------------------- */

/* Parse a user or group given by name or number. */
bool parse_user (const char *s, uid_t *uid);
bool parse_group (const char *s, gid_t *gid);

/* The supplementary groups of @uid from the group database (plus @gid).
   Returns a malloc'd array (never NULL: xalloc) and its size in @n. */
gid_t *user_group_list (uid_t uid, gid_t gid, int *n);

#endif
