/*
 * test_masks.c - richacl_compute_max_masks (seed 005): worked examples,
 * and the property that the computed masks never deny what the entries
 * allow, for random ACLs.
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl_literals.h"

/* Compute the max masks of @e and compare with @want (acl_str form). */
static void
check_masks (const struct richace *e, int count, unsigned char flags,
	     const char *want, const char *name)
{
  struct richacl *acl = acl_make (flags, 0x1234, 0x1234, 0x1234, count, e);

  richacl_compute_max_masks (acl);
  is_acl (acl, want, name);
  richacl_free (acl);
}

#define MASKS(e, flags, want, name) check_masks (e, COUNT (e), flags, want, name)

static void
test_examples (void)
{
  static const struct richace seed005[] = {
    GROUP_ (w_, 0, DENY),
    EVERYONE_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace spec8[] = {
    OWNER_ (r_ | w_ | p_ | x_, 0, ALLOW),
    GROUP_ (r_ | x_, 0, ALLOW),
    USER_ (2000, w_, 0, DENY),
    EVERYONE_ (r_, 0, ALLOW),
  };
  static const struct richace owner_only[] = { OWNER_ (r_ | w_, 0, ALLOW) };
  static const struct richace everyone_only[] = {
    EVERYONE_ (r_ | x_, 0, ALLOW)
  };
  static const struct richace everyone_deny_first[] = {
    EVERYONE_ (w_, 0, DENY),
    OWNER_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace everyone_deny_last[] = {
    OWNER_ (r_ | w_, 0, ALLOW),
    EVERYONE_ (w_, 0, DENY),
  };
  static const struct richace everyone_deny_group[] = {
    EVERYONE_ (x_, 0, DENY),
    GROUP_ (r_ | w_ | x_, 0, ALLOW),
  };
  static const struct richace owner_deny[] = {
    OWNER_ (w_, 0, DENY),
    EVERYONE_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace user_allow[] = {
    USER_ (1000, r_ | w_ | C_, 0, ALLOW),
  };
  static const struct richace gid_allow[] = {
    GID_ (2000, x_, 0, ALLOW),
    EVERYONE_ (r_, 0, ALLOW),
  };
  static const struct richace inherit_only[] = {
    OWNER_ (r_, 0, ALLOW),
    EVERYONE_ (w_ | p_, IO_ | FI_, ALLOW),
    GROUP_ (x_, IO_ | DI_, DENY),
  };
  static const struct richace restart[] = {
    USER_ (1000, w_, 0, DENY),
    USER_ (1000, r_ | w_, 0, ALLOW),
    GROUP_ (x_, 0, ALLOW),
  };
  static const struct richace no_group_ace[] = {
    USER_ (1000, w_, 0, DENY),
    EVERYONE_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace group_deny_user_allow[] = {
    GROUP_ (w_, 0, DENY),
    USER_ (1000, w_, 0, ALLOW),
    EVERYONE_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace denied_everyone_for_all[] = {
    GROUP_ (r_, 0, DENY),
    GID_ (2000, r_, 0, DENY),
    EVERYONE_ (r_, 0, ALLOW),
  };
  static const struct richace later_deny_ignored[] = {
    GROUP_ (r_ | w_, 0, ALLOW),
    USER_ (1000, w_, 0, DENY),
  };
  static const struct richace user_allow_masked_by_gmask[] = {
    USER_ (1000, r_ | w_, 0, ALLOW),
    USER_ (1001, w_, 0, DENY),
    EVERYONE_ (r_, 0, ALLOW),
  };

  check_masks (NULL, 0, 0, "", "an empty ACL has empty masks");
  MASKS (seed005, 0,
	 "owner:rw::mask group:r::mask other:rw::mask "
	 "group@:w::deny everyone@:rw::allow",
	 "seed 005: group@:w::deny everyone@:rw::allow gives a group mask "
	 "without w");
  MASKS (spec8, 0,
	 "owner:rwpx::mask group:rx::mask other:r::mask "
	 "owner@:rwpx::allow group@:rx::allow user:2000:w::deny "
	 "everyone@:r::allow", "the --set example of SPEC section 8");
  MASKS (owner_only, 0,
	 "owner:rw::mask group:::mask other:::mask owner@:rw::allow",
	 "owner@ allow adds to the owner mask only");
  MASKS (everyone_only, 0,
	 "owner:rx::mask group:rx::mask other:rx::mask everyone@:rx::allow",
	 "everyone@ allow adds to all masks");
  MASKS (everyone_deny_first, 0,
	 "owner:r::mask group:::mask other:::mask "
	 "everyone@:w::deny owner@:rw::allow",
	 "an earlier everyone@ deny removes from the owner mask");
  MASKS (everyone_deny_last, 0,
	 "owner:rw::mask group:::mask other:::mask "
	 "owner@:rw::allow everyone@:w::deny",
	 "a later everyone@ deny does not take what owner@ allowed");
  MASKS (everyone_deny_group, 0,
	 "owner:rw::mask group:rw::mask other:::mask "
	 "everyone@:x::deny group@:rwx::allow",
	 "an earlier everyone@ deny removes from the group mask");
  MASKS (owner_deny, 0,
	 "owner:r::mask group:rw::mask other:rw::mask "
	 "owner@:w::deny everyone@:rw::allow",
	 "owner@ deny only limits the owner mask");
  MASKS (user_allow, 0,
	 "owner:rwC::mask group:rwC::mask other:::mask "
	 "user:1000:rwC::allow",
	 "a user entry may match the owner: owner and group mask");
  MASKS (gid_allow, 0,
	 "owner:rx::mask group:rx::mask other:r::mask "
	 "group:2000:x::allow everyone@:r::allow",
	 "a group entry: owner and group mask");
  MASKS (inherit_only, 0,
	 "owner:r::mask group:::mask other:::mask owner@:r::allow "
	 "everyone@:wp:fi:allow group@:x:di:deny",
	 "inherit-only entries do not count");
  MASKS (restart, 0,
	 "owner:rx::mask group:rx::mask other:::mask "
	 "user:1000:w::deny user:1000:rw::allow group@:x::allow",
	 "a group-class deny restarts with the group-class maximum");
  MASKS (no_group_ace, 0,
	 "owner:rw::mask group:rw::mask other:rw::mask "
	 "user:1000:w::deny everyone@:rw::allow",
	 "without group@, the owning group gets what everyone@ allows");
  MASKS (group_deny_user_allow, 0,
	 "owner:rw::mask group:rw::mask other:rw::mask group@:w::deny "
	 "user:1000:w::allow everyone@:rw::allow",
	 "w stays in the group mask when some group-class entry allows it");
  MASKS (denied_everyone_for_all, 0,
	 "owner:r::mask group:::mask other:r::mask "
	 "group@:r::deny group:2000:r::deny everyone@:r::allow",
	 "everyone@ adds nothing to the group mask that all of the group "
	 "class is denied");
  MASKS (later_deny_ignored, 0,
	 "owner:rw::mask group:rw::mask other:::mask "
	 "group@:rw::allow user:1000:w::deny",
	 "a deny after the allow does not matter");
  MASKS (user_allow_masked_by_gmask, 0,
	 "owner:rw::mask group:rw::mask other:r::mask "
	 "user:1000:rw::allow user:1001:w::deny everyone@:r::allow",
	 "a deny for one user does not hide what another user is allowed");
  MASKS (spec8, RICHACL_MASKED | RICHACL_WRITE_THROUGH | RICHACL_AUTO_INHERIT
	 | RICHACL_PROTECTED | RICHACL_DEFAULTED,
	 "flags:apd owner:rwpx::mask group:rx::mask other:r::mask "
	 "owner@:rwpx::allow group@:rx::allow user:2000:w::deny "
	 "everyone@:r::allow",
	 "masked and write_through are cleared, the other flags kept");
}

/* The unmasked from_mode ACLs get back their mode's masks. */
static void
test_from_mode_masks (void)
{
  long failures = 0;
  mode_t mode;

  for (mode = 0; mode <= 0777; mode++)
    {
      int isdir;

      for (isdir = 0; isdir <= 1; isdir++)
	{
	  struct richacl *acl = richacl_from_mode ((isdir ? S_IFDIR : S_IFREG)
						   | mode);
	  struct richacl *dup = richacl_clone (acl);

	  richacl_compute_max_masks (dup);
	  if (richacl_compare (acl, dup) && !failures++)
	    diag ("%s 0%03o: %s", isdir ? "directory" : "file",
		  (unsigned) mode, acl_str (dup));
	  richacl_free (dup);
	  richacl_free (acl);
	}
    }
  ok (failures == 0, "max masks of every from_mode ACL are its mode's masks");
}

/*
 * Random ACLs.  A small xorshift generator keeps the sequence the same on
 * every platform; RICHACL_TEST_SEED picks another sequence.
 */
static unsigned long long rng_state;

static unsigned int
rng (unsigned int n)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned int) (rng_state % n);
}

/* Who the random entries name. */
static const struct richace random_whos[] = {
  OWNER_ (0, 0, ALLOW),
  GROUP_ (0, 0, ALLOW),
  EVERYONE_ (0, 0, ALLOW),
  USER_ (100, 0, 0, ALLOW),	/* the owner, in the first file */
  USER_ (1000, 0, 0, ALLOW),	/* the owner, in the second file */
  USER_ (1001, 0, 0, ALLOW),
  GID_ (200, 0, 0, ALLOW),	/* the owning group, in the first file */
  GID_ (2000, 0, 0, ALLOW),	/* the owning group, in the second file */
  GID_ (2001, 0, 0, ALLOW),
};

static struct richacl *
random_acl (void)
{
  static const unsigned int bits[] = { r_, w_, p_, x_, d_, C_, D_ };
  int count = rng (9), n;
  struct richacl *acl = richacl_alloc (count);

  for (n = 0; n < count; n++)
    {
      struct richace *ace = &acl->a_entries[n];
      unsigned int b;

      *ace = random_whos[rng (COUNT (random_whos))];
      ace->e_type = rng (2) ? ALLOW : DENY;
      if (rng (10) == 0)
	ace->e_mask = RICHACE_VALID_MASK;
      else
	for (b = 0; b < COUNT (bits); b++)
	  if (rng (3) == 0)
	    ace->e_mask |= bits[b];
      if (rng (8) == 0)
	ace->e_flags |= IO_;
      if (rng (8) == 0)
	ace->e_flags |= FI_;
    }
  return acl;
}

struct principal
{
  const char *name;
  uid_t uid;
  int n_groups;
  gid_t groups[3];
};

/* Every kind of process, for both files (owner 100/group 200, and
   owner 1000/group 2000). */
static const struct principal principals[] = {
  { "uid 100 in 200", 100, 1, { 200 } },
  { "uid 100 in 300", 100, 1, { 300 } },
  { "uid 100 in 2000,2001", 100, 2, { 2000, 2001 } },
  { "uid 101 in 200", 101, 1, { 200 } },
  { "uid 101 in 200,2001", 101, 2, { 200, 2001 } },
  { "uid 1000 in 300", 1000, 1, { 300 } },
  { "uid 1000 in 200", 1000, 1, { 200 } },
  { "uid 1000 in 2000", 1000, 1, { 2000 } },
  { "uid 1001 in 2001", 1001, 1, { 2001 } },
  { "uid 1001 in 200,2000,2001", 1001, 3, { 200, 2000, 2001 } },
  { "uid 500 in 2000", 500, 1, { 2000 } },
  { "uid 501 in 2000,2001", 501, 2, { 2000, 2001 } },
  { "uid 999 in 999 (stranger)", 999, 1, { 999 } },
};

#define RANDOM_ACLS 12000

static void
test_random_acls (void)
{
  static const uid_t owners[] = { 100, 1000 };
  static const gid_t owning_groups[] = { 200, 2000 };
  long failures[COUNT (principals)] = { 0 };
  unsigned long long seed = 0x5eed2017ULL;
  const char *env = getenv ("RICHACL_TEST_SEED");
  long subset_failures = 0;
  int n, p, f;

  if (env)
    seed = strtoull (env, NULL, 0);
  rng_state = seed;
  diag ("random ACLs from seed 0x%llx (set RICHACL_TEST_SEED to change)",
	seed);
  for (n = 0; n < RANDOM_ACLS; n++)
    {
      struct richacl *acl = random_acl ();
      struct richacl *masked = richacl_clone (acl);
      unsigned int all = 0;
      const struct richace *ace;

      richacl_compute_max_masks (masked);
      masked->a_flags |= RICHACL_MASKED;

      /* The masks hold nothing that no entry mentions. */
      richacl_for_each_entry (ace, acl)
	if (!richace_is_inherit_only (ace))
	  all |= ace->e_mask;
      if (((masked->a_owner_mask | masked->a_group_mask
	    | masked->a_other_mask) & ~all) && !subset_failures++)
	diag ("seed 0x%llx, ACL %d: masks beyond the entries: %s", seed, n,
	      acl_str (masked));

      for (p = 0; p < COUNT (principals); p++)
	for (f = 0; f < 2; f++)
	  {
	    const struct principal *who = &principals[p];
	    unsigned int plain, with_masks;

	    plain = richacl_granted_mask (acl, owners[f], owning_groups[f],
					  who->uid, who->groups,
					  who->n_groups);
	    with_masks = richacl_granted_mask (masked, owners[f],
					       owning_groups[f], who->uid,
					       who->groups, who->n_groups);
	    if (plain != with_masks && !failures[p]++)
	      {
		char m1[64], m2[64];

		mask_text (m1, plain);
		mask_text (m2, with_masks);
		diag ("seed 0x%llx, ACL %d, owner %u: %s gets %s unmasked, "
		      "%s masked: %s", seed, n, (unsigned) owners[f],
		      who->name, m1, m2, acl_str (masked));
	      }
	  }
      richacl_free (masked);
      richacl_free (acl);
    }
  ok (subset_failures == 0,
      "%d random ACLs: the masks hold only permissions the entries name",
      RANDOM_ACLS);
  for (p = 0; p < COUNT (principals); p++)
    ok (failures[p] == 0,
	"%d random ACLs: %s is granted the same with the max masks "
	"(%ld failures)", RANDOM_ACLS, principals[p].name, failures[p]);
}

int
main (void)
{
  test_examples ();
  test_from_mode_masks ();
  test_random_acls ();
  return done_testing ();
}
