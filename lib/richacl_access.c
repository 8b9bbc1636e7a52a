/*
 * richacl_access.c - the access check (SPEC section 2, kernel patch 07/21).
 *
 * Entries are walked in order.  Each requested bit is settled by the first
 * matching entry that names it: denied by a deny entry, granted by an allow
 * entry.  Along the way the walk finds the file class of the process, which
 * decides the file mask that limits the result when the ACL is masked.
 */
#include "richacl_internal.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A process, as far as the access check is concerned. */
struct richacl_principal
{
  uid_t owner;
  gid_t owning_group;
  uid_t uid;
  const gid_t *groups;
  int n_groups;
};

static int
in_group (const struct richacl_principal *who, gid_t gid)
{
  int n;

  for (n = 0; n < who->n_groups; n++)
    if (who->groups[n] == gid)
      return 1;
  return 0;
}

/* The bits of @requested that @acl denies to @who. */
static unsigned int
richacl_denied (const struct richacl *acl, const struct richacl_principal *who,
		unsigned int requested)
{
  const struct richace *ace;
  unsigned int mask = requested, denied = 0;
  int is_owner = who->uid == who->owner;
  int in_owning_group = in_group (who, who->owning_group);
  int in_owner_or_group_class = in_owning_group;

  if (acl->a_flags & RICHACL_MASKED)
    {
      /* With write_through, the owner gets exactly the owner mask. */
      if ((acl->a_flags & RICHACL_WRITE_THROUGH) && is_owner)
	return requested & ~acl->a_owner_mask;
    }
  else
    {
      /*
       * Without masks the file class does not matter, so the walk can
       * stop as soon as every requested bit is settled.
       */
      in_owner_or_group_class = 1;
    }

  richacl_for_each_entry (ace, acl)
    {
      unsigned int ace_mask = ace->e_mask;

      if (richace_is_inherit_only (ace))
	continue;
      if (richace_is_owner (ace))
	{
	  if (!is_owner)
	    continue;
	  goto entry_matches_owner;
	}
      else if (richace_is_group (ace))
	{
	  if (!in_owning_group)
	    continue;
	}
      else if (richace_is_unix_user (ace))
	{
	  if ((uid_t) ace->e_id != who->uid)
	    continue;
	  if (is_owner)
	    goto entry_matches_owner;
	}
      else if (richace_is_unix_group (ace))
	{
	  if (!in_group (who, (gid_t) ace->e_id))
	    continue;
	}
      else if (richace_is_everyone (ace))
	goto entry_matches_everyone;
      else
	continue;	/* an unmapped who matches no local process */

      /*
       * Group-class entries grant at most the group mask, so that the
       * masked ACL grants what richacl_apply_masks() would: otherwise
       * "owner:rw::mask group@:rw::allow" would give rw to an owner in
       * the owning group but not to the other members of that group.
       */
      if ((acl->a_flags & RICHACL_MASKED) && richace_is_allow (ace))
	ace_mask &= acl->a_group_mask;

entry_matches_owner:
      in_owner_or_group_class = 1;

entry_matches_everyone:
      if (richace_is_deny (ace))
	denied |= ace_mask & mask;
      mask &= ~ace_mask;

      /* Keep going until the file class is known as well. */
      if (!mask && in_owner_or_group_class)
	break;
    }
  denied |= mask;

  if (acl->a_flags & RICHACL_MASKED)
    {
      if (is_owner)
	denied |= requested & ~acl->a_owner_mask;
      else if (in_owner_or_group_class)
	denied |= requested & ~acl->a_group_mask;
      else if (acl->a_flags & RICHACL_WRITE_THROUGH)
	denied = requested & ~acl->a_other_mask;
      else
	denied |= requested & ~acl->a_other_mask;
    }
  return denied;
}

RICHACL_EXPORT int
richacl_permission (const struct richacl *acl, uid_t owner,
		    gid_t owning_group, uid_t uid, const gid_t *groups,
		    int n_groups, unsigned int mask)
{
  struct richacl_principal who = {
    owner, owning_group, uid, groups, n_groups < 0 ? 0 : n_groups
  };

  if (richacl_denied (acl, &who, mask))
    {
      errno = EACCES;
      return -1;
    }
  return 0;
}

RICHACL_EXPORT unsigned int
richacl_granted_mask (const struct richacl *acl, uid_t owner,
		      gid_t owning_group, uid_t uid, const gid_t *groups,
		      int n_groups)
{
  struct richacl_principal who = {
    owner, owning_group, uid, groups, n_groups < 0 ? 0 : n_groups
  };

  /* Each bit is settled independently, so asking for all bits at once
     gives the same answer as asking for each bit alone. */
  return RICHACE_VALID_MASK & ~richacl_denied (acl, &who, RICHACE_VALID_MASK);
}

/*
 * The supplementary groups of @user from the group database, plus @gid.
 * Returns a malloc'd array and its size in @n, or NULL.
 */
static gid_t *
user_groups (uid_t user, gid_t gid, int *n)
{
  struct passwd *pw = getpwuid (user);
  int count = 16;
  gid_t *groups;

  if (!pw)
    {
      groups = malloc (sizeof *groups);
      if (groups)
	{
	  groups[0] = gid;
	  *n = 1;
	}
      return groups;
    }
  for (;;)
    {
      int got = count;

      groups = malloc (count * sizeof *groups);
      if (!groups)
	return NULL;
      if (getgrouplist (pw->pw_name, pw->pw_gid, groups, &got) >= 0)
	{
	  *n = got;
	  return groups;
	}
      free (groups);
      if (got <= count)
	count *= 2;
      else
	count = got;
    }
}

/*
 * richacl_access  -  the permissions @file grants @user
 * @st:		the file's status (owner, owning group, type, mode)
 * @groups:	the user's groups; when NULL, taken from the group database
 *
 * Reads the file's system.richacl (a file without one is treated as its
 * from_mode ACL) and returns the permissions granted after the file masks,
 * without delete_child for non-directories.  Returns -1 with errno set on
 * failure.
 */
RICHACL_EXPORT int
richacl_access (const char *file, const struct stat *st, uid_t user,
		const gid_t *groups, int n_groups)
{
  struct richacl *acl = richacl_get_file (file);
  gid_t *own_groups = NULL;
  unsigned int mask;

  if (!acl)
    {
      if (errno != ENODATA && errno != ENOTSUP)
	return -1;
      acl = richacl_from_mode (st->st_mode);
      if (!acl)
	return -1;
    }
  if (!groups)
    {
      struct passwd *pw = getpwuid (user);

      own_groups = user_groups (user, pw ? pw->pw_gid : (gid_t) -1,
				&n_groups);
      if (!own_groups)
	{
	  richacl_free (acl);
	  return -1;
	}
      groups = own_groups;
    }
  mask = richacl_granted_mask (acl, st->st_uid, st->st_gid, user, groups,
			       n_groups);
  if (!S_ISDIR (st->st_mode))
    mask &= ~RICHACE_DELETE_CHILD;
  free (own_groups);
  richacl_free (acl);
  return mask;
}
