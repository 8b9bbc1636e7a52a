/*
 * test_apply_masks.c - worked examples of richacl_apply_masks().
 *
 * Each example gives a masked ACL and the exact unmasked ACL expected, and
 * also checks with the access check (richacl_granted_mask) that the two
 * grant every test principal the same, for two different owning groups.
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <stdlib.h>

#define COUNT(a) ((int) (sizeof (a) / sizeof ((a)[0])))

#define r_ RICHACE_READ_DATA
#define w_ RICHACE_WRITE_DATA
#define p_ RICHACE_APPEND_DATA
#define x_ RICHACE_EXECUTE
#define C_ RICHACE_WRITE_ACL
#define o_ RICHACE_WRITE_OWNER

#define ALLOW RICHACE_ACCESS_ALLOWED_ACE_TYPE
#define DENY RICHACE_ACCESS_DENIED_ACE_TYPE

#define MASKED RICHACL_MASKED
#define WT RICHACL_WRITE_THROUGH
#define AI RICHACL_AUTO_INHERIT
#define PROT RICHACL_PROTECTED

#define FI RICHACE_FILE_INHERIT_ACE
#define DI RICHACE_DIRECTORY_INHERIT_ACE
#define IO RICHACE_INHERIT_ONLY_ACE
#define INH RICHACE_INHERITED_ACE

#define SPECIAL(type, flags, mask, id) \
  { .e_type = type, .e_flags = RICHACE_SPECIAL_WHO | (flags), \
    .e_mask = mask, .e_id = id }
#define OWNER(type, flags, mask) \
  SPECIAL (type, flags, mask, RICHACE_OWNER_SPECIAL_ID)
#define GROUP(type, flags, mask) \
  SPECIAL (type, flags, mask, RICHACE_GROUP_SPECIAL_ID)
#define EVERYONE(type, flags, mask) \
  SPECIAL (type, flags, mask, RICHACE_EVERYONE_SPECIAL_ID)
#define USER(uid, type, flags, mask) \
  { .e_type = type, .e_flags = (flags), .e_mask = mask, .e_id = uid }
#define GID(gid, type, flags, mask) \
  { .e_type = type, .e_flags = RICHACE_IDENTIFIER_GROUP | (flags), \
    .e_mask = mask, .e_id = gid }

#define OWNER_UID TEST_OWNER

/* AddressSanitizer owns malloc(): replacing it there breaks ASan. */
#if defined __GLIBC__ && !defined __SANITIZE_ADDRESS__
# define OOM_INJECTION 1
#endif

#ifdef OOM_INJECTION
/*
 * Out-of-memory injection: once fail_countdown reaches zero, every
 * allocation fails.  -1 turns it off.  glibc lets a program replace
 * malloc() and friends this way.
 */
extern void *__libc_malloc (size_t);
extern void *__libc_calloc (size_t, size_t);
extern void *__libc_realloc (void *, size_t);

static int fail_countdown = -1;

static int
allocation_fails (void)
{
  if (fail_countdown < 0)
    return 0;
  if (fail_countdown == 0)
    {
      errno = ENOMEM;
      return 1;
    }
  fail_countdown--;
  return 0;
}

void *
malloc (size_t size)
{
  return allocation_fails () ? NULL : __libc_malloc (size);
}

void *
calloc (size_t n, size_t size)
{
  return allocation_fails () ? NULL : __libc_calloc (n, size);
}

void *
realloc (void *ptr, size_t size)
{
  return allocation_fails () ? NULL : __libc_realloc (ptr, size);
}
#endif

static int
same_entries (const struct richacl *acl, const struct richace *want,
	      int count)
{
  int n;

  if (acl->a_count != count)
    return 0;
  for (n = 0; n < count; n++)
    {
      const struct richace *a = &acl->a_entries[n], *b = &want[n];

      if (a->e_type != b->e_type || a->e_flags != b->e_flags
	  || a->e_mask != b->e_mask || !richace_is_same_identifier (a, b))
	return 0;
    }
  return 1;
}

/* Does @after grant every test principal what @before did? */
static int
same_access (const struct richacl *before, const struct richacl *after,
	     uid_t owner)
{
  static const gid_t owning_groups[] = { TEST_OWNING_GROUP, 101, 555 };
  struct test_principal p[TEST_MAX_PRINCIPALS];
  int g;

  for (g = 0; g < COUNT (owning_groups); g++)
    {
      int n = test_principals (p, owner, owning_groups[g]);
      int i = first_access_difference (before, after, p, n, owner,
				       owning_groups[g]);

      if (i >= 0)
	{
	  char m1[32], m2[32];

	  diag ("owning group %u, %s: granted %s before, %s after",
		(unsigned) owning_groups[g], p[i].name,
		mask_letters (principal_granted (before, &p[i], owner,
						 owning_groups[g]), m1),
		mask_letters (principal_granted (after, &p[i], owner,
						 owning_groups[g]), m2));
	  return 0;
	}
    }
  return 1;
}

/*
 * Apply the masks of @acl for @owner and compare with @want and @flags
 * (the expected ACL flags afterwards).  Two TAP lines: the entries, and
 * the access.
 */
static void
check_apply (const char *name, const struct richacl *acl, uid_t owner,
	     unsigned char flags, const struct richace *want, int count)
{
  struct richacl *result = richacl_clone (acl);
  int ret, good;

  if (!result)
    {
      ok (0, "%s: clone", name);
      return;
    }
  ret = richacl_apply_masks (&result, owner);
  good = ret == 0 && result->a_flags == flags
	 && same_entries (result, want, count);
  ok (good, "%s", name);
  if (!good)
    {
      struct richacl *expected = acl_make (flags, 0, 0, 0, count, want);

      diag ("returned %d", ret);
      acl_diag ("from", acl);
      acl_diag ("got", result);
      acl_diag ("want", expected);
      richacl_free (expected);
    }
  ok (ret == 0 && same_access (acl, result, owner), "%s: same access", name);
  richacl_free (result);
}

#define CHECK(name, flags, om, gm, xm, in, owner, want_flags, want) \
  do { \
    struct richacl *acl_ = acl_make (flags, om, gm, xm, COUNT (in), in); \
    check_apply (name, acl_, owner, want_flags, want, COUNT (want)); \
    richacl_free (acl_); \
  } while (0)

/* The example of SPEC section 8: the default view of getrichacl. */
static void
test_spec_example (void)
{
  const struct richace in[] = {
    OWNER (ALLOW, 0, r_ | w_ | p_ | x_),
    GROUP (ALLOW, 0, r_ | w_ | x_),
    EVERYONE (ALLOW, 0, r_ | w_ | x_),
  };
  const struct richace want[] = {
    OWNER (ALLOW, 0, r_ | w_ | p_ | x_ | C_ | o_),
    GROUP (ALLOW, 0, r_ | x_),
  };

  CHECK ("SPEC 8: masked, write_through", MASKED | WT,
	 r_ | w_ | p_ | x_ | C_ | o_, r_ | x_, 0, in, OWNER_UID, 0, want);
}

/* Masks that take nothing away leave the entries alone. */
static void
test_unchanged (void)
{
  const struct richace in[] = {
    OWNER (ALLOW, 0, r_ | w_ | p_ | x_),
    GROUP (ALLOW, 0, r_ | x_),
    USER (2000, DENY, 0, w_),
    EVERYONE (ALLOW, 0, r_),
  };
  const struct richace scattered[] = {
    EVERYONE (ALLOW, 0, r_),
    USER (1001, ALLOW, 0, w_),
    EVERYONE (DENY, 0, w_),
    GROUP (ALLOW, 0, w_ | x_),
    GID (101, DENY, 0, x_),
  };
  struct richacl *acl = acl_make (0, 0, 0, 0, COUNT (in), in), *same = acl;

  /* Unmasked: returned as it is, masks and all. */
  ok (richacl_apply_masks (&acl, OWNER_UID) == 0 && acl == same
      && same_entries (acl, in, COUNT (in)) && acl->a_flags == 0,
      "unmasked ACL unchanged");
  richacl_free (acl);

  /* The masks of SPEC 8 as computed by setrichacl --set. */
  CHECK ("computed masks: same entries", MASKED,
	 r_ | w_ | p_ | x_, r_ | x_, r_, in, OWNER_UID, 0, in);
  CHECK ("all-permitting masks: same entries", MASKED,
	 RICHACE_VALID_MASK, RICHACE_VALID_MASK, RICHACE_VALID_MASK,
	 in, OWNER_UID, 0, in);
  CHECK ("everyone@ entries in the middle, masks permit all", MASKED,
	 RICHACE_VALID_MASK, RICHACE_VALID_MASK, RICHACE_VALID_MASK,
	 scattered, OWNER_UID, 0, scattered);
  /* group@:w::deny everyone@:rw::allow has the max masks rw, r, rw. */
  {
    const struct richace g[] = {
      GROUP (DENY, 0, w_),
      EVERYONE (ALLOW, 0, r_ | w_),
    };

    CHECK ("group@ deny before everyone@, max masks", MASKED,
	   r_ | w_, r_, r_ | w_, g, OWNER_UID, 0, g);
  }
}

/* The examples of the isolation steps in the original algorithm. */
static void
test_isolation (void)
{
  const struct richace everyone_rwx[] = {
    EVERYONE (ALLOW, 0, r_ | w_ | x_),
  };
  const struct richace want_0466[] = {
    OWNER (DENY, 0, w_),
    EVERYONE (ALLOW, 0, r_ | w_),
  };
  const struct richace want_0466_wt[] = {
    OWNER (ALLOW, 0, r_),
    OWNER (DENY, 0, w_),
    EVERYONE (ALLOW, 0, r_ | w_),
  };
  const struct richace joe[] = {
    USER (1001, ALLOW, 0, r_ | w_ | x_),
    EVERYONE (ALLOW, 0, r_ | w_ | x_),
  };
  const struct richace want_joe[] = {
    OWNER (ALLOW, 0, w_),
    USER (1001, ALLOW, 0, r_),
    GROUP (DENY, 0, w_),
    USER (1001, DENY, 0, w_),
    EVERYONE (ALLOW, 0, r_ | w_),
  };
  const struct richace with_group[] = {
    USER (1001, ALLOW, 0, r_ | w_ | x_),
    GROUP (ALLOW, 0, x_),
    EVERYONE (ALLOW, 0, r_ | w_ | x_),
  };
  /* group@ loses x to the group mask; its members get r from everyone@. */
  const struct richace want_with_group[] = {
    OWNER (ALLOW, 0, w_),
    USER (1001, ALLOW, 0, r_),
    GROUP (DENY, 0, w_),
    USER (1001, DENY, 0, w_),
    EVERYONE (ALLOW, 0, r_ | w_),
  };

  const struct richace owner_limited[] = {
    OWNER (ALLOW, 0, r_ | w_ | x_),
    GROUP (ALLOW, 0, r_ | w_),
  };
  /* The owner must not get w through group@ either. */
  const struct richace want_owner_limited[] = {
    OWNER (DENY, 0, w_),
    OWNER (ALLOW, 0, r_),
    GROUP (ALLOW, 0, r_ | w_),
  };

  CHECK ("owner mask limits owner@ and group@ for the owner", MASKED,
	 r_, r_ | w_, 0, owner_limited, OWNER_UID, 0, want_owner_limited);
  /* Mode 0466: the owner must lose w but the others keep it. */
  CHECK ("0466: owner isolated", MASKED, r_, r_ | w_, r_ | w_,
	 everyone_rwx, OWNER_UID, 0, want_0466);
  CHECK ("0466 write_through: owner isolated", MASKED | WT, r_, r_ | w_,
	 r_ | w_, everyone_rwx, OWNER_UID, 0, want_0466_wt);
  /* Mode 0646: joe (group class) must lose w but others keep it. */
  CHECK ("0646: group class isolated", MASKED, r_ | w_, r_, r_ | w_,
	 joe, OWNER_UID, 0, want_joe);
  CHECK ("0646 with group@: group class isolated", MASKED, r_ | w_, r_,
	 r_ | w_, with_group, OWNER_UID, 0, want_with_group);
}

/* What the group class got from everyone@ is propagated to it. */
static void
test_propagation (void)
{
  const struct richace simple[] = {
    GROUP (ALLOW, 0, x_),
    USER (1001, ALLOW, 0, w_),
    EVERYONE (ALLOW, 0, r_),
  };
  const struct richace want_simple[] = {
    OWNER (ALLOW, 0, r_),
    GROUP (ALLOW, 0, r_ | x_),
    USER (1001, ALLOW, 0, r_ | w_),
  };
  /*
   * The group@ allow entry cannot take r: user:1001:r::deny lies between
   * it and everyone@, and a member of the owning group may be user 1001.
   * Extending it would give that process r.
   */
  const struct richace across_deny[] = {
    GROUP (ALLOW, 0, x_),
    USER (1001, DENY, 0, r_),
    EVERYONE (ALLOW, 0, r_),
  };
  const struct richace want_across_deny[] = {
    OWNER (ALLOW, 0, r_),
    GROUP (ALLOW, 0, x_),
    USER (1001, DENY, 0, r_),
    GROUP (ALLOW, 0, r_),
  };
  /*
   * A deny entry of a different user does not stop user 1001.  The owning
   * group is in the group class even without a group@ entry, so it needs
   * one for what everyone@ gave it.
   */
  const struct richace other_user_deny[] = {
    USER (1001, ALLOW, 0, x_),
    USER (1002, DENY, 0, r_),
    EVERYONE (ALLOW, 0, r_),
  };
  const struct richace want_other_user_deny[] = {
    OWNER (ALLOW, 0, r_),
    USER (1001, ALLOW, 0, r_ | x_),
    USER (1002, DENY, 0, r_),
    GROUP (ALLOW, 0, r_),
  };
  /* The owner keeps what everyone@ gave it when group and other lose it. */
  const struct richace owner_from_everyone[] = {
    OWNER (ALLOW, 0, x_),
    GROUP (DENY, 0, w_),
    EVERYONE (ALLOW, 0, r_ | w_),
  };
  const struct richace want_owner_from_everyone[] = {
    OWNER (ALLOW, 0, x_),
    GROUP (DENY, 0, w_),
    OWNER (ALLOW, 0, r_ | w_),
  };

  CHECK ("everyone@ propagated to owner and group class", MASKED,
	 r_ | w_ | x_, r_ | w_ | x_, 0, simple, OWNER_UID, 0,
	 want_simple);
  CHECK ("propagation stops at a deny that may match", MASKED,
	 r_ | w_ | x_, r_ | x_, 0, across_deny, OWNER_UID, 0,
	 want_across_deny);
  CHECK ("propagation passes another user's deny", MASKED,
	 r_ | w_ | x_, r_ | x_, 0, other_user_deny, OWNER_UID, 0,
	 want_other_user_deny);
  CHECK ("everyone@ propagated to owner across group@ deny", MASKED,
	 r_ | w_ | x_, 0, 0, owner_from_everyone, OWNER_UID, 0,
	 want_owner_from_everyone);
}

/* Everyone@ entries in the middle are folded into the last one. */
static void
test_everyone_down (void)
{
  const struct richace in[] = {
    EVERYONE (DENY, 0, x_),
    USER (1001, ALLOW, 0, r_ | x_),
    EVERYONE (ALLOW, 0, r_ | w_),
    GROUP (ALLOW, 0, p_),
  };
  /*
   * Nobody gets x (everyone@ denies it first); user 1001 gets r through
   * its entry and w through everyone@, but the group mask takes w away;
   * group@ gets p and r (and loses w); others get r, and the owner keeps
   * w from everyone@.
   */
  const struct richace want[] = {
    OWNER (ALLOW, 0, w_),
    USER (1001, ALLOW, 0, r_),
    GROUP (ALLOW, 0, p_),
    EVERYONE (ALLOW, 0, r_),
  };

  CHECK ("everyone@ entries moved down", MASKED, RICHACE_VALID_MASK,
	 r_ | p_, r_, in, OWNER_UID, 0, want);
}

/* User entries that name the owner belong to the owner class. */
static void
test_user_is_owner (void)
{
  const struct richace in[] = {
    USER (OWNER_UID, ALLOW, 0, r_ | w_ | x_),
    USER (1001, ALLOW, 0, r_ | w_ | x_),
  };
  /* The owner entry is limited by the owner mask, user 1001 by group's. */
  const struct richace want[] = {
    USER (OWNER_UID, ALLOW, 0, r_ | w_),
    USER (1001, ALLOW, 0, r_),
  };
  const struct richace want_as_1001[] = {
    USER (OWNER_UID, ALLOW, 0, r_),
    USER (1001, ALLOW, 0, r_ | w_),
  };

  CHECK ("user entry naming the owner uses the owner mask", MASKED,
	 r_ | w_, r_, 0, in, OWNER_UID, 0, want);
  CHECK ("same ACL, owned by 1001", MASKED, r_ | w_, r_, 0, in, 1001, 0,
	 want_as_1001);
}

/* Inherit-only entries stay; inheritable entries that change are split. */
static void
test_inheritance (void)
{
  const struct richace in[] = {
    OWNER (ALLOW, FI | DI | IO, RICHACE_VALID_MASK),
    GROUP (ALLOW, FI | DI, r_ | w_ | x_),
    USER (1001, ALLOW, FI | INH, r_),
    EVERYONE (ALLOW, DI | IO, r_ | w_),
  };
  const struct richace want[] = {
    OWNER (ALLOW, FI | DI | IO, RICHACE_VALID_MASK),
    GROUP (ALLOW, FI | DI | IO, r_ | w_ | x_),
    GROUP (ALLOW, 0, r_ | x_),
    USER (1001, ALLOW, FI | INH, r_),
    EVERYONE (ALLOW, DI | IO, r_ | w_),
  };
  const struct richace everyone_split[] = {
    EVERYONE (ALLOW, FI | DI, r_ | w_),
  };
  const struct richace want_everyone_split[] = {
    OWNER (ALLOW, 0, w_),
    GROUP (ALLOW, 0, w_),
    EVERYONE (ALLOW, FI | DI | IO, r_ | w_),
    EVERYONE (ALLOW, 0, r_),
  };
  const struct richace owner_wt[] = {
    OWNER (ALLOW, FI | INH, r_ | w_ | x_),
    EVERYONE (ALLOW, 0, r_),
  };
  const struct richace want_owner_wt[] = {
    OWNER (ALLOW, 0, r_ | w_),
    OWNER (ALLOW, FI | INH | IO, r_ | w_ | x_),
    EVERYONE (ALLOW, 0, r_),
  };

  CHECK ("inherit-only kept, inheritable split", MASKED, RICHACE_VALID_MASK,
	 r_ | x_, 0, in, OWNER_UID, 0, want);
  CHECK ("inheritable everyone@ split", MASKED, RICHACE_VALID_MASK,
	 RICHACE_VALID_MASK, r_, everyone_split, OWNER_UID, 0,
	 want_everyone_split);
  CHECK ("write_through: inheritable owner@ kept inherit-only", MASKED | WT,
	 r_ | w_, r_, r_, owner_wt, OWNER_UID, 0, want_owner_wt);
}

/* write_through: the owner and others get exactly their masks. */
static void
test_write_through (void)
{
  const struct richace in[] = {
    OWNER (ALLOW, 0, r_),
    GROUP (ALLOW, 0, r_ | w_),
    EVERYONE (ALLOW, 0, r_),
  };
  const struct richace want_wt[] = {
    OWNER (ALLOW, 0, r_ | w_ | x_),
    GROUP (ALLOW, 0, r_ | w_),
    GROUP (DENY, 0, x_),
    EVERYONE (ALLOW, 0, r_ | x_),
  };
  const struct richace want_no_wt[] = {
    OWNER (ALLOW, 0, r_),
    GROUP (ALLOW, 0, r_ | w_),
    EVERYONE (ALLOW, 0, r_),
  };
  const struct richace owner_denied[] = {
    OWNER (DENY, 0, r_ | w_),
    GROUP (ALLOW, 0, r_ | w_),
  };
  const struct richace want_owner_denied[] = {
    OWNER (ALLOW, 0, r_ | w_),
    GROUP (ALLOW, 0, r_ | w_),
  };

  CHECK ("write_through: owner and other get their masks", MASKED | WT,
	 r_ | w_ | x_, r_ | w_, r_ | x_, in, OWNER_UID, 0, want_wt);
  CHECK ("without write_through: masks only take away", MASKED,
	 r_ | w_ | x_, r_ | w_, r_ | x_, in, OWNER_UID, 0, want_no_wt);
  /*
   * An owner outside the owning group gets the owner mask from the entries
   * alone, but write_through gives it to an owner in that group as well.
   */
  {
    const struct richace in_group[] = {
      GROUP (DENY, 0, r_),
      OWNER (ALLOW, 0, r_),
    };
    const struct richace want_in_group[] = {
      OWNER (ALLOW, 0, r_),
    };

    CHECK ("write_through: owner mask whatever the owner's groups",
	   MASKED | WT, r_, r_, 0, in_group, OWNER_UID, 0, want_in_group);
  }
  CHECK ("write_through: owner@ deny entries give way to the owner mask",
	 MASKED | WT, r_ | w_, r_ | w_, 0, owner_denied, OWNER_UID, 0,
	 want_owner_denied);
}

/* No entries at all. */
static void
test_empty (void)
{
  struct richacl *acl = acl_make (MASKED, r_ | w_, r_, r_, 0, NULL), *dup;
  /* The owning group is in the group class, and gets nothing. */
  const struct richace want_wt[] = {
    OWNER (ALLOW, 0, r_ | w_),
    GROUP (DENY, 0, r_),
    EVERYONE (ALLOW, 0, r_),
  };
  /* An owner in the owning group must not get r through group@. */
  const struct richace want_owner_none[] = {
    OWNER (DENY, 0, r_),
    GROUP (ALLOW, 0, r_),
  };
  const struct richace group_only[] = {
    GROUP (ALLOW, 0, r_),
  };

  dup = richacl_clone (acl);
  ok (dup && richacl_apply_masks (&dup, OWNER_UID) == 0 && dup->a_count == 0
      && dup->a_flags == 0, "empty masked ACL stays empty");
  richacl_free (dup);
  acl->a_flags |= WT;
  check_apply ("empty write_through ACL", acl, OWNER_UID, 0, want_wt,
	       COUNT (want_wt));
  richacl_free (acl);

  /* write_through with an empty owner mask: the owner gets nothing. */
  CHECK ("write_through, empty owner mask", MASKED | WT, 0, r_, 0,
	 group_only, OWNER_UID, 0, want_owner_none);
}

/* Flags other than masked and write_through are kept. */
static void
test_flags (void)
{
  const struct richace in[] = {
    OWNER (ALLOW, INH, r_ | w_),
    EVERYONE (ALLOW, INH, r_ | w_),
  };
  const struct richace want[] = {
    OWNER (ALLOW, 0, r_ | w_),
    EVERYONE (ALLOW, INH, r_),
  };

  CHECK ("auto_inherit and protected kept", MASKED | WT | AI | PROT,
	 r_ | w_, r_, r_, in, OWNER_UID, AI | PROT, want);
}

/*
 * Out of memory at every allocation in turn: -1 with ENOMEM, and the ACL
 * left exactly as it was; once there is enough memory, the right result.
 */
static void
test_enomem (void)
{
#ifndef OOM_INJECTION
  ok (1, "out of memory # SKIP malloc cannot be replaced in this build");
#else
  const struct richace in[] = {
    USER (1001, ALLOW, FI, r_ | w_ | x_),
    GROUP (ALLOW, DI, x_),
    EVERYONE (DENY, 0, p_),
    EVERYONE (ALLOW, FI | DI, r_ | w_ | x_),
  };
  struct richacl *acl = acl_make (MASKED | WT, r_ | w_, r_, r_ | w_,
				  COUNT (in), in);
  struct richacl *want = richacl_clone (acl), *copy = richacl_clone (acl);
  int k, failures = 0, good = 1;

  if (!acl || !want || !copy || richacl_apply_masks (&want, OWNER_UID))
    {
      ok (0, "out of memory: setup");
      return;
    }
  for (k = 0; k < 100; k++)
    {
      struct richacl *before = copy;
      int ret, saved_errno;

      errno = 0;
      fail_countdown = k;
      ret = richacl_apply_masks (&copy, OWNER_UID);
      saved_errno = errno;
      fail_countdown = -1;
      if (ret == 0)
	{
	  good &= richacl_compare (copy, want) == 0;
	  break;
	}
      failures++;
      good &= ret == -1 && saved_errno == ENOMEM && copy == before
	      && richacl_compare (copy, acl) == 0;
    }
  ok (good && failures > 0 && k < 100,
      "out of memory: -1/ENOMEM and ACL untouched (%d failing allocations)",
      failures);
  richacl_free (copy);
  richacl_free (want);
  richacl_free (acl);
#endif
}

int
main (void)
{
  test_spec_example ();
  test_unchanged ();
  test_isolation ();
  test_propagation ();
  test_everyone_down ();
  test_user_is_owner ();
  test_inheritance ();
  test_write_through ();
  test_empty ();
  test_flags ();
  test_enomem ();
  return done_testing ();
}
