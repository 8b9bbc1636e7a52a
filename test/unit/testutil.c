/* testutil.c - helpers shared by the C unit tests. */
#include <config.h>
#include "testutil.h"

#include <string.h>

struct richacl *
acl_make (unsigned char flags, unsigned int owner_mask,
	  unsigned int group_mask, unsigned int other_mask, int count,
	  const struct richace *entries)
{
  struct richacl *acl = richacl_alloc (count);

  if (!acl)
    return NULL;
  acl->a_flags = flags;
  acl->a_owner_mask = owner_mask;
  acl->a_group_mask = group_mask;
  acl->a_other_mask = other_mask;
  if (count)
    memcpy (acl->a_entries, entries, count * sizeof *entries);
  return acl;
}
