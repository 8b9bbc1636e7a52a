/*
 * richacl.c - the in-memory ACL: allocation, entry helpers, compare, valid.
 *
 * An ACL is one allocation: the header followed by a_count entries, as in
 * the kernel (seed 003).  Entries that name an unmapped who (an NFSv4
 * string) own their e_who string, which is why clone and free look at
 * every entry.
 */
#include "richacl_internal.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

size_t
richacl_size (size_t count)
{
  if (count > (SIZE_MAX - sizeof (struct richacl)) / sizeof (struct richace))
    return 0;
  return sizeof (struct richacl) + count * sizeof (struct richace);
}

RICHACL_EXPORT struct richacl *
richacl_alloc (size_t count)
{
  size_t size = richacl_size (count);
  struct richacl *acl;

  /* a_count is an unsigned short: more entries cannot be represented. */
  if (count > 0xffff || !size)
    {
      errno = ENOMEM;
      return NULL;
    }
  acl = calloc (1, size);
  if (acl)
    acl->a_count = count;
  return acl;
}

static void
richace_free_who (struct richace *ace)
{
  if (ace->e_flags & RICHACE_UNMAPPED_WHO)
    {
      free (ace->e_who);
      ace->e_who = NULL;
      ace->e_flags &= ~RICHACE_UNMAPPED_WHO;
    }
}

RICHACL_EXPORT struct richacl *
richacl_clone (const struct richacl *acl)
{
  size_t size = richacl_size (acl->a_count);
  struct richacl *dup = malloc (size);
  struct richace *ace;

  if (!dup)
    return NULL;
  memcpy (dup, acl, size);
  richacl_for_each_entry (ace, dup)
    {
      if (ace->e_flags & RICHACE_UNMAPPED_WHO)
	{
	  char *who = strdup (ace->e_who);

	  if (!who)
	    {
	      /* Entries after this one still point at acl's strings. */
	      dup->a_count = ace - dup->a_entries;
	      richacl_free (dup);
	      return NULL;
	    }
	  ace->e_who = who;
	}
    }
  return dup;
}

RICHACL_EXPORT void
richacl_free (struct richacl *acl)
{
  struct richace *ace;
  int saved_errno = errno;

  if (!acl)
    return;
  richacl_for_each_entry (ace, acl)
    richace_free_who (ace);
  free (acl);
  errno = saved_errno;
}

int
richacl_resize (struct richacl **aclp, size_t count)
{
  struct richacl *acl = *aclp;
  size_t size = richacl_size (count);
  size_t old = acl->a_count;

  if (count > 0xffff || !size)
    {
      errno = ENOMEM;
      return -1;
    }
  if (count < old)
    {
      size_t n;

      for (n = count; n < old; n++)
	richace_free_who (&acl->a_entries[n]);
    }
  acl = realloc (acl, size);
  if (!acl)
    return -1;
  if (count > old)
    memset (acl->a_entries + old, 0, (count - old) * sizeof (struct richace));
  acl->a_count = count;
  *aclp = acl;
  return 0;
}

RICHACL_EXPORT int
richacl_insert_entry (struct richacl **aclp, unsigned int index,
		      const struct richace *ace)
{
  struct richace copy;
  struct richacl *acl;

  if (index > (*aclp)->a_count)
    {
      errno = ERANGE;
      return -1;
    }
  copy = *ace;
  if (copy.e_flags & RICHACE_UNMAPPED_WHO)
    {
      copy.e_who = strdup (ace->e_who);
      if (!copy.e_who)
	return -1;
    }
  if (richacl_resize (aclp, (*aclp)->a_count + 1))
    {
      if (copy.e_flags & RICHACE_UNMAPPED_WHO)
	free (copy.e_who);
      return -1;
    }
  acl = *aclp;
  memmove (acl->a_entries + index + 1, acl->a_entries + index,
	   (acl->a_count - 1 - index) * sizeof (struct richace));
  acl->a_entries[index] = copy;
  return 0;
}

RICHACL_EXPORT int
richacl_delete_entry (struct richacl *acl, unsigned int index)
{
  if (index >= acl->a_count)
    {
      errno = ERANGE;
      return -1;
    }
  richace_free_who (&acl->a_entries[index]);
  memmove (acl->a_entries + index, acl->a_entries + index + 1,
	   (acl->a_count - 1 - index) * sizeof (struct richace));
  acl->a_count--;
  return 0;
}

RICHACL_EXPORT int
richace_is_owner (const struct richace *ace)
{
  return (ace->e_flags & RICHACE_SPECIAL_WHO)
	 && ace->e_id == RICHACE_OWNER_SPECIAL_ID;
}

RICHACL_EXPORT int
richace_is_group (const struct richace *ace)
{
  return (ace->e_flags & RICHACE_SPECIAL_WHO)
	 && ace->e_id == RICHACE_GROUP_SPECIAL_ID;
}

RICHACL_EXPORT int
richace_is_everyone (const struct richace *ace)
{
  return (ace->e_flags & RICHACE_SPECIAL_WHO)
	 && ace->e_id == RICHACE_EVERYONE_SPECIAL_ID;
}

RICHACL_EXPORT int
richace_is_unix_user (const struct richace *ace)
{
  return !(ace->e_flags & (RICHACE_SPECIAL_WHO | RICHACE_UNMAPPED_WHO
			   | RICHACE_IDENTIFIER_GROUP));
}

RICHACL_EXPORT int
richace_is_unix_group (const struct richace *ace)
{
  return !(ace->e_flags & (RICHACE_SPECIAL_WHO | RICHACE_UNMAPPED_WHO))
	 && (ace->e_flags & RICHACE_IDENTIFIER_GROUP);
}

RICHACL_EXPORT int
richace_is_same_identifier (const struct richace *a, const struct richace *b)
{
  const unsigned short kind = RICHACE_SPECIAL_WHO | RICHACE_UNMAPPED_WHO
			      | RICHACE_IDENTIFIER_GROUP;

  if ((a->e_flags ^ b->e_flags) & kind)
    return 0;
  if (a->e_flags & RICHACE_UNMAPPED_WHO)
    return strcmp (a->e_who, b->e_who) == 0;
  return a->e_id == b->e_id;
}

RICHACL_EXPORT int
richace_is_allow (const struct richace *ace)
{
  return ace->e_type == RICHACE_ACCESS_ALLOWED_ACE_TYPE;
}

RICHACL_EXPORT int
richace_is_deny (const struct richace *ace)
{
  return ace->e_type == RICHACE_ACCESS_DENIED_ACE_TYPE;
}

RICHACL_EXPORT int
richace_is_inherit_only (const struct richace *ace)
{
  return (ace->e_flags & RICHACE_INHERIT_ONLY_ACE) != 0;
}

RICHACL_EXPORT int
richace_is_inheritable (const struct richace *ace)
{
  return (ace->e_flags & (RICHACE_FILE_INHERIT_ACE
			  | RICHACE_DIRECTORY_INHERIT_ACE)) != 0;
}

RICHACL_EXPORT int
richace_is_inherited (const struct richace *ace)
{
  return (ace->e_flags & RICHACE_INHERITED_ACE) != 0;
}

RICHACL_EXPORT void
richace_copy (struct richace *to, const struct richace *from)
{
  memcpy (to, from, sizeof (struct richace));
}

/* Forget the old identifier, including an owned e_who string. */
static void
richace_clear_who (struct richace *ace)
{
  richace_free_who (ace);
  ace->e_flags &= ~(RICHACE_SPECIAL_WHO | RICHACE_IDENTIFIER_GROUP);
}

RICHACL_EXPORT int
richace_set_uid (struct richace *ace, uid_t uid)
{
  richace_clear_who (ace);
  ace->e_id = uid;
  return 0;
}

RICHACL_EXPORT int
richace_set_gid (struct richace *ace, gid_t gid)
{
  richace_clear_who (ace);
  ace->e_flags |= RICHACE_IDENTIFIER_GROUP;
  ace->e_id = gid;
  return 0;
}

RICHACL_EXPORT int
richace_set_special_who (struct richace *ace, const char *who)
{
  id_t id;

  if (!strcmp (who, "OWNER@"))
    id = RICHACE_OWNER_SPECIAL_ID;
  else if (!strcmp (who, "GROUP@"))
    id = RICHACE_GROUP_SPECIAL_ID;
  else if (!strcmp (who, "EVERYONE@"))
    id = RICHACE_EVERYONE_SPECIAL_ID;
  else
    {
      errno = EINVAL;
      return -1;
    }
  richace_clear_who (ace);
  ace->e_flags |= RICHACE_SPECIAL_WHO;
  ace->e_id = id;
  return 0;
}

/*
 * richacl_compare  -  0 when both ACLs are the same, 1 otherwise.
 *
 * Same means the same flags, masks and entries in the same order.
 */
RICHACL_EXPORT int
richacl_compare (const struct richacl *a, const struct richacl *b)
{
  size_t n;

  if (a->a_flags != b->a_flags
      || a->a_owner_mask != b->a_owner_mask
      || a->a_group_mask != b->a_group_mask
      || a->a_other_mask != b->a_other_mask
      || a->a_count != b->a_count)
    return 1;
  for (n = 0; n < a->a_count; n++)
    {
      const struct richace *x = &a->a_entries[n], *y = &b->a_entries[n];

      if (x->e_type != y->e_type || x->e_flags != y->e_flags
	  || x->e_mask != y->e_mask || !richace_is_same_identifier (x, y))
	return 1;
    }
  return 0;
}

/*
 * richacl_valid  -  can @acl be stored?
 *
 * The rules are those of the kernel's xattr decoder (seed 011): known ACL
 * flags, known entry flags, allow or deny, special ids 0..2, and no mask
 * bits outside RICHACE_VALID_MASK.  An unmapped who cannot be stored.
 * Returns 0, or -1 with errno EINVAL.
 */
RICHACL_EXPORT int
richacl_valid (struct richacl *acl)
{
  const struct richace *ace;

  if ((acl->a_flags & ~RICHACL_VALID_FLAGS)
      || (acl->a_owner_mask & ~RICHACE_VALID_MASK)
      || (acl->a_group_mask & ~RICHACE_VALID_MASK)
      || (acl->a_other_mask & ~RICHACE_VALID_MASK)
      || acl->a_count > RICHACL_XATTR_MAX_COUNT)
    goto invalid;
  richacl_for_each_entry (ace, acl)
    {
      if ((ace->e_flags & ~RICHACE_VALID_FLAGS)
	  || ace->e_type > RICHACE_ACCESS_DENIED_ACE_TYPE
	  || (ace->e_mask & ~RICHACE_VALID_MASK))
	goto invalid;
      if ((ace->e_flags & RICHACE_SPECIAL_WHO)
	  && ace->e_id > RICHACE_EVERYONE_SPECIAL_ID)
	goto invalid;
    }
  return 0;

invalid:
  errno = EINVAL;
  return -1;
}
