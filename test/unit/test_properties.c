/*
 * test_properties.c - properties that must hold for every ACL.
 *
 * Each property is checked over N_ACLS random ACLs (testutil.c) and
 * reported as one TAP line.  The random numbers come from a fixed seed,
 * printed at the start; RICHACL_TEST_SEED=N replays another one.  A
 * failure prints how many ACLs failed and the first counterexample,
 * numerically (the text printer is not needed to read it).
 *
 * The access check, richacl_granted_mask(), is the specification: "the
 * same permissions" always means the same answer from it for every test
 * principal (testutil.c lists them).
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#define N_ACLS 10000
#define DEFAULT_SEED 20170213ULL

#define COUNT(a) ((int) (sizeof (a) / sizeof ((a)[0])))

static unsigned long long seed = DEFAULT_SEED;

/* A property being checked, and its first counterexample. */
struct property
{
  const char *name;
  int checked, failed;
  int first;			/* index of the first failing ACL */
  struct richacl *input, *output;
  char why[160];
};

static void
property_start (struct property *prop, const char *name)
{
  prop->name = name;
  prop->checked = prop->failed = 0;
  prop->first = -1;
  prop->input = prop->output = NULL;
  prop->why[0] = 0;
}

/*
 * Record the outcome for ACL number @index.  On the first failure keep
 * copies of @input and @output (either may be NULL) and the reason.
 */
static void __attribute__ ((format (printf, 6, 7)))
property_check (struct property *prop, int good, int index,
		const struct richacl *input, const struct richacl *output,
		const char *fmt, ...)
{
  va_list ap;

  prop->checked++;
  if (good)
    return;
  if (!prop->failed++)
    {
      prop->first = index;
      prop->input = input ? richacl_clone (input) : NULL;
      prop->output = output ? richacl_clone (output) : NULL;
      va_start (ap, fmt);
      vsnprintf (prop->why, sizeof prop->why, fmt, ap);
      va_end (ap);
    }
}

static void
property_end (struct property *prop)
{
  ok (!prop->failed, "%s (%d ACLs, seed %llu)", prop->name, prop->checked,
      seed);
  if (prop->failed)
    {
      diag ("%d of %d failed; first: ACL #%d: %s", prop->failed,
	    prop->checked, prop->first, prop->why);
      acl_diag ("input", prop->input);
      if (prop->output)
	acl_diag ("output", prop->output);
    }
  richacl_free (prop->input);
  richacl_free (prop->output);
}

/* Owners and owning groups vary with the ACL number; any of them must do. */
static const uid_t owners[] = { TEST_OWNER, 1001, 4000 };
static const gid_t owning_groups[] = { TEST_OWNING_GROUP, 101, 555 };

static uid_t
owner_of (int index)
{
  return owners[index % COUNT (owners)];
}

static gid_t
owning_group_of (int index)
{
  return owning_groups[(index / COUNT (owners)) % COUNT (owning_groups)];
}

/*
 * Do @a and @b grant every test principal the same, for the owner and
 * owning group of ACL number @index?  If not, describe the first
 * difference in @why.
 */
static int
same_access (const struct richacl *a, const struct richacl *b, int index,
	     char *why, size_t size)
{
  struct test_principal p[TEST_MAX_PRINCIPALS];
  uid_t owner = owner_of (index);
  gid_t group = owning_group_of (index);
  int n = test_principals (p, owner, group);
  int i = first_access_difference (a, b, p, n, owner, group);
  char m1[32], m2[32];

  if (i < 0)
    return 1;
  snprintf (why, size, "owner %u, owning group %u, %s: %s before, %s after",
	    (unsigned) owner, (unsigned) group, p[i].name,
	    mask_letters (principal_granted (a, &p[i], owner, group), m1),
	    mask_letters (principal_granted (b, &p[i], owner, group), m2));
  return 0;
}

/* The entries of @a and @b are the same (flags and masks aside). */
static int
same_entries (const struct richacl *a, const struct richacl *b)
{
  int n;

  if (a->a_count != b->a_count)
    return 0;
  for (n = 0; n < a->a_count; n++)
    {
      const struct richace *x = &a->a_entries[n], *y = &b->a_entries[n];

      if (x->e_type != y->e_type || x->e_flags != y->e_flags
	  || x->e_mask != y->e_mask || !richace_is_same_identifier (x, y))
	return 0;
    }
  return 1;
}

/* Apply the masks of a copy of @acl; NULL when that fails. */
static struct richacl *
applied (const struct richacl *acl, uid_t owner)
{
  struct richacl *copy = richacl_clone (acl);

  if (copy && richacl_apply_masks (&copy, owner))
    {
      richacl_free (copy);
      return NULL;
    }
  return copy;
}

/* ---- richacl_apply_masks ---------------------------------------------- */

static void
test_apply_masks_access (void)
{
  struct property access, form, again, inherit;
  struct rng rng;
  int n;

  rng_init (&rng, seed);
  property_start (&access,
		  "apply_masks: every principal gets the same permissions");
  property_start (&form,
		  "apply_masks: result unmasked and valid, other flags kept");
  property_start (&again,
		  "apply_masks: masking the result again changes nothing");
  property_start (&inherit,
		  "apply_masks: what files and directories inherit is kept");
  for (n = 0; n < N_ACLS; n++)
    {
      struct richacl *acl = rng_acl (&rng, RNG_ACL_MASKED | RNG_ACL_INHERIT
					   | RNG_ACL_FLAGS);
      uid_t owner = owner_of (n);
      struct richacl *result = applied (acl, owner), *remasked = NULL;
      char why[160] = "apply_masks failed";
      int isdir, inherited_same = 1;

      property_check (&access, result && same_access (acl, result, n, why,
						       sizeof why),
		      n, acl, result, "%s", why);
      property_check (&form, result
		      && !(result->a_flags & (RICHACL_MASKED
					      | RICHACL_WRITE_THROUGH))
		      && result->a_flags == (acl->a_flags
					     & ~(RICHACL_MASKED
						 | RICHACL_WRITE_THROUGH))
		      && richacl_valid (result) == 0,
		      n, acl, result, "flags 0x%x, or invalid",
		      result ? result->a_flags : 0);

      /* The result, masked again with the same masks and flags. */
      if (result)
	{
	  result->a_flags = acl->a_flags;
	  result->a_owner_mask = acl->a_owner_mask;
	  result->a_group_mask = acl->a_group_mask;
	  result->a_other_mask = acl->a_other_mask;
	  remasked = applied (result, owner);
	}
      property_check (&again, remasked && same_entries (remasked, result),
		      n, result, remasked, "entries changed");

      for (isdir = 0; isdir <= 1 && inherited_same; isdir++)
	{
	  struct richacl *before, *after = NULL;
	  int before_errno;

	  errno = 0;
	  before = richacl_inherit (acl, isdir);
	  before_errno = errno;
	  if (result)
	    {
	      errno = 0;
	      after = richacl_inherit (result, isdir);
	    }
	  inherited_same = result
			   && (before && after
			       ? !richacl_compare (before, after)
			       : !before && !after && before_errno == 0
				 && errno == 0);
	  richacl_free (before);
	  richacl_free (after);
	}
      property_check (&inherit, inherited_same, n, acl, result,
		      "what a %s inherits differs",
		      isdir - 1 ? "directory" : "file");

      richacl_free (remasked);
      richacl_free (result);
      richacl_free (acl);
    }
  property_end (&access);
  property_end (&form);
  property_end (&again);
  property_end (&inherit);
}

/* Masks that take nothing away leave the entries as they are. */
static void
test_apply_masks_noop (void)
{
  struct property all, max;
  struct rng rng;
  int n;

  rng_init (&rng, seed + 1);
  property_start (&all,
		  "apply_masks: all-permitting masks leave the entries alone");
  property_start (&max,
		  "apply_masks: computed max masks leave the entries alone");
  for (n = 0; n < N_ACLS; n++)
    {
      struct richacl *acl = rng_acl (&rng, RNG_ACL_INHERIT), *result;

      acl->a_flags |= RICHACL_MASKED;
      acl->a_owner_mask = acl->a_group_mask = acl->a_other_mask =
	RICHACE_VALID_MASK;
      result = applied (acl, owner_of (n));
      property_check (&all, result && same_entries (acl, result), n, acl,
		      result, "entries changed");
      richacl_free (result);

      richacl_compute_max_masks (acl);
      acl->a_flags |= RICHACL_MASKED;
      result = applied (acl, owner_of (n));
      property_check (&max, result && same_entries (acl, result), n, acl,
		      result, "entries changed");
      richacl_free (result);
      richacl_free (acl);
    }
  property_end (&all);
  property_end (&max);
}

/* ---- richacl_compute_max_masks ---------------------------------------- */

static void
test_max_masks (void)
{
  struct property prop;
  struct rng rng;
  int n;

  rng_init (&rng, seed + 2);
  property_start (&prop, "compute_max_masks: the masks deny nothing the "
			 "entries grant");
  for (n = 0; n < N_ACLS; n++)
    {
      struct richacl *acl = rng_acl (&rng, RNG_ACL_INHERIT);
      struct richacl *masked = richacl_clone (acl);
      char why[160] = "out of memory";
      int good = 0;

      if (masked)
	{
	  richacl_compute_max_masks (masked);
	  masked->a_flags |= RICHACL_MASKED;
	  good = same_access (acl, masked, n, why, sizeof why);
	}
      property_check (&prop, good, n, acl, masked, "%s", why);
      richacl_free (masked);
      richacl_free (acl);
    }
  property_end (&prop);
}

/* ---- Modes -------------------------------------------------------------- */

#define PERMS (S_IRWXU | S_IRWXG | S_IRWXO)

/* The permissions a process gets on top of the ACL (SPEC section 2). */
#define IMPLICIT RICHACE_POSIX_ALWAYS_ALLOWED
#define OWNER_IMPLICIT (IMPLICIT | RICHACE_POSIX_OWNER_ALLOWED)

static int
write_through (const struct richacl *acl)
{
  return (acl->a_flags & (RICHACL_MASKED | RICHACL_WRITE_THROUGH))
	 == (RICHACL_MASKED | RICHACL_WRITE_THROUGH);
}

static void
test_chmod (void)
{
  struct property to_mode, access;
  struct rng rng;
  int n;

  rng_init (&rng, seed + 3);
  property_start (&to_mode, "chmod: masks_to_mode gives the mode back");
  property_start (&access, "chmod: owner and other get exactly their "
			   "triple, the group class at most its own");
  for (n = 0; n < N_ACLS; n++)
    {
      struct richacl *acl = rng_acl (&rng, RNG_ACL_MASKS | RNG_ACL_INHERIT
					   | RNG_ACL_FLAGS);
      mode_t perms = rng_below (&rng, 01000);
      mode_t mode = perms | (rng_below (&rng, 2) ? S_IFDIR : S_IFREG);
      unsigned int x = S_ISDIR (mode) ? 0 : RICHACE_DELETE_CHILD;
      struct test_principal p[TEST_MAX_PRINCIPALS];
      uid_t owner = owner_of (n);
      gid_t group = owning_group_of (n);
      int count = test_principals (p, owner, group), i, got;

      richacl_chmod (acl, mode);
      got = richacl_masks_to_mode (acl);
      property_check (&to_mode, got == (int) perms, n, acl, NULL,
		      "mode 0%o gave 0%o", (unsigned) perms, (unsigned) got);
      for (i = 0; i < count; i++)
	{
	  unsigned int granted = principal_granted (acl, &p[i], owner, group);
	  unsigned int owner_triple = richacl_mode_to_mask (perms >> 6) & ~x;
	  unsigned int group_triple = richacl_mode_to_mask (perms >> 3) & ~x;
	  unsigned int other_triple = richacl_mode_to_mask (perms) & ~x;
	  int good;

	  if (p[i].uid == owner)
	    good = granted == owner_triple;
	  else
	    good = granted == other_triple
		   || !(granted & ~group_triple);
	  if (!good)
	    {
	      char m[32];

	      property_check (&access, 0, n, acl, NULL,
			      "mode 0%o: %s gets %s", (unsigned) perms,
			      p[i].name, mask_letters (granted, m));
	      break;
	    }
	}
      if (i == count)
	property_check (&access, 1, n, acl, NULL, "-");
      richacl_free (acl);
    }
  property_end (&to_mode);
  property_end (&access);
}

/*
 * ACLs with only owner@, group@ and everyone@ entries whose masks are
 * mostly whole rwx triples: random ACLs of other shapes are almost never
 * equivalent to a mode.
 */
static unsigned int
rng_triple_mask (struct rng *rng)
{
  unsigned int mask = richacl_mode_to_mask (rng_below (rng, 8));

  switch (rng_below (rng, 10))
    {
    case 0:
      mask |= rng_mask (rng);
      break;
    case 1:
      mask &= ~RICHACE_DELETE_CHILD;
      break;
    case 2:
      mask |= IMPLICIT & rng_next (rng);
      break;
    }
  return mask;
}

static struct richacl *
rng_mode_like_acl (struct rng *rng)
{
  struct richacl *acl = rng_acl (rng, RNG_ACL_MASKS);
  struct richace *ace;

  if (!acl)
    return NULL;
  richacl_for_each_entry (ace, acl)
    {
      ace->e_flags = RICHACE_SPECIAL_WHO;
      ace->e_id = rng_below (rng, 3);
      ace->e_mask = rng_triple_mask (rng);
    }
  acl->a_owner_mask = rng_triple_mask (rng);
  acl->a_group_mask = rng_triple_mask (rng);
  acl->a_other_mask = rng_triple_mask (rng);
  if (rng_below (rng, 20) == 0)
    acl->a_flags |= RICHACL_AUTO_INHERIT;
  return acl;
}

/* The triple whose permissions are @granted apart from @ignored, or -1. */
static int
triple_of (unsigned int granted, unsigned int ignored)
{
  int t;

  for (t = 0; t < 8; t++)
    if (((richacl_mode_to_mask (t) ^ granted) & ~ignored) == 0)
      return t;
  return -1;
}

/*
 * The mode that @acl is equivalent to according to the access check over
 * all test principals, or -1.  With only owner@, group@ and everyone@
 * entries, each principal is the owner, in the owning group, or other;
 * all principals of one kind must get the same triple.
 */
static int
exhaustive_mode (const struct richacl *acl, mode_t type, uid_t owner,
		 gid_t group)
{
  unsigned int x = S_ISDIR (type) ? 0 : RICHACE_DELETE_CHILD;
  struct test_principal p[TEST_MAX_PRINCIPALS];
  int count = test_principals (p, owner, group), i;
  int triples[3] = { -1, -1, -1 };
  const struct richace *ace;

  if (acl->a_flags & ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH))
    return -1;
  richacl_for_each_entry (ace, acl)
    if (ace->e_flags != RICHACE_SPECIAL_WHO)
      return -1;
  for (i = 0; i < count; i++)
    {
      unsigned int granted = principal_granted (acl, &p[i], owner, group);
      int in_group = 0, g, kind, t;

      for (g = 0; g < p[i].n_groups; g++)
	in_group |= p[i].groups[g] == group;
      kind = p[i].uid == owner ? 0 : in_group ? 1 : 2;
      /* The owner's implicit rights count when the owner mask is what
	 the owner gets (masked + write_through): see richacl_equiv_mode. */
      t = triple_of (granted, x | (kind || write_through (acl)
				   ? IMPLICIT : OWNER_IMPLICIT));
      if (t < 0 || (triples[kind] >= 0 && triples[kind] != t))
	return -1;
      triples[kind] = t;
    }
  for (i = 0; i < 3; i++)
    if (triples[i] < 0)
      return -1;
  return triples[0] << 6 | triples[1] << 3 | triples[2];
}

static void
test_equiv_mode (void)
{
  struct property prop;
  struct rng rng;
  int n, equivalent = 0;

  rng_init (&rng, seed + 4);
  property_start (&prop, "equiv_mode agrees with the access check");
  for (n = 0; n < N_ACLS; n++)
    {
      struct richacl *acl = rng_mode_like_acl (&rng);
      mode_t type = rng_below (&rng, 2) ? S_IFDIR : S_IFREG;
      mode_t mode = type | 07000 | (rng_next (&rng) & PERMS);
      int want = exhaustive_mode (acl, type, owner_of (n), owning_group_of (n));
      int ret = richacl_equiv_mode (acl, &mode);

      if (want >= 0)
	equivalent++;
      property_check (&prop, want < 0 ? ret == -1
			     : ret == 0 && mode == (type | 07000 | want),
		      n, acl, NULL, "%s: equiv_mode %d, mode 0%o; access "
		      "check says %s0%o", S_ISDIR (type) ? "dir" : "file",
		      ret, (unsigned) (mode & 07777), want < 0 ? "none " : "",
		      want < 0 ? 0 : (unsigned) want);
      richacl_free (acl);
    }
  property_end (&prop);
  diag ("%d of %d ACLs were equivalent to a mode", equivalent, N_ACLS);
}

/* ---- Inheritance -------------------------------------------------------- */

static void
test_inherit_files (void)
{
  struct property prop;
  struct rng rng;
  int n;

  rng_init (&rng, seed + 5);
  property_start (&prop, "inherit: files get no inheritance flags");
  for (n = 0; n < N_ACLS; n++)
    {
      struct richacl *acl = rng_acl (&rng, RNG_ACL_INHERIT | RNG_ACL_FLAGS);
      struct richacl *child;
      const struct richace *ace;
      int good;

      errno = 0;
      child = richacl_inherit (acl, 0);
      good = child || errno == 0;
      if (child)
	richacl_for_each_entry (ace, child)
	  if (ace->e_flags & RICHACE_INHERITANCE_FLAGS
	      & ~RICHACE_INHERITED_ACE)
	    good = 0;
      property_check (&prop, good, n, acl, child, "bad flags or errno %d",
		      errno);
      richacl_free (child);
      richacl_free (acl);
    }
  property_end (&prop);
}

int
main (void)
{
  const char *env = getenv ("RICHACL_TEST_SEED");

  if (env && *env)
    seed = strtoull (env, NULL, 0);
  diag ("seed %llu (replay with RICHACL_TEST_SEED=%llu)", seed, seed);

  test_apply_masks_access ();
  test_apply_masks_noop ();
  test_max_masks ();
  test_chmod ();
  test_equiv_mode ();
  test_inherit_files ();
  return done_testing ();
}
