/*
 * richacl_mode.c - between file permission bits and ACLs.
 *
 * A mode triple (rwx) maps to a set of richacl permissions (seed 004).  The
 * file masks play the role of the file permission bits: chmod sets them
 * from the mode (seed 008), setting an ACL sets the mode from them.  An ACL
 * that grants exactly what some mode grants is "equivalent" to that mode
 * and need not be stored at all.
 */
#include "richacl_internal.h"

#include <errno.h>
#include <stddef.h>

#define RWX_BITS (S_IRWXU | S_IRWXG | S_IRWXO)

/*
 * The permissions that have no meaning for the file type in @mode: a
 * non-directory has no children to delete.
 */
static unsigned int
meaningless_bits (mode_t mode)
{
  return S_ISDIR (mode) ? 0 : RICHACE_DELETE_CHILD;
}

/* The rwx triple in the low three bits that covers @mask. */
static int
richacl_mask_to_mode (unsigned int mask)
{
  int mode = 0;

  if (mask & RICHACE_POSIX_MODE_READ)
    mode |= S_IROTH;
  if (mask & RICHACE_POSIX_MODE_WRITE)
    mode |= S_IWOTH;
  if (mask & RICHACE_POSIX_MODE_EXEC)
    mode |= S_IXOTH;
  return mode;
}

/*
 * richacl_masks_to_mode  -  file permission bits from the file masks
 *
 * A triple gets a permission when its mask holds any of the richacl
 * permissions that the POSIX permission stands for (append_data alone
 * gives w): the mode shows the maximum that each class may get.
 */
RICHACL_EXPORT int
richacl_masks_to_mode (const struct richacl *acl)
{
  return richacl_mask_to_mode (acl->a_owner_mask) << 6
	 | richacl_mask_to_mode (acl->a_group_mask) << 3
	 | richacl_mask_to_mode (acl->a_other_mask);
}

/*
 * richacl_mode_to_mask  -  the richacl permissions of the low rwx triple
 *
 * Write maps to every permission that modifies the file or directory
 * contents, including delete_child; callers that deal with
 * non-directories remove delete_child themselves.
 */
RICHACL_EXPORT unsigned int
richacl_mode_to_mask (mode_t mode)
{
  unsigned int mask = 0;

  if (mode & S_IROTH)
    mask |= RICHACE_POSIX_MODE_READ;
  if (mode & S_IWOTH)
    mask |= RICHACE_POSIX_MODE_WRITE;
  if (mode & S_IXOTH)
    mask |= RICHACE_POSIX_MODE_EXEC;
  return mask;
}

/*
 * richacl_chmod  -  limit what @acl grants to the permission bits of @mode
 * @mode:	the new mode, including the file type
 *
 * The masks become exactly what the new mode allows, and with
 * write_through they also grant that much to the owner and others
 * (seed 008).  A chmod is an explicit choice of permissions, so automatic
 * inheritance must no longer replace them: protect the ACL (seed 010).
 */
RICHACL_EXPORT void
richacl_chmod (struct richacl *acl, mode_t mode)
{
  unsigned int x = meaningless_bits (mode);

  acl->a_owner_mask = richacl_mode_to_mask (mode >> 6) & ~x;
  acl->a_group_mask = richacl_mode_to_mask (mode >> 3) & ~x;
  acl->a_other_mask = richacl_mode_to_mask (mode) & ~x;
  acl->a_flags |= RICHACL_MASKED | RICHACL_WRITE_THROUGH;
  if (acl->a_flags & RICHACL_AUTO_INHERIT)
    acl->a_flags |= RICHACL_PROTECTED;
}

static void
set_special_entry (struct richace *ace, unsigned short type, id_t who,
		   unsigned int mask)
{
  ace->e_type = type;
  ace->e_flags = RICHACE_SPECIAL_WHO;
  ace->e_mask = mask;
  ace->e_id = who;
}

/*
 * richacl_from_mode  -  the ACL that grants what @mode grants
 * @mode:	permission bits and file type
 *
 * The entries are evaluated in order, so each class is stopped from
 * picking up bits of the classes below it with a deny entry, and an allow
 * entry is only written when the entries below it would not already grant
 * the same (SPEC section 3).  The result needs no masks to be right; they
 * are set to the mode's masks so that richacl_masks_to_mode() gives the
 * mode back.
 */
RICHACL_EXPORT struct richacl *
richacl_from_mode (mode_t mode)
{
  unsigned int x = meaningless_bits (mode);
  unsigned int owner = richacl_mode_to_mask (mode >> 6) & ~x;
  unsigned int group = richacl_mode_to_mask (mode >> 3) & ~x;
  unsigned int other = richacl_mode_to_mask (mode) & ~x;
  struct richacl *acl = richacl_alloc (5);
  struct richace *ace;

  if (!acl)
    return NULL;
  ace = acl->a_entries;

  /* The owner matches group@ and everyone@ entries below as well. */
  if ((group | other) & ~owner)
    set_special_entry (ace++, RICHACE_ACCESS_DENIED_ACE_TYPE,
		       RICHACE_OWNER_SPECIAL_ID, (group | other) & ~owner);
  /* The owner may be outside the owning group: only everyone@ is sure. */
  if (owner & ~(group & other))
    set_special_entry (ace++, RICHACE_ACCESS_ALLOWED_ACE_TYPE,
		       RICHACE_OWNER_SPECIAL_ID, owner);
  if (other & ~group)
    set_special_entry (ace++, RICHACE_ACCESS_DENIED_ACE_TYPE,
		       RICHACE_GROUP_SPECIAL_ID, other & ~group);
  if (group & ~other)
    set_special_entry (ace++, RICHACE_ACCESS_ALLOWED_ACE_TYPE,
		       RICHACE_GROUP_SPECIAL_ID, group);
  if (other)
    set_special_entry (ace++, RICHACE_ACCESS_ALLOWED_ACE_TYPE,
		       RICHACE_EVERYONE_SPECIAL_ID, other);

  /* The unused entries own no strings: lowering the count drops them. */
  acl->a_count = ace - acl->a_entries;
  acl->a_owner_mask = owner;
  acl->a_group_mask = group;
  acl->a_other_mask = other;
  return acl;
}

/* Only owner@, group@ and everyone@ entries without inheritance flags. */
static int
has_only_plain_special_entries (const struct richacl *acl)
{
  const struct richace *ace;

  richacl_for_each_entry (ace, acl)
    {
      if (ace->e_flags != RICHACE_SPECIAL_WHO
	  || ace->e_id > RICHACE_EVERYONE_SPECIAL_ID
	  || ace->e_type > RICHACE_ACCESS_DENIED_ACE_TYPE)
	return 0;
    }
  return 1;
}

/*
 * The rwx triple whose permissions are exactly @granted, apart from the
 * bits in @ignored; -1 when there is none.
 */
static int
exact_triple (unsigned int granted, unsigned int ignored)
{
  int triple;

  for (triple = 0; triple <= 7; triple++)
    if ((richacl_mode_to_mask (triple) & ~ignored) == (granted & ~ignored))
      return triple;
  return -1;
}

/*
 * richacl_equiv_mode  -  is @acl the same as a file mode?
 * @mode_p:	in: the file type (and any other bits to keep);
 *		out: with the equivalent permission bits
 *
 * With only owner@, group@ and everyone@ entries, the only things about a
 * process that matter are whether it is the owner and whether it is in the
 * owning group: four kinds of process, which the access check is simply
 * asked about.  Each must get the permissions of exactly one rwx triple,
 * and the owner must get the same whether or not it is in the owning
 * group, since the mode cannot tell these apart.  Permissions that the
 * VFS grants without asking the ACL, and delete_child for non-directories,
 * make no difference.
 *
 * Returns 0 and updates *@mode_p when equivalent, -1 otherwise.
 */
RICHACL_EXPORT int
richacl_equiv_mode (const struct richacl *acl, mode_t *mode_p)
{
  /* Any ids will do, as long as owner, group and stranger differ. */
  const uid_t owner = 1, stranger = 2;
  const gid_t owning_group = 1, other_group = 2;
  unsigned int ignored = RICHACE_POSIX_ALWAYS_ALLOWED
			 | meaningless_bits (*mode_p);
  unsigned int owner_ignored = ignored | RICHACE_POSIX_OWNER_ALLOWED;
  unsigned int owner_in, owner_out, group, other;
  int u, g, o;

  if ((acl->a_flags & ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH))
      || !has_only_plain_special_entries (acl))
    return -1;

  owner_in = richacl_granted_mask (acl, owner, owning_group, owner,
				   &owning_group, 1);
  owner_out = richacl_granted_mask (acl, owner, owning_group, owner,
				    &other_group, 1);
  group = richacl_granted_mask (acl, owner, owning_group, stranger,
				&owning_group, 1);
  other = richacl_granted_mask (acl, owner, owning_group, stranger,
				&other_group, 1);

  /*
   * With masked and write_through, the owner mask is what the owner gets,
   * and rights beyond rwx in it (write_acl, write_owner, as in the SPEC 8
   * example) were given on purpose: storing only the mode would drop them.
   * Otherwise the owner's implicit rights make no difference.
   */
  if ((acl->a_flags & (RICHACL_MASKED | RICHACL_WRITE_THROUGH))
      == (RICHACL_MASKED | RICHACL_WRITE_THROUGH))
    owner_ignored = ignored;

  if ((owner_in ^ owner_out) & ~owner_ignored)
    return -1;
  u = exact_triple (owner_in, owner_ignored);
  g = exact_triple (group, ignored);
  o = exact_triple (other, ignored);
  if (u < 0 || g < 0 || o < 0)
    return -1;
  *mode_p = (*mode_p & ~RWX_BITS) | u << 6 | g << 3 | o;
  return 0;
}
