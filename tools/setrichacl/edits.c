/*
 * edits.c - the changes setrichacl makes entry by entry: --modify,
 * --remove-entry (by principal, by whole entries or by index) and
 * --add-entry (at an index), applied in the order given.
 *
 * Indices count the entries as plain getrichacl shows them: the ACL with
 * its masks applied, which is also what the edits work on (see
 * change_file).
 */
#include <config.h>
#include "setrichacl.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "quote.h"
#include "xalloc.h"
#include "xstrtol.h"

bool
parse_entry_index (const char *arg, unsigned long *index)
{
  unsigned long n;

  if (!*arg || strspn (arg, "0123456789") != strlen (arg)
      || xstrtoul (arg, NULL, 10, &n, "") != LONGINT_OK)
    {
      error (0, 0, _("invalid entry index %s"), quote (arg));
      return false;
    }
  *index = n;
  return true;
}

/* Is @arg a principal alone: owner@, group@, everyone@, user:X, group:X? */
static bool
is_principal_alone (const char *arg)
{
  const char *colon = strchr (arg, ':');

  if (!colon)
    return arg[0] && arg[strlen (arg) - 1] == '@';
  if (strchr (colon + 1, ':') || !colon[1])
    return false;
  return (colon - arg == 4 && strncmp (arg, "user", 4) == 0)
	 || (colon - arg == 5 && strncmp (arg, "group", 5) == 0)
	 || (colon - arg == 1 && (arg[0] == 'u' || arg[0] == 'g'));
}

bool
parse_remove_entry (struct edit *edit, const char *arg)
{
  char *text;

  memset (edit, 0, sizeof *edit);
  edit->kind = EDIT_REMOVE_ENTRY;
  if (*arg >= '0' && *arg <= '9')
    {
      edit->by_index = true;
      return parse_entry_index (arg, &edit->index);
    }
  /* A principal alone is parsed as an entry of it with nothing in it. */
  edit->who_only = is_principal_alone (arg);
  text = xmalloc (strlen (arg) + sizeof ":::allow");
  strcpy (text, arg);
  if (edit->who_only)
    strcat (text, ":::allow");
  edit->acl = richacl_from_text (text, NULL, parse_error_collect);
  free (text);
  if (!edit->acl && errno == ENOMEM)
    xalloc_die ();
  if (!edit->acl)
    {
      report_parse_error (NULL, 0);
      return false;
    }
  if (edit->acl->a_count == 0)
    {
      error (0, 0, _("no entry given to remove in %s"), quote (arg));
      return false;
    }
  return true;
}

/* Does @ace match @spec?  The permissions that are always allowed do
   not count: getrichacl does not show them. */
static bool
entry_matches (const struct richace *ace, const struct richace *spec,
	       bool who_only)
{
  if (!richace_is_same_identifier (ace, spec))
    return false;
  if (who_only)
    return true;
  return ace->e_type == spec->e_type && ace->e_flags == spec->e_flags
	 && (ace->e_mask & ~RICHACE_POSIX_ALWAYS_ALLOWED)
	    == (spec->e_mask & ~RICHACE_POSIX_ALWAYS_ALLOWED);
}

/* Remove the entries that match @edit; false if some entry of @edit
   matched nothing. */
static bool
remove_matching (struct richacl *acl, const struct edit *edit)
{
  const struct richace *spec;

  richacl_for_each_entry (spec, edit->acl)
    {
      unsigned int n = acl->a_count;
      bool matched = false;

      while (n-- > 0)
	if (entry_matches (&acl->a_entries[n], spec, edit->who_only))
	  {
	    richacl_delete_entry (acl, n);
	    matched = true;
	  }
      if (!matched)
	return false;
    }
  return true;
}

static enum edit_error
add_entries (struct richacl **aclp, const struct edit *edit)
{
  const struct richace *ace;
  unsigned long index = edit->index;

  if (index > (*aclp)->a_count)
    return EDIT_INDEX_OUT_OF_RANGE;
  richacl_for_each_entry (ace, edit->acl)
    if (richacl_insert_entry (aclp, index++, ace))
      xalloc_die ();
  return EDIT_DONE;
}

/* Masks and flags given with a --modify replace the ACL's. */
static void
take_given (struct richacl *acl, const struct edit *edit, int *given)
{
  if (edit->given & RICHACL_TEXT_OWNER_MASK)
    acl->a_owner_mask = edit->acl->a_owner_mask;
  if (edit->given & RICHACL_TEXT_GROUP_MASK)
    acl->a_group_mask = edit->acl->a_group_mask;
  if (edit->given & RICHACL_TEXT_OTHER_MASK)
    acl->a_other_mask = edit->acl->a_other_mask;
  if (edit->given & RICHACL_TEXT_FLAGS)
    acl->a_flags = edit->acl->a_flags;
  *given |= edit->given;
}

static enum edit_error
apply_edit (struct richacl **aclp, const struct edit *edit, int *given)
{
  switch (edit->kind)
    {
    case EDIT_MODIFY:
      if (richacl_modify (aclp, edit->acl))
	xalloc_die ();
      take_given (*aclp, edit, given);
      return EDIT_DONE;
    case EDIT_ADD_ENTRY:
      return add_entries (aclp, edit);
    case EDIT_REMOVE_ENTRY:
    default:
      if (edit->by_index)
	{
	  if (edit->index >= (*aclp)->a_count)
	    return EDIT_INDEX_OUT_OF_RANGE;
	  richacl_delete_entry (*aclp, edit->index);
	  return EDIT_DONE;
	}
      return remove_matching (*aclp, edit) ? EDIT_DONE : EDIT_NO_MATCH;
    }
}

enum edit_error
apply_edits (struct richacl **aclp, const struct edit *edits, size_t n,
	     int *given, const struct edit **failed)
{
  size_t i;

  *given = 0;
  for (i = 0; i < n; i++)
    {
      enum edit_error err = apply_edit (aclp, &edits[i], given);

      if (err != EDIT_DONE)
	{
	  *failed = &edits[i];
	  return err;
	}
    }
  return EDIT_DONE;
}
