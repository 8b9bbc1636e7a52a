/*
 * common.h - what getrichacl and setrichacl share: where ACLs are stored,
 * how errors are worded, how users and groups are named.
 */
#ifndef TOOLS_COMMON_H
#define TOOLS_COMMON_H

#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/richacl.h>

#include "gettext.h"
#include "quotearg.h"

/* A file name in a message, quoted only when it needs it (as coreutils). */
#define quotef(arg) quotearg_n_style_colon (0, shell_escape_quoting_style, arg)
/* A file name in a message, always quoted (as coreutils). */
#define quoteaf(arg) quotearg_style (shell_escape_always_quoting_style, arg)
#define quoteaf_n(n, arg) \
  quotearg_n_style (n, shell_escape_always_quoting_style, arg)
#define _(msgid) gettext (msgid)
#define N_(msgid) msgid

/* Exit statuses shared by both tools. */
enum { EXIT_OK = 0, EXIT_FILE_FAILED = 1, EXIT_USAGE = 2 };

/* The environment variable that selects the xattr name. */
#define RICHACL_XATTR_NAME_ENV "RICHACL_XATTR_NAME"

/* --- at_calls.c ---------------------------------------------------------- */

/* A file as the system calls see it. */
struct file_ref
{
  int dirfd;		/* the directory @name is in, or AT_FDCWD */
  const char *name;
  int flags;		/* STORAGE_NOFOLLOW */
};
enum { STORAGE_NOFOLLOW = 1 };	/* act on a symlink itself, not its target */

ssize_t at_getxattr (const struct file_ref *f, const char *attr, void *value,
		     size_t size);
ssize_t at_listxattr (const struct file_ref *f, char *list, size_t size);
int at_setxattr (const struct file_ref *f, const char *attr,
		 const void *value, size_t size);
int at_removexattr (const struct file_ref *f, const char *attr);
int at_chmod (const struct file_ref *f, mode_t mode);
int at_chown (const struct file_ref *f, uid_t uid, gid_t gid);
int at_stat (const struct file_ref *f, struct stat *st);

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
  struct file_ref file;	/* where it was loaded from */
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
int storage_load (const struct file_ref *f, const struct stat *st,
		  struct stored_acl *out);
void stored_acl_release (struct stored_acl *s);

/*
 * Store @acl as the ACL of the file that storage_load() described in
 * @old (@st is its status).  An ACL equivalent to a mode is stored as that mode alone; any
 * other ACL also sets the permission bits from its masks.  On failure,
 * the previous ACL and mode are put back.  Returns 0 or -1 with errno.
 */
int storage_store (const struct stat *st, const struct stored_acl *old,
		   const struct richacl *acl);

/* Remove the stored ACL of @path; no ACL is not an error. */
int storage_remove (const struct file_ref *f);

/* --- messages.c ---------------------------------------------------------- */

/*
 * Print "PROGRAM: FILE: MESSAGE: ERROR" as error() would (@file NULL: no
 * file part, @fmt NULL: no message, @errnum 0: no error), to standard
 * error or to this thread's message sink.
 */
void file_error (const char *file, int errnum, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));
/* A parallel walk collects each file's output and messages in a sink, to
   print them in walk order.  NULL: standard error. */
struct walk_sink
{
  FILE *out;
  FILE *err;
  char *err_buf;
  size_t err_len;
};
void set_message_sink (struct walk_sink *sink);

/* Report that something failed for @file with @errnum, in the tools' words
   (the EOPNOTSUPP and POSIX ACL cases get their own explanations). */
void report_file_error (const char *file, int errnum);

/* The parser's error callback: keeps the message for report_parse_error. */
void parse_error_collect (const char *fmt, ...);
/* Report an ACL text that did not parse; @source names where it came
   from (a file name, or NULL for the command line), @line the line where
   the text starts in it (0: not known). */
void report_parse_error (const char *source, unsigned long line);

/* Set the locale from the environment and bind the message catalog:
   from $RICHACL_LOCALEDIR when that is set and not empty (the tests use
   the build tree's catalogs that way), else from the configured LOCALEDIR. */
void init_locale (void);

void emit_bug_reporting (void);

/* --- options.c --------------------------------------------------------- */

/* Long options without a short form that both tools take; each tool
   numbers its own from FIRST_TOOL_OPTION. */
enum
{
  XATTR_NAME_OPTION = CHAR_MAX + 1,
  ONE_FILE_SYSTEM_OPTION,
  HELP_OPTION,
  VERSION_OPTION,
  FIRST_TOOL_OPTION
};

#define COMMON_SHORT_OPTIONS "RPLj:"
#define COMMON_LONG_OPTIONS \
  {"recursive", no_argument, NULL, 'R'}, \
  {"physical", no_argument, NULL, 'P'}, \
  {"logical", no_argument, NULL, 'L'}, \
  {"one-file-system", no_argument, NULL, ONE_FILE_SYSTEM_OPTION}, \
  {"jobs", required_argument, NULL, 'j'}, \
  {"xattr-name", required_argument, NULL, XATTR_NAME_OPTION}, \
  {"help", no_argument, NULL, HELP_OPTION}, \
  {"version", no_argument, NULL, VERSION_OPTION}

/* Take option @c (with argument @arg) if it is one of the common ones;
   returns false if the tool must handle it. */
bool common_option (int c, const char *arg);

/*
 * After option parsing: select the xattr name (--xattr-name, else the
 * environment) and check that files were named.  Reports the problem and
 * returns false on a usage error.
 */
bool finish_common_options (int n_files);

/* --help text of the walk options, and the tail both tools share. */
void emit_walk_help (void);
void emit_common_help (void);

/* --- walk.c -------------------------------------------------------------- */

struct walk_options
{
  bool recursive;	/* -R */
  bool logical;		/* -L: follow symlinks (default -P: never) */
  bool one_file_system;
  bool follow_operands;	/* follow symlinks given as operands (-H) */
  int jobs;		/* -j: threads for a recursive walk */
  bool dirs_first;	/* with jobs: a directory's visit ends before its
			   entries are visited */
};
extern struct walk_options walk_options;

/* A file to work on. */
struct walk_file
{
  const char *path;	/* its name as the user would write it */
  struct file_ref file;	/* what the system calls get */
  const struct stat *st;
  int level;		/* 0 for an operand, 1 for its entries, ... */
  void *parent_data;	/* what the visit left in ->data for the
			   directory that contains this file */
  void *data;		/* a visit of a directory may leave data here for
			   its entries; released when the walk leaves it */
  struct walk_sink *sink;	/* use walk_stdout() */
};

/* Where a visit prints @f's output (standard output, or in a parallel
   walk a buffer printed in walk order). */
FILE *walk_stdout (struct walk_file *f);

/* What a visit returns: a combination of these. */
enum { WALK_OK = 0, WALK_FAILED = 1, WALK_PRUNE = 2 };
typedef int (*walk_visit_fn) (struct walk_file *f, void *arg);
typedef void (*walk_release_fn) (void *data);

/*
 * Visit each of the NULL-terminated @operands, or with @opts->recursive
 * every file of the trees they name (directories before their entries,
 * entries in name order; symlinks followed only with @opts->logical).
 * Problems of the walk itself are reported here.  Returns false if
 * anything failed.
 */
bool walk (char **operands, const struct walk_options *opts,
	   walk_visit_fn visit, walk_release_fn release, void *arg);

/* --- record.c ------------------------------------------------------------ */

/* --absolute-names: keep leading slashes in "# file:" headers. */
extern bool record_absolute_names;

/* Print the "# file:", "# owner:", "# group:" and "# flags:" lines that
   start the record of @path. */
void record_print_header (FILE *out, const char *path, const struct stat *st,
			  bool numeric_ids);

/* One record read back. */
struct record
{
  char *path;		/* unescaped, relative to the current directory */
  unsigned long line;	/* of its "# file:" line */
  bool has_owner, has_group;
  uid_t uid;
  gid_t gid;
  mode_t special;	/* S_ISUID, S_ISGID, S_ISVTX from "# flags:" */
  struct richacl *acl;
  int given;		/* as richacl_from_text reports it */
};

/*
 * Parse all the records in @text (modified in place), read from @source.
 * Everything is parsed before anything is used, so that a syntax error
 * anywhere changes nothing: it is reported with @source and the line, and
 * false is returned.
 */
bool records_parse (char *text, const char *source, struct record **records,
		    size_t *count);
void records_free (struct record *records, size_t count);

/* --- names.c ------------------------------------------------------------- */

/* Parse a user or group given by name or number. */
bool parse_user (const char *s, uid_t *uid);
bool parse_group (const char *s, gid_t *gid);

/* The supplementary groups of @uid from the group database (plus @gid).
   Returns a malloc'd array (never NULL: xalloc) and its size in @n. */
gid_t *user_group_list (uid_t uid, gid_t gid, int *n);

#endif
