/*
 * libFuzzer harness: richacl_apply_masks() must not change what anybody is
 * granted.
 *
 * Input: byte 0 picks the owner from IDS[], the rest is an xattr-format
 * ACL (see fuzz_xattr.c).  The id of each user or group entry is replaced
 * by IDS[id % 4] so that entries, the owner and the owning group collide
 * often.  For every owning group in IDS[], and every process with a uid in
 * IDS[] or a stranger's uid, and any subset of IDS[] as its groups (the
 * owner in and out of the owning group, members of the owning group, each
 * named user and group, strangers), richacl_granted_mask() must be the same
 * before and after richacl_apply_masks(&acl, owner).  The result must be
 * unmasked (no RICHACL_MASKED; no RICHACL_WRITE_THROUGH either when the
 * input was masked) and still valid, with the other ACL flags unchanged;
 * an unmasked ACL (write_through alone included) must come back unchanged.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/richacl.h>

#define N_IDS 4
static const id_t IDS[N_IDS] = { 0, 1, 1000, 2000 };
#define STRANGER 4242

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct richacl *acl, *orig;
  struct richace *ace;
  uid_t owner;
  int g, u, set;

  if (size < 1)
    return 0;
  owner = IDS[data[0] % N_IDS];
  acl = richacl_from_xattr (data + 1, size - 1);
  if (!acl)
    return 0;
  richacl_for_each_entry (ace, acl)
    if (!(ace->e_flags & RICHACE_SPECIAL_WHO))
      ace->e_id = IDS[ace->e_id % N_IDS];
  orig = richacl_clone (acl);
  if (!orig)
    abort ();
  if (richacl_apply_masks (&acl, owner) != 0)
    abort ();
  /* Unmasked; write_through (meaningless without masked) goes with it. */
  if (acl->a_flags & RICHACL_MASKED)
    abort ();
  if ((orig->a_flags & RICHACL_MASKED)
      && (acl->a_flags & RICHACL_WRITE_THROUGH))
    abort ();
  /* The other ACL flags stay. */
  if ((acl->a_flags ^ orig->a_flags)
      & ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH))
    abort ();
  if (richacl_valid (acl) != 0)
    abort ();
  if (!(orig->a_flags & RICHACL_MASKED) && richacl_compare (acl, orig) != 0)
    abort ();

  for (g = 0; g < N_IDS; g++)
    for (u = 0; u <= N_IDS; u++)
      for (set = 0; set < (1 << N_IDS); set++)
	{
	  uid_t uid = u < N_IDS ? IDS[u] : STRANGER;
	  gid_t groups[N_IDS];
	  int n = 0, i;

	  for (i = 0; i < N_IDS; i++)
	    if (set & (1 << i))
	      groups[n++] = IDS[i];
	  if (richacl_granted_mask (orig, owner, IDS[g], uid, groups, n)
	      != richacl_granted_mask (acl, owner, IDS[g], uid, groups, n))
	    abort ();
	}
  richacl_free (orig);
  richacl_free (acl);
  return 0;
}
