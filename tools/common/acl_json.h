/*
 * acl_json.h - ACLs as JSON: what `getrichacl --json` writes and
 * `setrichacl --set-file` reads back.  The format is documented in the
 * JSON OUTPUT section of getrichacl(1); in short:
 *
 *   {"files":[
 *   {"name":"f","type":"file","owner":{"uid":0,"name":"root"},
 *    "group":{"gid":0,"name":"root"},"mode":"0644",
 *    "acl":{"flags":[],"entries":[{"who":"owner@","type":"allow",
 *    "flags":[],"permissions":["read_data","write_data"]}]}}
 *   ]}
 *
 * with one file per line (the line above is wrapped here).
 */
#ifndef TOOLS_ACL_JSON_H
#define TOOLS_ACL_JSON_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/richacl.h>

/* Flags of json_write_file(). */
enum
{
  JSON_NUMERIC_IDS = 1,	/* no "name" for users and groups */
  JSON_RAW = 2,		/* the stored ACL: masks, all permissions */
  JSON_FULL = 4		/* include the always allowed permissions */
};

struct json_writer;

/* Start a document on @out.  Never NULL (xalloc). */
struct json_writer *json_writer_begin (FILE *out);

/*
 * Add the entry of @file (a path; any bytes) whose status is @st and whose
 * ACL is @acl.  The caller has applied the masks unless JSON_RAW.  The
 * masks are written with JSON_RAW, and whenever @acl is masked.  Without
 * JSON_RAW and JSON_FULL the always allowed permissions (read_attributes,
 * read_acl, synchronize) are left out of the entries, as getrichacl does
 * by default.
 *
 * The comma before a file depends on the files written before it, so the
 * calls must come in output order and from one thread: a parallel walk
 * must not call this from its workers (walk with one job for --json).
 */
void json_write_file (struct json_writer *w, const char *file,
		      const struct stat *st, const struct richacl *acl,
		      int flags);

/* Finish the document and free @w. */
void json_writer_end (struct json_writer *w);

/*
 * True when @text is to be read as JSON: its first character other than
 * JSON white space (space, tab, newline, carriage return) is '{'.  No ACL
 * text starts that way.
 */
bool json_text_is_json (const char *text);

/*
 * Parse the JSON text @text: a document as json_write_file() writes it
 * (the ACL of its first file is returned; all of it must be valid), or a
 * bare ACL object {"flags":...,"masks":...,"entries":[...]}.  *@given (may
 * be NULL) is set as richacl_from_text() sets it: RICHACL_TEXT_FLAGS when
 * the ACL has "flags", RICHACL_TEXT_OWNER_MASK etc. for each mask in
 * "masks".  *@error is set to NULL.
 *
 * On invalid input returns NULL and sets *@error to a malloc'd one-line
 * message "LINE:COLUMN: WHAT" (both 1-based, the column in bytes), in the
 * user's language.  Exits via xalloc_die() when out of memory.  Like
 * richacl_from_text(), bits that have no name ("0x..." strings) are kept:
 * check the result with richacl_valid() before storing it.
 */
struct richacl *json_parse_acl (const char *text, int *given, char **error);

#endif
