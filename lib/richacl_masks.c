/*
 * richacl_masks.c - the smallest file masks that deny nothing (seed 005).
 *
 * The functions below walk the ACL in reverse.  The access check walks it
 * forward and lets the first entry that names a permission settle it; going
 * backwards, a later entry can simply be overridden by an earlier one (an
 * allow adds the bits, a deny removes them), which computes the same
 * result without tracking which bits are settled already.
 */
#include "richacl_internal.h"

/*
 * The permissions an entry @who (and any process it matches) is allowed
 * by the entries for the same identifier and by everyone@, in the order
 * they appear.
 */
static unsigned int
richacl_allowed_to_who (const struct richacl *acl, const struct richace *who)
{
  const struct richace *ace;
  unsigned int allowed = 0;

  richacl_for_each_entry_reverse (ace, acl)
    {
      if (richace_is_inherit_only (ace))
	continue;
      if (!richace_is_same_identifier (ace, who) && !richace_is_everyone (ace))
	continue;
      if (richace_is_allow (ace))
	allowed |= ace->e_mask;
      else if (richace_is_deny (ace))
	allowed &= ~ace->e_mask;
    }
  return allowed;
}

/*
 * The most that any process in the group class (not the owner, but in the
 * owning group or named by a user or group entry) can be allowed,
 * everyone@ entries included.
 */
static unsigned int
richacl_group_class_allowed (const struct richacl *acl)
{
  const struct richace *ace;
  unsigned int everyone_allowed = 0, group_class_allowed = 0;
  int had_group_ace = 0;

  richacl_for_each_entry_reverse (ace, acl)
    {
      if (richace_is_inherit_only (ace) || richace_is_owner (ace))
	continue;
      if (richace_is_everyone (ace))
	{
	  if (richace_is_allow (ace))
	    everyone_allowed |= ace->e_mask;
	  else if (richace_is_deny (ace))
	    everyone_allowed &= ~ace->e_mask;
	}
      else
	{
	  group_class_allowed |= richacl_allowed_to_who (acl, ace);
	  if (richace_is_group (ace))
	    had_group_ace = 1;
	}
    }
  /*
   * Members of the owning group are in the group class even without a
   * group@ entry; what everyone@ allows them is everyone_allowed, which
   * is what richacl_allowed_to_who() would compute for them.
   */
  if (!had_group_ace)
    group_class_allowed |= everyone_allowed;
  return group_class_allowed;
}

/*
 * richacl_compute_max_masks  -  upper-bound file masks for @acl
 *
 * Computes owner, group and other masks with as few permissions as
 * possible that still deny nothing the entries allow.  The owner can
 * change without changing the masks or the mode, so every entry is
 * assumed to possibly match the owner.
 *
 * The masks are only an upper bound and do not limit anything any more:
 * the masked and write_through flags are cleared.
 */
RICHACL_EXPORT void
richacl_compute_max_masks (struct richacl *acl)
{
  /*
   * @gmask holds the permissions the group class can ever be allowed.
   * It keeps everyone@ allow entries from adding to the group mask what
   * the group class is always denied by earlier entries; otherwise
   *
   *	group@:w::deny
   *	everyone@:rw::allow
   *
   * would get a group mask of rw.  It is only worth computing once a
   * group-class deny entry turns up: without one, the group class is
   * never denied anything that everyone@ allows.  Starting over with the
   * real @gmask then recomputes the masks seen so far.
   */
  unsigned int gmask = ~0U;
  const struct richace *ace;

restart:
  acl->a_owner_mask = 0;
  acl->a_group_mask = 0;
  acl->a_other_mask = 0;

  richacl_for_each_entry_reverse (ace, acl)
    {
      if (richace_is_inherit_only (ace))
	continue;

      if (richace_is_owner (ace))
	{
	  if (richace_is_allow (ace))
	    acl->a_owner_mask |= ace->e_mask;
	  else if (richace_is_deny (ace))
	    acl->a_owner_mask &= ~ace->e_mask;
	}
      else if (richace_is_everyone (ace))
	{
	  if (richace_is_allow (ace))
	    {
	      acl->a_owner_mask |= ace->e_mask;
	      acl->a_group_mask |= ace->e_mask & gmask;
	      acl->a_other_mask |= ace->e_mask;
	    }
	  else if (richace_is_deny (ace))
	    {
	      acl->a_owner_mask &= ~ace->e_mask;
	      acl->a_group_mask &= ~ace->e_mask;
	      acl->a_other_mask &= ~ace->e_mask;
	    }
	}
      else
	{
	  /*
	   * A group-class deny only denies someone in particular, never
	   * the whole class, so it takes nothing from the masks directly.
	   */
	  if (richace_is_allow (ace))
	    {
	      acl->a_owner_mask |= ace->e_mask & gmask;
	      acl->a_group_mask |= ace->e_mask & gmask;
	    }
	  else if (richace_is_deny (ace) && gmask == ~0U)
	    {
	      gmask = richacl_group_class_allowed (acl);
	      /* Only an ACL allowing every bit keeps gmask at ~0. */
	      if (gmask != ~0U)
		goto restart;
	    }
	}
    }

  acl->a_flags &= ~(RICHACL_WRITE_THROUGH | RICHACL_MASKED);
}
