/*
 * richacl_modify.c - merge entries into an ACL, as `setrichacl --modify`
 * does (SPEC section 7).
 *
 * An ACL is read as two sections: the entries set on the file itself,
 * then the inherited ones.  New entries stay in their section, where they
 * change the least: a new deny entry joins the leading deny entries (so
 * it overrides the allow entries of its section, as the user expects, but
 * not the deny entries already there), a new allow entry goes last (so it
 * overrides nothing).
 */
#include "richacl_internal.h"

#include <errno.h>

/* The index of the entry that @change edits, or -1 when there is none. */
static int
find_matching_entry (const struct richacl *acl, const struct richace *change)
{
  const struct richace *ace;

  richacl_for_each_entry (ace, acl)
    {
      if (ace->e_type == change->e_type
	  && richace_is_inherited (ace) == richace_is_inherited (change)
	  && richace_is_same_identifier (ace, change))
	return ace - acl->a_entries;
    }
  return -1;
}

/*
 * The section of entries that @inherited picks: the explicit entries run
 * up to the first inherited entry, the inherited entries from there to
 * the end.  (In an ACL that mixes the two, a stray entry counts as part of
 * the section it sits in.)
 */
static void
section_bounds (const struct richacl *acl, int inherited,
		unsigned int *start, unsigned int *end)
{
  unsigned int first_inherited = 0;

  while (first_inherited < acl->a_count
	 && !richace_is_inherited (&acl->a_entries[first_inherited]))
    first_inherited++;
  if (inherited)
    {
      *start = first_inherited;
      *end = acl->a_count;
    }
  else
    {
      *start = 0;
      *end = first_inherited;
    }
}

/* Where a new entry @ace goes in @acl. */
static unsigned int
insertion_index (const struct richacl *acl, const struct richace *ace)
{
  unsigned int start, end, index;

  section_bounds (acl, richace_is_inherited (ace), &start, &end);
  if (!richace_is_deny (ace))
    return end;
  index = start;
  while (index < end && richace_is_deny (&acl->a_entries[index]))
    index++;
  return index;
}

/* Apply one change to @*aclp.  Returns 0, or -1 with errno ENOMEM. */
static int
richacl_modify_entry (struct richacl **aclp, const struct richace *change)
{
  int index = find_matching_entry (*aclp, change);

  if (index >= 0)
    {
      struct richace *ace = &(*aclp)->a_entries[index];

      if (!change->e_mask)
	return richacl_delete_entry (*aclp, index);
      /*
       * The same identifier means the same who flags, so the entry keeps
       * its own e_who string and its kind of who.
       */
      ace->e_mask = change->e_mask;
      ace->e_flags = change->e_flags;
      return 0;
    }
  if (!change->e_mask)
    return 0;
  return richacl_insert_entry (aclp, insertion_index (*aclp, change), change);
}

/*
 * richacl_modify  -  merge the entries of @changes into @*aclp
 *
 * The changes are applied one after another, each to the result of the
 * ones before.  The ACL's flags and masks are left alone: the caller
 * decides whether to recompute them.  The work is done on a copy, so that
 * on failure @*aclp is unchanged.
 *
 * Returns 0, or -1 with errno ENOMEM.
 */
RICHACL_EXPORT int
richacl_modify (struct richacl **aclp, const struct richacl *changes)
{
  struct richacl *acl = richacl_clone (*aclp);
  const struct richace *change;

  if (!acl)
    return -1;
  richacl_for_each_entry (change, changes)
    {
      if (richacl_modify_entry (&acl, change))
	{
	  richacl_free (acl);
	  errno = ENOMEM;
	  return -1;
	}
    }
  richacl_free (*aclp);
  *aclp = acl;
  return 0;
}
