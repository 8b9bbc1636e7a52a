/*
 * setrichacl.h - what the parts of setrichacl share.
 */
#ifndef SETRICHACL_H
#define SETRICHACL_H

#include "common.h"

/* --- edits.c: --modify, --remove-entry and --add-entry ------------------- */

enum edit_kind { EDIT_MODIFY, EDIT_REMOVE_ENTRY, EDIT_ADD_ENTRY };

struct edit
{
  enum edit_kind kind;
  struct richacl *acl;	/* the entries given (NULL: by index only) */
  int given;		/* masks and flags given with --modify */
  bool by_index;	/* -x INDEX, and always for -a */
  unsigned long index;
  bool who_only;	/* -x WHO: every entry of that principal */
};

/* Parse the SPEC|INDEX argument of --remove-entry into @edit; reports
   the problem and returns false on a usage error. */
bool parse_remove_entry (struct edit *edit, const char *arg);

/* Parse the INDEX argument of --add-entry; false on a usage error. */
bool parse_entry_index (const char *arg, unsigned long *index);

/* Why apply_edits() failed for a file (besides ENOMEM). */
enum edit_error { EDIT_DONE, EDIT_INDEX_OUT_OF_RANGE, EDIT_NO_MATCH };

/*
 * Apply the @n edits in order to @*aclp, the ACL as getrichacl shows it
 * (the masks applied).  Masks and flags given with --modify are put in
 * @*given.  On EDIT_INDEX_OUT_OF_RANGE or EDIT_NO_MATCH, @*failed is the
 * edit that failed; *aclp is then partly edited and must be dropped.
 */
enum edit_error apply_edits (struct richacl **aclp, const struct edit *edits,
			     size_t n, int *given, const struct edit **failed);

/* --- propagate.c: automatic inheritance ---------------------------------- */

/*
 * @dir (a directory just given the ACL @acl, which has auto_inherit) has
 * changed: pass the change on to its descendants (SPEC 4).  Returns false
 * if any descendant failed; the others are still updated.
 */
bool propagate_auto_inherit (const char *dir, const struct richacl *acl);

/* --- setrichacl.c -------------------------------------------------------- */

/* Complete @acl's masks for storing, as --set does. */
void complete_masks (struct richacl *acl, int given);

/*
 * Give @f the ACL @acl (@old is what it had): store it, or with --test
 * print the record of what would be stored.  Reports failures; returns
 * false on failure.
 */
bool commit_acl (struct walk_file *f, const struct stored_acl *old,
		 const struct richacl *acl);

#endif
