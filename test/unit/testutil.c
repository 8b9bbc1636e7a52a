/* testutil.c - helpers shared by the C unit tests. */
#include <config.h>
#include "testutil.h"

#include <stdio.h>
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

/* ---- Random numbers ---------------------------------------------------- */

void
rng_init (struct rng *rng, unsigned long long seed)
{
  rng->state = seed;
}

unsigned int
rng_next (struct rng *rng)
{
  unsigned long long z = (rng->state += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return (unsigned int) ((z ^ (z >> 31)) >> 32);
}

unsigned int
rng_below (struct rng *rng, unsigned int n)
{
  return n ? rng_next (rng) % n : 0;
}

/* ---- Random ACLs ------------------------------------------------------- */

const uid_t test_uids[TEST_N_UIDS] = { TEST_OWNER, 1001, 1002 };
const gid_t test_gids[TEST_N_GIDS] = { TEST_OWNING_GROUP, 101, 102 };

#define RWPX (RICHACE_READ_DATA | RICHACE_WRITE_DATA | RICHACE_APPEND_DATA \
	      | RICHACE_EXECUTE)

/*
 * Mostly r, w, p and x, so that entries overlap often and the interesting
 * cases (a bit allowed here, denied there) come up; now and then any of
 * the other valid bits, and now and then all of them.
 */
unsigned int
rng_mask (struct rng *rng)
{
  unsigned int mask = rng_next (rng) & RWPX;

  switch (rng_below (rng, 16))
    {
    case 0:
      return RICHACE_VALID_MASK;
    case 1:
    case 2:
    case 3:
      mask |= rng_next (rng) & rng_next (rng) & RICHACE_VALID_MASK;
      break;
    }
  return mask;
}

static void
rng_who (struct rng *rng, struct richace *ace)
{
  switch (rng_below (rng, 9))
    {
    case 0:
    case 1:
      ace->e_flags |= RICHACE_SPECIAL_WHO;
      ace->e_id = RICHACE_OWNER_SPECIAL_ID;
      break;
    case 2:
    case 3:
      ace->e_flags |= RICHACE_SPECIAL_WHO;
      ace->e_id = RICHACE_GROUP_SPECIAL_ID;
      break;
    case 4:
    case 5:
      ace->e_flags |= RICHACE_SPECIAL_WHO;
      ace->e_id = RICHACE_EVERYONE_SPECIAL_ID;
      break;
    case 6:
    case 7:
      ace->e_id = test_uids[rng_below (rng, TEST_N_UIDS)];
      break;
    default:
      ace->e_flags |= RICHACE_IDENTIFIER_GROUP;
      ace->e_id = test_gids[rng_below (rng, TEST_N_GIDS)];
      break;
    }
}

static unsigned short
rng_inheritance_flags (struct rng *rng)
{
  unsigned short flags = 0;

  if (rng_below (rng, 6) == 0)
    {
      flags |= rng_next (rng) & (RICHACE_FILE_INHERIT_ACE
				 | RICHACE_DIRECTORY_INHERIT_ACE
				 | RICHACE_NO_PROPAGATE_INHERIT_ACE);
      if (rng_below (rng, 3) == 0)
	flags |= RICHACE_INHERIT_ONLY_ACE;
    }
  if (rng_below (rng, 8) == 0)
    flags |= RICHACE_INHERITED_ACE;
  return flags;
}

struct richacl *
rng_acl (struct rng *rng, int options)
{
  int count = rng_below (rng, 9), n;
  struct richacl *acl = richacl_alloc (count);

  if (!acl)
    return NULL;
  for (n = 0; n < count; n++)
    {
      struct richace *ace = &acl->a_entries[n];

      rng_who (rng, ace);
      ace->e_type = rng_below (rng, 3) ? RICHACE_ACCESS_ALLOWED_ACE_TYPE
				       : RICHACE_ACCESS_DENIED_ACE_TYPE;
      ace->e_mask = rng_mask (rng);
      if (options & RNG_ACL_INHERIT)
	ace->e_flags |= rng_inheritance_flags (rng);
    }
  if (options & (RNG_ACL_MASKS | RNG_ACL_MASKED))
    {
      acl->a_owner_mask = rng_mask (rng);
      acl->a_group_mask = rng_mask (rng);
      acl->a_other_mask = rng_mask (rng);
      if ((options & RNG_ACL_MASKED) || rng_below (rng, 4))
	acl->a_flags |= RICHACL_MASKED;
      if (rng_below (rng, 3) == 0)
	acl->a_flags |= RICHACL_WRITE_THROUGH;
    }
  if ((options & RNG_ACL_FLAGS) && rng_below (rng, 4) == 0)
    acl->a_flags |= rng_next (rng) & (RICHACL_AUTO_INHERIT
				      | RICHACL_PROTECTED
				      | RICHACL_DEFAULTED);
  return acl;
}

/* ---- Principals -------------------------------------------------------- */

/* A group no ACL of rng_acl() names: every process is in some group. */
#define UNNAMED_GID 999

static struct test_principal *
add_principal (struct test_principal *p, int *n, uid_t uid, const char *name)
{
  struct test_principal *q = &p[(*n)++];

  snprintf (q->name, sizeof q->name, "%s", name);
  q->uid = uid;
  q->n_groups = 0;
  return q;
}

static void
add_group (struct test_principal *q, gid_t gid)
{
  int n;

  for (n = 0; n < q->n_groups; n++)
    if (q->groups[n] == gid)
      return;
  q->groups[q->n_groups++] = gid;
}

/* Put @q in every test group and the owning group. */
static void
add_all_groups (struct test_principal *q, gid_t owning_group)
{
  int g;

  add_group (q, owning_group);
  for (g = 0; g < TEST_N_GIDS; g++)
    add_group (q, test_gids[g]);
}

int
test_principals (struct test_principal *p, uid_t owner, gid_t owning_group)
{
  struct test_principal *q;
  char name[48];
  int n = 0, i;

  add_group (add_principal (p, &n, owner, "owner"), UNNAMED_GID);
  add_group (add_principal (p, &n, owner, "owner in owning group"),
	     owning_group);
  for (i = 0; i < TEST_N_GIDS; i++)
    {
      snprintf (name, sizeof name, "owner in group %u",
		(unsigned) test_gids[i]);
      add_group (add_principal (p, &n, owner, name), test_gids[i]);
    }
  add_all_groups (add_principal (p, &n, owner, "owner in all groups"),
		  owning_group);
  add_group (add_principal (p, &n, 2000, "owning group member"),
	     owning_group);
  for (i = 0; i < TEST_N_UIDS; i++)
    {
      uid_t uid = test_uids[i];

      if (uid == owner)
	continue;
      snprintf (name, sizeof name, "user %u", (unsigned) uid);
      add_group (add_principal (p, &n, uid, name), UNNAMED_GID);
      snprintf (name, sizeof name, "user %u in owning group", (unsigned) uid);
      add_group (add_principal (p, &n, uid, name), owning_group);
      snprintf (name, sizeof name, "user %u in all groups", (unsigned) uid);
      add_all_groups (add_principal (p, &n, uid, name), owning_group);
    }
  for (i = 0; i < TEST_N_GIDS; i++)
    {
      gid_t gid = test_gids[i];

      snprintf (name, sizeof name, "member of %u", (unsigned) gid);
      add_group (add_principal (p, &n, 2001, name), gid);
      snprintf (name, sizeof name, "member of %u and owning group",
		(unsigned) gid);
      q = add_principal (p, &n, 2001, name);
      add_group (q, gid);
      add_group (q, owning_group);
    }
  add_all_groups (add_principal (p, &n, 2002, "member of all groups"),
		  owning_group);
  add_group (add_principal (p, &n, 3000, "stranger"), UNNAMED_GID);
  return n;
}

unsigned int
principal_granted (const struct richacl *acl, const struct test_principal *p,
		   uid_t owner, gid_t owning_group)
{
  return richacl_granted_mask (acl, owner, owning_group, p->uid, p->groups,
			       p->n_groups);
}

int
first_access_difference (const struct richacl *a, const struct richacl *b,
			 const struct test_principal *p, int n, uid_t owner,
			 gid_t owning_group)
{
  int i;

  for (i = 0; i < n; i++)
    if (principal_granted (a, &p[i], owner, owning_group)
	!= principal_granted (b, &p[i], owner, owning_group))
      return i;
  return -1;
}

/* ---- Printing ---------------------------------------------------------- */

const char *
mask_letters (unsigned int mask, char buf[32])
{
  static const struct { unsigned int bit; char letter; } letters[] = {
    { RICHACE_READ_DATA, 'r' }, { RICHACE_WRITE_DATA, 'w' },
    { RICHACE_APPEND_DATA, 'p' }, { RICHACE_EXECUTE, 'x' },
  };
  size_t n, len = 0;

  for (n = 0; n < sizeof letters / sizeof letters[0]; n++)
    {
      if (mask & letters[n].bit)
	buf[len++] = letters[n].letter;
      mask &= ~letters[n].bit;
    }
  if (mask)
    snprintf (buf + len, 32 - len, "%s0x%x", len ? "+" : "", mask);
  else if (!len)
    snprintf (buf, 32, "-");
  else
    buf[len] = 0;
  return buf;
}

static const char *
who_string (const struct richace *ace, char buf[32])
{
  static const char *const special[] = { "owner@", "group@", "everyone@" };

  if (ace->e_flags & RICHACE_UNMAPPED_WHO)
    snprintf (buf, 32, "unmapped:%s", ace->e_who);
  else if (ace->e_flags & RICHACE_SPECIAL_WHO)
    snprintf (buf, 32, "%s", ace->e_id <= 2 ? special[ace->e_id] : "special?");
  else
    snprintf (buf, 32, "%s:%u",
	      ace->e_flags & RICHACE_IDENTIFIER_GROUP ? "group" : "user",
	      (unsigned) ace->e_id);
  return buf;
}

void
acl_diag (const char *label, const struct richacl *acl)
{
  const struct richace *ace;
  char m1[32], m2[32], m3[32];

  if (!acl)
    {
      printf ("# %s: (null)\n", label);
      return;
    }
  printf ("# %s: flags 0x%x, masks owner %s group %s other %s, %u entries\n",
	  label, acl->a_flags, mask_letters (acl->a_owner_mask, m1),
	  mask_letters (acl->a_group_mask, m2),
	  mask_letters (acl->a_other_mask, m3), acl->a_count);
  richacl_for_each_entry (ace, acl)
    printf ("#   %-10s %-5s flags 0x%04x mask %s\n", who_string (ace, m1),
	    ace->e_type == RICHACE_ACCESS_ALLOWED_ACE_TYPE ? "allow"
	    : ace->e_type == RICHACE_ACCESS_DENIED_ACE_TYPE ? "deny" : "type?",
	    ace->e_flags & ~(RICHACE_SPECIAL_WHO | RICHACE_IDENTIFIER_GROUP),
	    mask_letters (ace->e_mask, m2));
}
