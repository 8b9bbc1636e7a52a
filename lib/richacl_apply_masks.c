/*
 * richacl_apply_masks.c - the unmasked view of a masked ACL (SPEC section 3).
 *
 * A masked ACL is read in two stages (richacl_access.c): the entries are
 * walked, and the result is limited by the mask of the process's file
 * class.  richacl_apply_masks() rewrites the entries so that the walk
 * alone grants every process what both stages granted, for a given owner.
 *
 * Three facts of the access check shape the algorithm:
 *
 *  - While walking, an allow entry of the group class (group@, a group, or
 *    a user other than the owner) only settles the bits in the group mask;
 *    the others fall through to later entries.  Step 1 makes that explicit
 *    by taking those bits out of the entries; from then on the ACL means
 *    "plain walk, then the class mask".
 *
 *  - A process is in the group class when it is in the owning group, or
 *    matches any group-class entry, even one whose mask is empty.  Such
 *    entries are therefore kept until the very end, when masks no longer
 *    apply and they can go.  The owning group is in the group class even
 *    when no group@ entry names it, so group@ is always treated as an
 *    identifier of the group class.
 *
 *  - The other class matches nothing but everyone@.  Once the everyone@
 *    entries are folded into a single trailing everyone@ allow entry
 *    (step 2), that entry alone decides what the other class gets, and the
 *    owner and the group class get what it gives them unless their own
 *    entries settle a bit first.  Steps 3 to 6 adjust that entry to the
 *    other class, and give the owner and each identifier of the group
 *    class explicit allow entries (for what they lose) and deny entries
 *    (for what they would gain) just before it.
 *
 * Inherit-only entries take no part in the access check and are never
 * touched.  An inheritable entry whose mask changes is split: an
 * inherit-only copy keeps the original for inheritance.
 *
 * What getrichacl shows should look like what was set, so an ACL whose
 * masks make no difference keeps its entries exactly, and the steps above
 * add an entry only where the access check needs one.
 */
#include "richacl_internal.h"

#include <errno.h>
#include <stdlib.h>

struct apply_state
{
  struct richacl *acl;		/* the working copy */
  uid_t owner;
  unsigned int owner_mask, group_mask, other_mask;
  int write_through;
  size_t tail;			/* index of the trailing everyone@ entry */
};

/* Entries that take part in the access check at all. */
static int
richace_is_effective (const struct richace *ace)
{
  return !richace_is_inherit_only (ace)
	 && !(ace->e_flags & RICHACE_UNMAPPED_WHO)
	 && (richace_is_allow (ace) || richace_is_deny (ace));
}

/* owner@, or a user entry naming the owner: both match only the owner. */
static int
richace_is_owner_class (const struct richace *ace, uid_t owner)
{
  return richace_is_owner (ace)
	 || (richace_is_unix_user (ace) && (uid_t) ace->e_id == owner);
}

/* Entries that put a process other than the owner in the group class. */
static int
richace_is_group_class (const struct richace *ace, uid_t owner)
{
  return richace_is_group (ace) || richace_is_unix_group (ace)
	 || (richace_is_unix_user (ace) && (uid_t) ace->e_id != owner);
}

/* Do @a and @b match the same processes?  owner@ is the owner's user. */
static int
same_who (const struct richace *a, const struct richace *b, uid_t owner)
{
  if (richace_is_owner_class (a, owner) && richace_is_owner_class (b, owner))
    return 1;
  return richace_is_same_identifier (a, b);
}

/* Does @ace match exactly one user?  Then store it in @uid. */
static int
single_user (const struct richace *ace, uid_t owner, uid_t *uid)
{
  if (richace_is_owner (ace))
    *uid = owner;
  else if (richace_is_unix_user (ace))
    *uid = ace->e_id;
  else
    return 0;
  return 1;
}

/*
 * Can one process match both @a and @b?  Always, except when they name two
 * different users: a process can be in any set of groups.
 */
static int
may_overlap (const struct richace *a, const struct richace *b, uid_t owner)
{
  uid_t ua, ub;

  if (single_user (a, owner, &ua) && single_user (b, owner, &ub))
    return ua == ub;
  return 1;
}

/*
 * The permissions the entries of @acl grant, masks ignored, to a process
 * that matches everyone@, the owner's entries if @is_owner, the entries
 * of @who if not NULL, and no other entry.
 */
static unsigned int
granted_to (const struct richacl *acl, uid_t owner, int is_owner,
	    const struct richace *who)
{
  const struct richace *ace;
  unsigned int allowed = 0, settled = 0;

  richacl_for_each_entry (ace, acl)
    {
      if (!richace_is_effective (ace))
	continue;
      if (!richace_is_everyone (ace)
	  && !(is_owner && richace_is_owner_class (ace, owner))
	  && !(who && same_who (ace, who, owner)))
	continue;
      if (richace_is_allow (ace))
	allowed |= ace->e_mask & ~settled;
      settled |= ace->e_mask;
    }
  return allowed;
}

/* Is @ace the first effective entry of its identifier in @acl? */
static int
first_of_its_who (const struct richacl *acl, const struct richace *ace,
		  uid_t owner)
{
  const struct richace *prev;

  for (prev = acl->a_entries; prev != ace; prev++)
    if (richace_is_effective (prev) && same_who (prev, ace, owner))
      return 0;
  return 1;
}

/*
 * The most and the least the entries of @acl grant the owner, over all the
 * groups the owner may be in.  Each bit is settled by the first entry that
 * names it, so a bit the owner can get in some set of groups can also be
 * got in no group or in a single group: trying those sets is enough.
 */
static unsigned int
owner_granted (const struct richacl *acl, uid_t owner, unsigned int *least)
{
  const struct richace *ace;
  unsigned int most;

  most = *least = granted_to (acl, owner, 1, NULL);
  richacl_for_each_entry (ace, acl)
    {
      if (richace_is_effective (ace)
	  && (richace_is_group (ace) || richace_is_unix_group (ace))
	  && first_of_its_who (acl, ace, owner))
	{
	  unsigned int granted = granted_to (acl, owner, 1, ace);

	  most |= granted;
	  *least &= granted;
	}
    }
  return most;
}

static const struct richace group_who = {
  .e_flags = RICHACE_SPECIAL_WHO, .e_id = RICHACE_GROUP_SPECIAL_ID
};

/*
 * The most the entries of @acl grant a process in the group class (that
 * is not the owner).  As for the owner, matching a single identifier of
 * the group class gives every bit that matching several could.  The
 * members of the owning group are in the group class with or without a
 * group@ entry.
 */
static unsigned int
group_class_granted (const struct richacl *acl, uid_t owner)
{
  const struct richace *ace;
  unsigned int most = granted_to (acl, owner, 0, &group_who);

  richacl_for_each_entry (ace, acl)
    {
      if (richace_is_effective (ace) && richace_is_group_class (ace, owner)
	  && first_of_its_who (acl, ace, owner))
	most |= granted_to (acl, owner, 0, ace);
    }
  return most;
}

/*
 * Do the masks of @acl take nothing away and, with write_through, add
 * nothing?  Then the entries mean the same without the masks.  This is
 * what keeps ACLs whose masks were computed from their entries (setrichacl
 * --set) as they are.
 *
 * One more way in which masks act is hidden in the group class check: the
 * access check does not let a group allow entry settle bits outside the
 * group mask, which an owner in that group could notice.  But a bit
 * outside the group mask that such an entry would settle as allowed for
 * the owner, it would also grant a process in just that group, and
 * group_class_granted() sees that.
 */
static int
masks_change_nothing (const struct richacl *acl, uid_t owner)
{
  int write_through = (acl->a_flags & RICHACL_WRITE_THROUGH) != 0;
  unsigned int everyone, most, least;

  everyone = granted_to (acl, owner, 0, NULL);
  if (write_through ? everyone != acl->a_other_mask
		    : (everyone & ~acl->a_other_mask) != 0)
    return 0;
  if (group_class_granted (acl, owner) & ~acl->a_group_mask)
    return 0;
  most = owner_granted (acl, owner, &least);
  if (write_through)
    return most == acl->a_owner_mask && least == acl->a_owner_mask;
  return !(most & ~acl->a_owner_mask);
}

/* Insert a copy of @ace at @index, keeping st->tail on its entry. */
static int
insert_at (struct apply_state *st, size_t index, const struct richace *ace)
{
  if (richacl_insert_entry (&st->acl, index, ace))
    return -1;
  if (index <= st->tail)
    st->tail++;
  return 0;
}

/* Insert a new @type entry for the identifier of @who at @index. */
static int
insert_new (struct apply_state *st, size_t index, const struct richace *who,
	    unsigned short type, unsigned int mask)
{
  struct richace ace = {
    .e_type = type,
    .e_flags = who->e_flags & (RICHACE_SPECIAL_WHO | RICHACE_IDENTIFIER_GROUP),
    .e_mask = mask,
  };

  ace.e_id = who->e_id;
  return insert_at (st, index, &ace);
}

/*
 * Take the entry at @index out of the access check: an inheritable entry
 * becomes inherit-only, any other is deleted.  Returns 1 when deleted.
 */
static int
remove_effective (struct apply_state *st, size_t index)
{
  struct richace *ace = &st->acl->a_entries[index];

  if (richace_is_inheritable (ace))
    {
      ace->e_flags |= RICHACE_INHERIT_ONLY_ACE;
      return 0;
    }
  richacl_delete_entry (st->acl, index);
  if (index < st->tail)
    st->tail--;
  return 1;
}

/*
 * Set the mask of the entry at *@index to @mask.  An inheritable entry is
 * split first: an inherit-only copy with the original mask and flags keeps
 * what children inherit, and the copy that takes effect becomes
 * non-inheritable.  *@index then points at that copy.
 */
static int
change_mask (struct apply_state *st, size_t *index, unsigned int mask)
{
  struct richace *ace = &st->acl->a_entries[*index];

  if (ace->e_mask == mask)
    return 0;
  if (richace_is_inheritable (ace))
    {
      if (insert_at (st, *index, ace))
	return -1;
      st->acl->a_entries[*index].e_flags |= RICHACE_INHERIT_ONLY_ACE;
      (*index)++;
      ace = &st->acl->a_entries[*index];
      ace->e_flags &= ~RICHACE_INHERITANCE_FLAGS | RICHACE_INHERITED_ACE;
    }
  ace->e_mask = mask;
  return 0;
}

/* Is no effective entry after @index? */
static int
is_last_effective (const struct richacl *acl, size_t index)
{
  size_t n;

  for (n = index + 1; n < acl->a_count; n++)
    if (richace_is_effective (&acl->a_entries[n]))
      return 0;
  return 1;
}

/*
 * Step 1: apply the class masks to the allow entries.  For the group
 * class this is what the access check does already.  The owner's entries
 * may lose the bits outside the owner mask, which the owner is denied in
 * the end anyway (step 6 makes sure nothing later grants them); with
 * write_through the owner is settled by step 6 alone.
 */
static int
limit_to_class_masks (struct apply_state *st)
{
  size_t n = 0;

  while (n < st->acl->a_count)
    {
      struct richace *ace = &st->acl->a_entries[n];
      unsigned int mask = ace->e_mask;

      if (!richace_is_effective (ace))
	;
      else if (st->write_through && richace_is_owner_class (ace, st->owner))
	{
	  if (remove_effective (st, n))
	    continue;	/* the next entry is now at @n */
	}
      else if (richace_is_allow (ace))
	{
	  if (richace_is_owner_class (ace, st->owner))
	    mask &= st->owner_mask;
	  else if (richace_is_group_class (ace, st->owner))
	    mask &= st->group_mask;
	  if (change_mask (st, &n, mask))
	    return -1;
	}
      n++;
    }
  return 0;
}

/*
 * Step 2: fold the everyone@ entries into one trailing everyone@ allow
 * entry, and return its mask.  A bit named by an everyone@ entry is
 * settled there for every process that has not settled it before; the
 * entries after it must no longer name it the other way, and the final
 * entry allows it again if it was allowed.  Entries that lose their whole
 * mask stay (empty) so that the file class of the processes they match
 * does not change.
 */
static int
move_everyone_down (struct apply_state *st, unsigned int *everyone_allowed)
{
  unsigned int allowed = 0, denied = 0;
  struct richace everyone = {
    .e_flags = RICHACE_SPECIAL_WHO, .e_id = RICHACE_EVERYONE_SPECIAL_ID
  };
  size_t n = 0;

  while (n < st->acl->a_count)
    {
      struct richace *ace = &st->acl->a_entries[n];
      unsigned int mask;

      if (!richace_is_effective (ace))
	{
	  n++;
	  continue;
	}
      if (richace_is_everyone (ace))
	{
	  if (richace_is_allow (ace))
	    allowed |= ace->e_mask & ~denied;
	  else
	    denied |= ace->e_mask & ~allowed;
	  if (richace_is_allow (ace) && is_last_effective (st->acl, n))
	    {
	      /* Already where it belongs. */
	      if (change_mask (st, &n, allowed))
		return -1;
	      st->tail = n;
	      *everyone_allowed = allowed;
	      return 0;
	    }
	  if (!remove_effective (st, n))
	    n++;
	  continue;
	}
      if (richace_is_allow (ace))
	mask = ace->e_mask & ~denied;
      else
	mask = ace->e_mask & ~allowed;
      if (change_mask (st, &n, mask))
	return -1;
      n++;
    }
  /* Append one, even if empty: it marks where the tail entries go. */
  *everyone_allowed = allowed;
  if (insert_new (st, st->acl->a_count, &everyone,
		  RICHACE_ACCESS_ALLOWED_ACE_TYPE, allowed))
    return -1;
  st->tail = st->acl->a_count - 1;
  return 0;
}

/* The union of the masks of the effective entries of @who. */
static unsigned int
named_by (const struct apply_state *st, const struct richace *who)
{
  const struct richace *ace;
  unsigned int named = 0;

  richacl_for_each_entry (ace, st->acl)
    if (richace_is_effective (ace) && same_who (ace, who, st->owner))
      named |= ace->e_mask;
  return named;
}

/*
 * Give @who an entry of @type for @bits just before the trailing everyone@
 * entry.  Rather than adding an entry, extend the last entry of @who and
 * @type when no entry between it and the end could settle @bits the other
 * way for a process that @who matches.  For the same reason a new allow
 * entry for the owner can go first, where readers look for it, when
 * nothing at all could settle @bits the other way for the owner.
 */
static int
add_before_tail (struct apply_state *st, const struct richace *who,
		 unsigned short type, unsigned int bits)
{
  size_t n;

  for (n = st->tail; n-- > 0;)
    {
      struct richace *ace = &st->acl->a_entries[n];

      if (!richace_is_effective (ace))
	continue;
      if (ace->e_type == type && same_who (ace, who, st->owner))
	return change_mask (st, &n, ace->e_mask | bits);
      if (ace->e_type != type && (ace->e_mask & bits)
	  && may_overlap (ace, who, st->owner))
	return insert_new (st, st->tail, who, type, bits);
    }
  if (type == RICHACE_ACCESS_ALLOWED_ACE_TYPE
      && richace_is_owner_class (who, st->owner))
    return insert_new (st, 0, who, type, bits);
  return insert_new (st, st->tail, who, type, bits);
}

/*
 * The distinct identifiers of the group class: group@, then the others in
 * order of appearance.  Returns a malloc'd array, or NULL.
 */
static struct richace *
group_class_whos (const struct apply_state *st, size_t *n)
{
  struct richace *whos = malloc ((st->acl->a_count + 1) * sizeof *whos);
  const struct richace *ace;

  *n = 0;
  if (!whos)
    return NULL;
  whos[(*n)++] = group_who;
  richacl_for_each_entry (ace, st->acl)
    {
      if (richace_is_effective (ace) && !richace_is_group (ace)
	  && richace_is_group_class (ace, st->owner)
	  && first_of_its_who (st->acl, ace, st->owner))
	whos[(*n)++] = *ace;
    }
  return whos;
}

/*
 * Give every identifier of the group class an entry of @type for the bits
 * of @bits that its own entries leave unsettled.  A process of the group
 * class matches at least one of them, and whatever it matches settles
 * those bits before the trailing everyone@ entry.
 */
static int
add_for_group_class (struct apply_state *st, unsigned short type,
		     unsigned int bits)
{
  struct richace *whos;
  size_t n, count;
  int ret = 0;

  if (!bits)
    return 0;
  whos = group_class_whos (st, &count);
  if (!whos)
    return -1;
  for (n = 0; n < count && !ret; n++)
    {
      unsigned int unsettled = bits & ~named_by (st, &whos[n]);

      if (unsettled)
	ret = add_before_tail (st, &whos[n], type, unsettled);
    }
  free (whos);
  return ret;
}

/*
 * Steps 3 to 5.  When the trailing everyone@ entry changes from what it
 * gives (@allowed) to what the other class gets (@other), the owner must
 * keep what it gave within the owner mask, and the group class must get
 * exactly what it gave within the group mask.  The owner needs an entry
 * only for bits the new trailing entry does not give, or that the deny
 * entries for the group class (which may match the owner) take away.
 * All entries added here go before the trailing everyone@ entry (or are
 * merged into earlier ones where that means the same), the deny entries
 * last, so that the owner's allow entries come before deny entries for
 * groups the owner may be in.
 */
static int
adjust_tail (struct apply_state *st, unsigned int allowed, unsigned int other)
{
  struct richace owner = {
    .e_flags = RICHACE_SPECIAL_WHO, .e_id = RICHACE_OWNER_SPECIAL_ID
  };
  unsigned int owner_keeps = allowed & st->owner_mask
			     & ~(other & st->group_mask);
  unsigned int group_gets = allowed & st->group_mask;
  size_t n;

  if (!st->write_through)
    {
      owner_keeps &= ~named_by (st, &owner);
      if (owner_keeps && add_before_tail (st, &owner,
					  RICHACE_ACCESS_ALLOWED_ACE_TYPE,
					  owner_keeps))
	return -1;
    }
  if (add_for_group_class (st, RICHACE_ACCESS_ALLOWED_ACE_TYPE,
			   group_gets & ~other)
      || add_for_group_class (st, RICHACE_ACCESS_DENIED_ACE_TYPE,
			      other & ~group_gets))
    return -1;
  n = st->tail;
  return change_mask (st, &n, other);
}

/*
 * Step 6: settle the owner.  With write_through the owner gets exactly the
 * owner mask; otherwise the entries already give the owner the right bits
 * within the owner mask.  Either way the owner must be denied whatever
 * else the entries could grant it, in whatever groups it is; a leading
 * owner@ deny entry does that.
 */
static int
isolate_owner (struct apply_state *st)
{
  struct richace owner = {
    .e_flags = RICHACE_SPECIAL_WHO, .e_id = RICHACE_OWNER_SPECIAL_ID
  };
  unsigned int least, deny;
  size_t n, at = 0;

  if (st->write_through && st->owner_mask)
    {
      if (insert_new (st, 0, &owner, RICHACE_ACCESS_ALLOWED_ACE_TYPE,
		      st->owner_mask))
	return -1;
      at = 1;
    }
  deny = owner_granted (st->acl, st->owner, &least) & ~st->owner_mask;
  if (!deny)
    return 0;
  for (n = at; n < st->acl->a_count; n++)
    {
      struct richace *ace = &st->acl->a_entries[n];

      if (!richace_is_effective (ace))
	continue;
      if (richace_is_deny (ace) && richace_is_owner_class (ace, st->owner))
	return change_mask (st, &n, ace->e_mask | deny);
      if (richace_is_allow (ace) && (ace->e_mask & deny)
	  && may_overlap (ace, &owner, st->owner))
	break;
    }
  return insert_new (st, at, &owner, RICHACE_ACCESS_DENIED_ACE_TYPE, deny);
}

/*
 * Now that masks no longer apply, tidy up: deny bits that no later allow
 * entry could grant the same process deny nothing, and empty entries
 * settle nothing.  Inheritable entries are left alone.
 */
static void
drop_dead_bits (struct apply_state *st)
{
  size_t n = st->acl->a_count;

  while (n-- > 0)
    {
      struct richace *ace = &st->acl->a_entries[n];
      const struct richace *later;
      unsigned int grantable = 0;

      if (!richace_is_effective (ace) || richace_is_inheritable (ace))
	continue;
      if (richace_is_deny (ace))
	{
	  for (later = ace + 1;
	       later != st->acl->a_entries + st->acl->a_count; later++)
	    {
	      if (richace_is_effective (later) && richace_is_allow (later)
		  && may_overlap (ace, later, st->owner))
		grantable |= later->e_mask;
	    }
	  ace->e_mask &= grantable;
	}
      if (!ace->e_mask)
	richacl_delete_entry (st->acl, n);
    }
}

/*
 * richacl_apply_masks  -  apply the file masks to the entries
 * @aclp:	the ACL; replaced by the result
 * @owner:	the owner of the file
 *
 * Turns a masked ACL into an unmasked one that grants every process the
 * same as before, whatever the owning group is: the masked and
 * write_through flags are cleared, the other flags and the (now unused)
 * masks stay.  An unmasked ACL is left as it is.  Returns 0, or -1 with
 * errno ENOMEM, leaving *@aclp unchanged.
 */
RICHACL_EXPORT int
richacl_apply_masks (struct richacl **aclp, uid_t owner)
{
  struct apply_state st;
  unsigned int allowed, other;

  if (!((*aclp)->a_flags & RICHACL_MASKED))
    return 0;
  if (masks_change_nothing (*aclp, owner))
    {
      (*aclp)->a_flags &= ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH);
      return 0;
    }

  st.acl = richacl_clone (*aclp);
  if (!st.acl)
    return -1;
  st.owner = owner;
  st.owner_mask = st.acl->a_owner_mask;
  st.group_mask = st.acl->a_group_mask;
  st.other_mask = st.acl->a_other_mask;
  st.write_through = (st.acl->a_flags & RICHACL_WRITE_THROUGH) != 0;
  st.tail = st.acl->a_count;

  if (limit_to_class_masks (&st) || move_everyone_down (&st, &allowed))
    goto fail;
  other = st.write_through ? st.other_mask : allowed & st.other_mask;
  if (adjust_tail (&st, allowed, other) || isolate_owner (&st))
    goto fail;
  drop_dead_bits (&st);

  st.acl->a_flags &= ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH);
  richacl_free (*aclp);
  *aclp = st.acl;
  return 0;

fail:
  richacl_free (st.acl);
  errno = ENOMEM;
  return -1;
}
