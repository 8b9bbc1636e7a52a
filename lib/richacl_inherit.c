/*
 * richacl_inherit.c - what a new file inherits from its directory (seed
 * 009), and automatic inheritance (seed 010, SPEC section 4).
 *
 * The kernel computes the inherited ACL when a file is created; user space
 * propagates later changes of a directory's ACL to the files below it,
 * replacing what they inherited.  Both use richacl_inherit().
 */
#include "richacl_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/*
 * Does a subdirectory inherit @ace?  directory_inherit says so; a
 * file_inherit entry is also passed on to subdirectories (as inherit-only,
 * for the files below them) unless no_propagate stops it after one level.
 */
static int
ace_inherits_to_directory (const struct richace *ace)
{
  if (ace->e_flags & RICHACE_DIRECTORY_INHERIT_ACE)
    return 1;
  return (ace->e_flags & RICHACE_FILE_INHERIT_ACE)
	 && !(ace->e_flags & RICHACE_NO_PROPAGATE_INHERIT_ACE);
}

static int
ace_inherits_to_file (const struct richace *ace)
{
  return (ace->e_flags & RICHACE_FILE_INHERIT_ACE) != 0;
}

static int
ace_inherits (const struct richace *ace, int isdir)
{
  return isdir ? ace_inherits_to_directory (ace) : ace_inherits_to_file (ace);
}

/*
 * Copy @from into the unused (zeroed) entry @to, with its own copy of an
 * unmapped who string.  Returns 0, or -1 with errno ENOMEM.
 */
static int
richace_copy_owned (struct richace *to, const struct richace *from)
{
  *to = *from;
  if (from->e_flags & RICHACE_UNMAPPED_WHO)
    {
      to->e_who = strdup (from->e_who);
      if (!to->e_who)
	{
	  /* Leave @to zeroed, so that freeing the ACL skips it. */
	  memset (to, 0, sizeof *to);
	  errno = ENOMEM;
	  return -1;
	}
    }
  return 0;
}

/* The flags of the copy that a directory inherits of @dir_ace. */
static unsigned short
directory_inherited_flags (const struct richace *dir_ace)
{
  unsigned short flags = dir_ace->e_flags;

  if (flags & RICHACE_NO_PROPAGATE_INHERIT_ACE)
    /* This is the last level that inherits it. */
    flags &= ~RICHACE_INHERITANCE_FLAGS;
  else if (flags & RICHACE_DIRECTORY_INHERIT_ACE)
    /* Effective here, and passed on further down. */
    flags &= ~RICHACE_INHERIT_ONLY_ACE;
  else
    /* file_inherit only: meant for the files below, not for us. */
    flags |= RICHACE_INHERIT_ONLY_ACE;
  return flags;
}

/*
 * richacl_inherit  -  the ACL a new file inherits from its directory
 * @dir_acl:	ACL of the directory
 * @isdir:	is the new file a directory?
 *
 * A file inherits the file_inherit entries, as plain entries, without
 * delete_child, which means nothing for a file.  A directory inherits the
 * entries that ace_inherits_to_directory() picks, with their inheritance
 * flags adjusted to keep passing them on.  When @dir_acl has auto_inherit,
 * so does the result, and its entries are marked inherited so that later
 * propagation can tell them from entries set explicitly (seed 010);
 * otherwise no entry is marked inherited.  The masks are left 0.
 *
 * Returns the new ACL, NULL with errno 0 when nothing is inheritable, or
 * NULL with errno ENOMEM.
 */
RICHACL_EXPORT struct richacl *
richacl_inherit (const struct richacl *dir_acl, int isdir)
{
  const struct richace *dir_ace;
  struct richacl *acl;
  struct richace *ace;
  size_t count = 0;

  richacl_for_each_entry (dir_ace, dir_acl)
    if (ace_inherits (dir_ace, isdir))
      count++;
  if (!count)
    {
      errno = 0;
      return NULL;
    }
  acl = richacl_alloc (count);
  if (!acl)
    return NULL;

  ace = acl->a_entries;
  richacl_for_each_entry (dir_ace, dir_acl)
    {
      if (!ace_inherits (dir_ace, isdir))
	continue;
      if (richace_copy_owned (ace, dir_ace))
	{
	  richacl_free (acl);
	  return NULL;
	}
      if (isdir)
	ace->e_flags = directory_inherited_flags (dir_ace);
      else
	{
	  ace->e_flags &= ~RICHACE_INHERITANCE_FLAGS;
	  ace->e_mask &= ~RICHACE_DELETE_CHILD;
	}
      ace++;
    }

  if (dir_acl->a_flags & RICHACL_AUTO_INHERIT)
    {
      acl->a_flags = RICHACL_AUTO_INHERIT;
      richacl_for_each_entry (ace, acl)
	ace->e_flags |= RICHACE_INHERITED_ACE;
    }
  else
    {
      richacl_for_each_entry (ace, acl)
	ace->e_flags &= ~RICHACE_INHERITED_ACE;
    }
  return acl;
}

/*
 * richacl_inherit_inode  -  the ACL and mode of a new file
 * @dir_acl:	ACL of the directory the file is created in
 * @mode_p:	in: the create mode, with the file type; out: the new mode
 * @umask_fn:	returns the umask (called with @arg); may be NULL for none
 *
 * As with POSIX default ACLs, the umask applies only when nothing is
 * inherited.  An inherited ACL that a mode can express is not kept: the
 * file gets that mode, limited by the create mode.  Otherwise the ACL is
 * returned with its max masks, limited by the create mode, so that it
 * grants nothing the create mode does not.  *@mode_p is then left as it
 * is; whoever stores the ACL sets the permission bits from the masks
 * (richacl_masks_to_mode()).  Creating a file with a mode is an implicit
 * chmod, so the ACL is protected from automatic inheritance (seed 010).
 *
 * Returns the ACL, NULL with errno 0 when the file gets no ACL, or NULL
 * with errno ENOMEM (*@mode_p untouched).
 */
RICHACL_EXPORT struct richacl *
richacl_inherit_inode (const struct richacl *dir_acl, mode_t *mode_p,
		       mode_t (*umask_fn) (void *), void *arg)
{
  struct richacl *acl;
  mode_t mode = *mode_p;

  acl = richacl_inherit (dir_acl, S_ISDIR (mode));
  if (!acl)
    {
      if (errno)
	return NULL;
      if (umask_fn)
	*mode_p &= ~umask_fn (arg);
      errno = 0;
      return NULL;
    }

  if (richacl_equiv_mode (acl, &mode) == 0)
    {
      *mode_p &= mode;
      richacl_free (acl);
      errno = 0;
      return NULL;
    }

  if (acl->a_flags & RICHACL_AUTO_INHERIT)
    acl->a_flags |= RICHACL_PROTECTED;
  richacl_compute_max_masks (acl);
  acl->a_flags |= RICHACL_MASKED;
  acl->a_owner_mask &= richacl_mode_to_mask (mode >> 6);
  acl->a_group_mask &= richacl_mode_to_mask (mode >> 3);
  acl->a_other_mask &= richacl_mode_to_mask (mode);
  return acl;
}

/*
 * Copy into @acl, from index @n on, the entries of @from that @want picks,
 * setting @add_flags on each copy.  Returns the next free index, or -1
 * with errno ENOMEM.
 */
static int
copy_entries (struct richacl *acl, int n, const struct richacl *from,
	      int (*want) (const struct richace *), unsigned short add_flags)
{
  const struct richace *ace;

  richacl_for_each_entry (ace, from)
    {
      if (want && !want (ace))
	continue;
      if (richace_copy_owned (&acl->a_entries[n], ace))
	return -1;
      acl->a_entries[n++].e_flags |= add_flags;
    }
  return n;
}

static int
richace_is_explicit (const struct richace *ace)
{
  return !richace_is_inherited (ace);
}

static size_t
count_entries (const struct richacl *acl,
	       int (*want) (const struct richace *))
{
  const struct richace *ace;
  size_t count = 0;

  if (!acl)
    return 0;
  richacl_for_each_entry (ace, acl)
    if (!want || want (ace))
      count++;
  return count;
}

/*
 * @acl's explicit entries followed by @inherited's entries (none when
 * @inherited is NULL), all of those marked inherited.  Flags and masks are
 * left 0.
 */
static struct richacl *
explicit_and_inherited (const struct richacl *acl,
			int (*want) (const struct richace *),
			const struct richacl *inherited)
{
  size_t count = count_entries (acl, want) + count_entries (inherited, NULL);
  struct richacl *result = richacl_alloc (count);
  int n = 0;

  if (!result)
    return NULL;
  if (acl)
    n = copy_entries (result, n, acl, want, 0);
  if (n >= 0 && inherited)
    n = copy_entries (result, n, inherited, NULL, RICHACE_INHERITED_ACE);
  if (n < 0)
    {
      richacl_free (result);
      return NULL;
    }
  return result;
}

/*
 * richacl_auto_inherit  -  propagate a directory's ACL change to one file
 * @acl:	the file's current ACL
 * @inherited:	what the file inherits now: richacl_inherit() of the
 *		directory's new ACL, or NULL when nothing is inheritable
 *
 * Files without auto_inherit, and protected files, keep their ACL: the
 * result is a copy of @acl.
 *
 * A defaulted ACL was never chosen by anyone, so it is replaced as a
 * whole: the result is @inherited, with flags auto_inherit and defaulted
 * and max masks.  With nothing to inherit any more, no entries are left
 * (the owner can still change the ACL).
 *
 * Otherwise the entries set explicitly stay, in their order, and the
 * inherited entries are replaced by the ones inherited now, after them.
 * Entries taken from @inherited are marked inherited even when its
 * directory no longer has auto_inherit, as they still came from there.
 * @acl's flags stay.  A masked ACL keeps its masks: they stand for a
 * chmod or explicitly set masks that propagation must not undo.  An
 * unmasked ACL gets max masks that fit the new entries.
 *
 * Returns the new ACL, or NULL with errno ENOMEM.
 */
RICHACL_EXPORT struct richacl *
richacl_auto_inherit (const struct richacl *acl,
		      const struct richacl *inherited)
{
  struct richacl *result;

  if (!(acl->a_flags & RICHACL_AUTO_INHERIT)
      || (acl->a_flags & RICHACL_PROTECTED))
    return richacl_clone (acl);

  if (acl->a_flags & RICHACL_DEFAULTED)
    {
      result = explicit_and_inherited (NULL, NULL, inherited);
      if (!result)
	return NULL;
      result->a_flags = RICHACL_AUTO_INHERIT | RICHACL_DEFAULTED;
      richacl_compute_max_masks (result);
      return result;
    }

  result = explicit_and_inherited (acl, richace_is_explicit, inherited);
  if (!result)
    return NULL;
  result->a_flags = acl->a_flags;
  if (acl->a_flags & RICHACL_MASKED)
    {
      result->a_owner_mask = acl->a_owner_mask;
      result->a_group_mask = acl->a_group_mask;
      result->a_other_mask = acl->a_other_mask;
    }
  else
    richacl_compute_max_masks (result);
  return result;
}
