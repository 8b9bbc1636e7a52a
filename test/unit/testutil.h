/* testutil.h - helpers shared by the C unit tests. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <sys/richacl.h>

/* Build an ACL from a fixed list of entries (no text parser needed). */
struct richacl *acl_make (unsigned char flags, unsigned int owner_mask,
			  unsigned int group_mask, unsigned int other_mask,
			  int count, const struct richace *entries);

/*
 * A small random number generator (splitmix64) whose whole state is the
 * caller's: a test prints its seed, and the same seed replays the same
 * sequence on every platform.
 */
struct rng
{
  unsigned long long state;
};

void rng_init (struct rng *rng, unsigned long long seed);
unsigned int rng_next (struct rng *rng);		/* 32 random bits */
unsigned int rng_below (struct rng *rng, unsigned int n);	/* 0 .. n-1 */

/*
 * The identities random ACLs use.  The file belongs to TEST_OWNER; user
 * entries name TEST_OWNER too (a user entry that matches the owner), and
 * group entries name the usual owning group TEST_OWNING_GROUP too.
 */
#define TEST_OWNER		1000
#define TEST_OWNING_GROUP	100
#define TEST_N_UIDS		3
#define TEST_N_GIDS		3
extern const uid_t test_uids[TEST_N_UIDS];	/* 1000, 1001, 1002 */
extern const gid_t test_gids[TEST_N_GIDS];	/* 100, 101, 102 */

/* A random permission mask, mostly r, w, p and x. */
unsigned int rng_mask (struct rng *rng);

/* rng_acl() options */
#define RNG_ACL_MASKS	1	/* random masks; masked, write_through at times */
#define RNG_ACL_MASKED	2	/* always masked (implies RNG_ACL_MASKS) */
#define RNG_ACL_INHERIT	4	/* inheritance flags on some entries */
#define RNG_ACL_FLAGS	8	/* auto_inherit, protected, defaulted at times */

/*
 * A random valid ACL of 0..8 entries for owner@, group@, everyone@ and the
 * test uids and gids, allow or deny.  Without RNG_ACL_MASKS the masks are
 * zero and the ACL is not masked.  NULL when out of memory.
 */
struct richacl *rng_acl (struct rng *rng, int options);

/* A process, for comparing what ACLs grant. */
struct test_principal
{
  char name[48];
  uid_t uid;
  int n_groups;
  gid_t groups[TEST_N_GIDS + 2];
};

#define TEST_MAX_PRINCIPALS 32

/*
 * Fill @p with the processes that tell ACLs of rng_acl() apart, for a
 * file owned by @owner and @owning_group: the owner (in no group, in the
 * owning group, in each test group, in all of them), a member of the
 * owning group, each other test user (alone, in the owning group, in all
 * groups), a member of each test group (alone and with the owning group),
 * a member of every group, and a stranger.  Returns their number.
 */
int test_principals (struct test_principal *p, uid_t owner,
		     gid_t owning_group);

/* What @acl grants @p (richacl_granted_mask) on that file. */
unsigned int principal_granted (const struct richacl *acl,
				const struct test_principal *p,
				uid_t owner, gid_t owning_group);

/*
 * The index of the first of the @n principals @p to whom @a and @b grant
 * different permissions, or -1.
 */
int first_access_difference (const struct richacl *a,
			     const struct richacl *b,
			     const struct test_principal *p, int n,
			     uid_t owner, gid_t owning_group);

/*
 * Print @acl as TAP comments, numerically (no text printer needed):
 * flags, masks, then one entry per line with type, flags, mask and who.
 */
void acl_diag (const char *label, const struct richacl *acl);

/* @mask as "rwpx" letters plus the remaining bits in hex, in @buf. */
const char *mask_letters (unsigned int mask, char buf[32]);

#endif
