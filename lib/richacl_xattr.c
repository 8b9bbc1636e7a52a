/*
 * richacl_xattr.c - the binary xattr format (seed 011).
 *
 * A 16-byte little-endian header (version, flags, count, owner/group/other
 * masks) followed by count 12-byte entries (type, flags, mask, id).  The
 * decoder rejects exactly what the kernel rejects, so that anything we
 * accept the kernel would accept too, and the other way round.
 */
#include "richacl_internal.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

#define RICHACL_XATTR_VERSION	0
#define XATTR_HEADER_SIZE	16
#define XATTR_ENTRY_SIZE	12

static uint16_t
get_le16 (const unsigned char *p)
{
  return p[0] | (uint16_t) p[1] << 8;
}

static uint32_t
get_le32 (const unsigned char *p)
{
  return p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
	 | (uint32_t) p[3] << 24;
}

static void
put_le16 (unsigned char *p, uint16_t v)
{
  p[0] = v;
  p[1] = v >> 8;
}

static void
put_le32 (unsigned char *p, uint32_t v)
{
  p[0] = v;
  p[1] = v >> 8;
  p[2] = v >> 16;
  p[3] = v >> 24;
}

RICHACL_EXPORT size_t
richacl_xattr_size (const struct richacl *acl)
{
  return XATTR_HEADER_SIZE + (size_t) acl->a_count * XATTR_ENTRY_SIZE;
}

/* @buffer must hold richacl_xattr_size (@acl) bytes. */
RICHACL_EXPORT void
richacl_to_xattr (const struct richacl *acl, void *buffer)
{
  unsigned char *p = buffer;
  const struct richace *ace;

  p[0] = RICHACL_XATTR_VERSION;
  p[1] = acl->a_flags;
  put_le16 (p + 2, acl->a_count);
  put_le32 (p + 4, acl->a_owner_mask);
  put_le32 (p + 8, acl->a_group_mask);
  put_le32 (p + 12, acl->a_other_mask);
  p += XATTR_HEADER_SIZE;
  richacl_for_each_entry (ace, acl)
    {
      put_le16 (p, ace->e_type);
      put_le16 (p + 2, ace->e_flags);
      put_le32 (p + 4, ace->e_mask);
      put_le32 (p + 8, ace->e_id);
      p += XATTR_ENTRY_SIZE;
    }
}

RICHACL_EXPORT struct richacl *
richacl_from_xattr (const void *value, size_t size)
{
  const unsigned char *p = value;
  struct richacl *acl;
  struct richace *ace;
  size_t count;

  if (size < XATTR_HEADER_SIZE
      || p[0] != RICHACL_XATTR_VERSION
      || (p[1] & ~RICHACL_VALID_FLAGS))
    goto invalid;
  count = get_le16 (p + 2);
  /* Checked before allocating: a crafted count costs nothing. */
  if (count > RICHACL_XATTR_MAX_COUNT
      || size - XATTR_HEADER_SIZE != count * XATTR_ENTRY_SIZE)
    goto invalid;

  acl = richacl_alloc (count);
  if (!acl)
    return NULL;
  acl->a_flags = p[1];
  acl->a_owner_mask = get_le32 (p + 4);
  acl->a_group_mask = get_le32 (p + 8);
  acl->a_other_mask = get_le32 (p + 12);
  if ((acl->a_owner_mask | acl->a_group_mask | acl->a_other_mask)
      & ~RICHACE_VALID_MASK)
    goto free_invalid;

  p += XATTR_HEADER_SIZE;
  richacl_for_each_entry (ace, acl)
    {
      unsigned short flags = get_le16 (p + 2);

      /*
       * Check the flags before storing them: an entry that claimed
       * RICHACE_UNMAPPED_WHO would make richacl_free() free its id.
       */
      if (flags & ~RICHACE_VALID_FLAGS)
	goto free_invalid;
      ace->e_type = get_le16 (p);
      ace->e_flags = flags;
      ace->e_mask = get_le32 (p + 4);
      ace->e_id = get_le32 (p + 8);
      p += XATTR_ENTRY_SIZE;

      if ((ace->e_flags & RICHACE_SPECIAL_WHO)
	  && ace->e_id > RICHACE_EVERYONE_SPECIAL_ID)
	goto free_invalid;
      /* The kernel also rejects ids without a mapping: (uid_t) -1. */
      if (!(ace->e_flags & RICHACE_SPECIAL_WHO) && ace->e_id == (id_t) -1)
	goto free_invalid;
      if (ace->e_type > RICHACE_ACCESS_DENIED_ACE_TYPE
	  || (ace->e_mask & ~RICHACE_VALID_MASK))
	goto free_invalid;
    }
  return acl;

free_invalid:
  richacl_free (acl);
invalid:
  errno = EINVAL;
  return NULL;
}
