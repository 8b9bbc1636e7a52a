/*
 * test_mode.c - permission bits and ACLs: mode_to_mask, masks_to_mode
 * (seed 004), chmod (seeds 008, 010), from_mode and equiv_mode (SPEC
 * section 3).
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "acl_literals.h"

/* The owner and owning group of the file in the tests. */
#define FILE_OWNER 100
#define FILE_GROUP 200

/* The kinds of process that owner@, group@ and everyone@ tell apart. */
enum who { OWNER_IN_GROUP, OWNER_NOT_IN_GROUP, GROUP_MEMBER, STRANGER };

static unsigned int
grant (const struct richacl *acl, enum who who)
{
  static const gid_t owning[] = { FILE_GROUP }, other[] = { 999 };

  switch (who)
    {
    case OWNER_IN_GROUP:
      return richacl_granted_mask (acl, FILE_OWNER, FILE_GROUP, FILE_OWNER,
				   owning, 1);
    case OWNER_NOT_IN_GROUP:
      return richacl_granted_mask (acl, FILE_OWNER, FILE_GROUP, FILE_OWNER,
				   other, 1);
    case GROUP_MEMBER:
      return richacl_granted_mask (acl, FILE_OWNER, FILE_GROUP, 101, owning,
				   1);
    default:
      return richacl_granted_mask (acl, FILE_OWNER, FILE_GROUP, 999, other,
				   1);
    }
}

/* The mask a mode triple gives, as from_mode and chmod compute it. */
static unsigned int
triple_mask (mode_t mode, int shift)
{
  unsigned int mask = richacl_mode_to_mask (mode >> shift);

  return S_ISDIR (mode) ? mask : mask & ~RICHACE_DELETE_CHILD;
}

static int
equiv (const struct richacl *acl, mode_t *mode)
{
  return richacl_equiv_mode (acl, mode);
}

static void
test_mode_to_mask (void)
{
  ok (richacl_mode_to_mask (0) == 0, "mode_to_mask(0) is empty");
  ok (richacl_mode_to_mask (4) == RICHACE_POSIX_MODE_READ
      && richacl_mode_to_mask (4) == (RICHACE_READ_DATA
				      | RICHACE_LIST_DIRECTORY),
      "r maps to read_data/list_directory");
  ok (richacl_mode_to_mask (2) == (RICHACE_WRITE_DATA | RICHACE_ADD_FILE
				   | RICHACE_APPEND_DATA
				   | RICHACE_ADD_SUBDIRECTORY
				   | RICHACE_DELETE_CHILD),
      "w maps to write_data/append_data/add_file/add_subdirectory/"
      "delete_child");
  ok (richacl_mode_to_mask (2) == (w_ | p_ | d_), "w is wpd");
  ok (richacl_mode_to_mask (1) == RICHACE_EXECUTE, "x maps to execute");
  ok (richacl_mode_to_mask (7) == RICHACE_POSIX_MODE_ALL
      && richacl_mode_to_mask (7) == (r_ | w_ | p_ | x_ | d_),
      "rwx maps to rwpxd");
  ok (richacl_mode_to_mask (5) == (r_ | x_), "r-x maps to rx");
  ok (richacl_mode_to_mask (0750) == 0,
      "mode_to_mask looks at the lowest three bits only");
  ok (richacl_mode_to_mask (S_IFDIR | 0755) == (r_ | x_),
      "the file type does not matter to mode_to_mask");
  ok (richacl_mode_to_mask (0750 >> 3) == (r_ | x_)
      && richacl_mode_to_mask (0750 >> 6) == (r_ | w_ | p_ | x_ | d_),
      "callers shift to get the group and owner triples");
}

static void
test_masks_to_mode (void)
{
  static const struct richace none[1];
  struct richacl *acl = acl_make (0, r_ | w_ | p_ | x_, r_ | x_, r_, 0, none);

  ok (richacl_masks_to_mode (acl) == 0754, "masks rwpx/rx/r give 0754");
  acl->a_owner_mask = p_;
  acl->a_group_mask = 0;
  acl->a_other_mask = 0;
  ok (richacl_masks_to_mode (acl) == 0200,
      "append_data alone gives w (seed 004: maximum permissions)");
  acl->a_owner_mask = w_;
  ok (richacl_masks_to_mode (acl) == 0200, "write_data alone gives w");
  acl->a_owner_mask = d_;
  ok (richacl_masks_to_mode (acl) == 0200, "delete_child alone gives w");
  acl->a_owner_mask = 0;
  acl->a_group_mask = RICHACE_LIST_DIRECTORY;
  ok (richacl_masks_to_mode (acl) == 0040, "list_directory gives r");
  acl->a_group_mask = 0;
  acl->a_other_mask = x_;
  ok (richacl_masks_to_mode (acl) == 0001, "execute gives x");
  acl->a_owner_mask = C_ | o_ | A_ | RICHACE_DELETE;
  acl->a_group_mask = c_ | a_ | S_;
  acl->a_other_mask = RICHACE_WRITE_NAMED_ATTRS;
  ok (richacl_masks_to_mode (acl) == 0,
      "permissions beyond rwx cannot be shown in the mode");
  acl->a_owner_mask = RICHACE_VALID_MASK;
  acl->a_group_mask = RICHACE_VALID_MASK;
  acl->a_other_mask = RICHACE_VALID_MASK;
  ok (richacl_masks_to_mode (acl) == 0777, "all bits give 0777");
  acl->a_flags = 0;
  acl->a_owner_mask = acl->a_group_mask = acl->a_other_mask = 0;
  ok (richacl_masks_to_mode (acl) == 0, "empty masks give 0000");
  richacl_free (acl);
}

static void
test_chmod (void)
{
  static const struct richace e[] = {
    OWNER_ (r_ | w_ | p_ | x_, 0, ALLOW),
    USER_ (1000, r_ | w_ | p_ | x_ | C_, 0, ALLOW),
    EVERYONE_ (r_, 0, ALLOW),
  };
  struct richacl *acl = acl_make (0, 0, 0, 0, COUNT (e), e);
  struct richacl *orig = richacl_clone (acl);
  const gid_t g[] = { 300 };
  int same_entries;

  richacl_chmod (acl, S_IFREG | 0640);
  is_acl (acl, "flags:mw owner:rwp::mask group:r::mask other:::mask "
	  "owner@:rwpx::allow user:1000:rwpxC::allow everyone@:r::allow",
	  "chmod 0640 of a file sets the masks, masked and write_through");
  same_entries = acl->a_count == orig->a_count
		 && !memcmp (acl->a_entries, orig->a_entries,
			     acl->a_count * sizeof *acl->a_entries);
  ok (same_entries, "chmod leaves the entries alone");
  ok (richacl_masks_to_mode (acl) == 0640, "masks_to_mode after chmod 0640");
  ok (grant (acl, OWNER_NOT_IN_GROUP) == (r_ | w_ | p_),
      "write_through: the owner gets exactly the owner mask");
  ok (richacl_granted_mask (acl, FILE_OWNER, FILE_GROUP, 1000, g, 1) == r_,
      "user:1000 is limited to the group mask");
  ok (grant (acl, STRANGER) == 0,
      "write_through: others get exactly the (empty) other mask");

  richacl_chmod (acl, S_IFDIR | 0755);
  is_acl (acl, "flags:mw owner:rwpxd::mask group:rx::mask other:rx::mask "
	  "owner@:rwpx::allow user:1000:rwpxC::allow everyone@:r::allow",
	  "chmod 0755 of a directory keeps delete_child in the masks");
  ok (grant (acl, STRANGER) == (r_ | x_),
      "write_through grants others the other mask beyond the entries");

  richacl_chmod (acl, 0644);
  is_acl (acl, "flags:mw owner:rwp::mask group:r::mask other:r::mask "
	  "owner@:rwpx::allow user:1000:rwpxC::allow everyone@:r::allow",
	  "a mode without file type is a non-directory");

  acl->a_owner_mask |= C_ | o_;
  acl->a_other_mask |= C_;
  richacl_chmod (acl, S_IFREG | 0644);
  ok (acl->a_owner_mask == (r_ | w_ | p_) && acl->a_other_mask == r_,
      "chmod removes permissions added to the masks beyond the mode");

  richacl_chmod (acl, S_IFREG | 0);
  ok (acl->a_owner_mask == 0 && acl->a_group_mask == 0
      && acl->a_other_mask == 0 && richacl_masks_to_mode (acl) == 0,
      "chmod 0000 empties the masks");
  ok (grant (acl, OWNER_IN_GROUP) == 0,
      "after chmod 0000 the owner is granted nothing");
  ok (!(acl->a_flags & RICHACL_PROTECTED),
      "chmod without auto_inherit does not set protected");

  acl->a_flags = RICHACL_AUTO_INHERIT;
  richacl_chmod (acl, S_IFREG | 0600);
  ok (acl->a_flags == (RICHACL_AUTO_INHERIT | RICHACL_PROTECTED
		       | RICHACL_MASKED | RICHACL_WRITE_THROUGH),
      "chmod with auto_inherit sets protected (seed 010)");
  acl->a_flags = RICHACL_AUTO_INHERIT | RICHACL_PROTECTED
		 | RICHACL_DEFAULTED;
  richacl_chmod (acl, S_IFREG | 0600);
  ok (acl->a_flags == (RICHACL_AUTO_INHERIT | RICHACL_PROTECTED
		       | RICHACL_DEFAULTED | RICHACL_MASKED
		       | RICHACL_WRITE_THROUGH),
      "chmod keeps the other ACL flags");
  richacl_free (orig);
  richacl_free (acl);
}

static void
test_from_mode (void)
{
  struct richacl *acl;

  acl = richacl_from_mode (S_IFDIR | 0750);
  is_acl (acl, "owner:rwpxd::mask group:rx::mask other:::mask "
	  "owner@:rwpxd::allow group@:rx::allow",
	  "directory 0750 (SPEC section 8)");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0604);
  is_acl (acl, "owner:rwp::mask group:::mask other:r::mask "
	  "owner@:rwp::allow group@:r::deny everyone@:r::allow",
	  "file 0604 (SPEC section 8)");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0777);
  is_acl (acl, "owner:rwpx::mask group:rwpx::mask other:rwpx::mask "
	  "everyone@:rwpx::allow", "file 0777 is a single everyone@ entry");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFDIR | 0777);
  is_acl (acl, "owner:rwpxd::mask group:rwpxd::mask other:rwpxd::mask "
	  "everyone@:rwpxd::allow", "directory 0777");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0);
  ok (acl && acl->a_count == 0 && acl->a_flags == 0
      && richacl_masks_to_mode (acl) == 0, "mode 0000 has no entries");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0644);
  is_acl (acl, "owner:rwp::mask group:r::mask other:r::mask "
	  "owner@:rwp::allow everyone@:r::allow",
	  "file 0644: group@ needs no entry of its own");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0755);
  is_acl (acl, "owner:rwpx::mask group:rx::mask other:rx::mask "
	  "owner@:rwpx::allow everyone@:rx::allow", "file 0755");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0555);
  is_acl (acl, "owner:rx::mask group:rx::mask other:rx::mask "
	  "everyone@:rx::allow", "file 0555: nobody needs more than everyone@");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0070);
  is_acl (acl, "owner:::mask group:rwpx::mask other:::mask "
	  "owner@:rwpx::deny group@:rwpx::allow",
	  "file 0070: the owner is denied what the group gets");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0406);
  is_acl (acl, "owner:r::mask group:::mask other:rwp::mask "
	  "owner@:wp::deny owner@:r::allow group@:rwp::deny "
	  "everyone@:rwp::allow", "file 0406: all five kinds but group@ allow");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0461);
  is_acl (acl, "owner:r::mask group:rwp::mask other:x::mask "
	  "owner@:wpx::deny owner@:r::allow group@:x::deny "
	  "group@:rwp::allow everyone@:x::allow", "file 0461: five entries");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 0711);
  is_acl (acl, "owner:rwpx::mask group:x::mask other:x::mask "
	  "owner@:rwpx::allow everyone@:x::allow", "file 0711");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFDIR | 0700);
  is_acl (acl, "owner:rwpxd::mask group:::mask other:::mask "
	  "owner@:rwpxd::allow", "directory 0700");
  richacl_free (acl);

  acl = richacl_from_mode (S_IFREG | 04755);
  ok (acl && richacl_masks_to_mode (acl) == 0755,
      "from_mode ignores the setuid bit");
  richacl_free (acl);
}

static void
test_equiv_one (const struct richace *e, int count, unsigned char flags,
		unsigned int om, unsigned int gm, unsigned int xm, mode_t in,
		int want_rc, mode_t want_mode, const char *name)
{
  struct richacl *acl = acl_make (flags, om, gm, xm, count, e);
  mode_t mode = in;
  struct richace *ace;
  int rc;

  /* The ACL owns its unmapped who strings. */
  richacl_for_each_entry (ace, acl)
    if (ace->e_flags & RICHACE_UNMAPPED_WHO)
      ace->e_who = strdup (ace->e_who);
  rc = equiv (acl, &mode);

  if (want_rc == 0)
    ok (rc == 0 && mode == want_mode, "%s: 0%o", name, (unsigned) want_mode);
  else
    ok (rc == -1 && mode == in, "%s: not equivalent", name);
  if (rc != want_rc)
    diag ("rc %d mode 0%o for %s", rc, (unsigned) mode, acl_str (acl));
  richacl_free (acl);
}

#define EQUIV(e, flags, om, gm, xm, in, rc, want, name) \
  test_equiv_one (e, COUNT (e), flags, om, gm, xm, in, rc, want, name)
/* The same for an ACL without entries. */
#define EQUIV0(flags, om, gm, xm, in, rc, want, name) \
  test_equiv_one (NULL, 0, flags, om, gm, xm, in, rc, want, name)

static void
test_equiv_mode (void)
{
  static const struct richace m755[] = {
    OWNER_ (r_ | w_ | p_ | x_, 0, ALLOW),
    GROUP_ (r_ | x_, 0, ALLOW),
    EVERYONE_ (r_ | x_, 0, ALLOW),
  };
  static const struct richace owner_rwp[] = { OWNER_ (r_ | w_ | p_, 0, ALLOW) };
  static const struct richace owner_rwpd[] = {
    OWNER_ (r_ | w_ | p_ | d_, 0, ALLOW)
  };
  static const struct richace owner_w[] = { OWNER_ (w_, 0, ALLOW) };
  static const struct richace owner_p[] = { OWNER_ (p_, 0, ALLOW) };
  static const struct richace owner_wp[] = { OWNER_ (w_ | p_, 0, ALLOW) };
  static const struct richace owner_x[] = { OWNER_ (x_, 0, ALLOW) };
  static const struct richace always[] = {
    EVERYONE_ (r_ | a_ | c_ | S_, 0, ALLOW)
  };
  static const struct richace owner_extra[] = {
    OWNER_ (r_ | w_ | p_ | A_ | C_ | o_, 0, ALLOW)
  };
  static const struct richace group_extra[] = { GROUP_ (r_ | A_, 0, ALLOW) };
  static const struct richace everyone_extra[] = {
    EVERYONE_ (r_ | C_, 0, ALLOW)
  };
  static const struct richace user[] = {
    OWNER_ (r_, 0, ALLOW), USER_ (1000, r_, 0, ALLOW)
  };
  static const struct richace gid[] = { GID_ (FILE_GROUP, r_, 0, ALLOW) };
  static const struct richace inh[] = { OWNER_ (r_, FI_, ALLOW) };
  static const struct richace io[] = { OWNER_ (r_, IO_, ALLOW) };
  static const struct richace inherited[] = { OWNER_ (r_, IH_, ALLOW) };
  static const struct richace depends[] = {
    GROUP_ (w_ | p_, 0, DENY),
    OWNER_ (r_ | w_ | p_, 0, ALLOW),
  };
  static const struct richace deny_then_allow[] = {
    OWNER_ (w_ | p_, 0, DENY),
    EVERYONE_ (r_ | w_ | p_, 0, ALLOW),
  };
  static const struct richace all_rwx[] = {
    OWNER_ (r_ | w_ | p_ | x_, 0, ALLOW),
    GROUP_ (r_ | w_ | p_ | x_, 0, ALLOW),
    EVERYONE_ (r_ | w_ | p_ | x_, 0, ALLOW),
  };
  static const struct richace spec8[] = {
    OWNER_ (r_ | w_ | p_ | x_, 0, ALLOW),
    GROUP_ (r_ | w_ | x_, 0, ALLOW),
    EVERYONE_ (r_ | w_ | x_, 0, ALLOW),
  };
  static const struct richace bad_type[] = { { 2, SPECIAL, r_, { 0 } } };
  static const struct richace bad_special[] = { { ALLOW, SPECIAL, r_, { 3 } } };
  struct richace unmapped[1] = { { ALLOW, RICHACE_UNMAPPED_WHO, r_, { 0 } } };

  EQUIV (m755, 0, 0, 0, 0, S_IFREG, 0, S_IFREG | 0755,
	 "owner@ rwpx, group@ rx, everyone@ rx");
  EQUIV (m755, 0, 0, 0, 0, S_IFREG | 06000, 0, S_IFREG | 06755,
	 "equiv_mode keeps setuid/setgid of the input");
  EQUIV (m755, 0, 0, 0, 0, S_IFREG | 0777, 0, S_IFREG | 0755,
	 "equiv_mode replaces the input's permission bits");
  EQUIV (m755, 0, 0, 0, 0, S_IFDIR, -1, 0,
	 "a directory owner without delete_child");
  EQUIV (owner_rwp, 0, 0, 0, 0, S_IFREG, 0, S_IFREG | 0600,
	 "owner@ rwp on a file");
  EQUIV (owner_rwpd, 0, 0, 0, 0, S_IFREG, 0, S_IFREG | 0600,
	 "delete_child does not matter for a file");
  EQUIV (owner_rwpd, 0, 0, 0, 0, S_IFDIR, 0, S_IFDIR | 0600,
	 "owner@ rwpd on a directory");
  EQUIV (owner_w, 0, 0, 0, 0, S_IFREG, -1, 0, "write_data alone");
  EQUIV (owner_p, 0, 0, 0, 0, S_IFREG, -1, 0, "append_data alone");
  EQUIV (owner_wp, 0, 0, 0, 0, S_IFREG, 0, S_IFREG | 0200,
	 "write_data and append_data");
  EQUIV (owner_x, 0, 0, 0, 0, S_IFREG, 0, S_IFREG | 0100, "owner@ x");
  EQUIV (always, 0, 0, 0, 0, S_IFREG, 0, S_IFREG | 0444,
	 "always-allowed permissions do not matter");
  EQUIV (owner_extra, 0, 0, 0, 0, S_IFREG, 0, S_IFREG | 0600,
	 "the owner's implicit permissions do not matter for the owner");
  EQUIV (group_extra, 0, 0, 0, 0, S_IFREG, -1, 0,
	 "write_attributes for group@");
  EQUIV (everyone_extra, 0, 0, 0, 0, S_IFREG, -1, 0,
	 "write_acl for everyone@");
  EQUIV0 (0, 0, 0, 0, S_IFREG | 04755, 0, S_IFREG | 04000,
	 "an ACL without entries");
  EQUIV (user, 0, 0, 0, 0, S_IFREG, -1, 0, "a user entry");
  EQUIV (gid, 0, 0, 0, 0, S_IFREG, -1, 0,
	 "a group entry, even for the owning group");
  EQUIV (inh, 0, 0, 0, 0, S_IFREG, -1, 0, "an inheritable entry");
  EQUIV (io, 0, 0, 0, 0, S_IFREG, -1, 0, "an inherit-only entry");
  EQUIV (inherited, 0, 0, 0, 0, S_IFREG, -1, 0, "an inherited entry");
  EQUIV (depends, 0, 0, 0, 0, S_IFREG, -1, 0,
	 "the owner gets rwp outside the owning group, r inside");
  EQUIV (deny_then_allow, 0, 0, 0, 0, S_IFREG, 0, S_IFREG | 0466,
	 "an owner@ deny before everyone@");
  EQUIV (bad_type, 0, 0, 0, 0, S_IFREG, -1, 0, "an entry of type 2");
  EQUIV (bad_special, 0, 0, 0, 0, S_IFREG, -1, 0, "special id 3");
  unmapped[0].e_who = "OWNER@";
  EQUIV (unmapped, 0, 0, 0, 0, S_IFREG, -1, 0, "an unmapped who");
  EQUIV (m755, RICHACL_AUTO_INHERIT, 0, 0, 0, S_IFREG, -1, 0,
	 "the auto_inherit flag");
  EQUIV (m755, RICHACL_PROTECTED, 0, 0, 0, S_IFREG, -1, 0,
	 "the protected flag");
  EQUIV (m755, RICHACL_DEFAULTED, 0, 0, 0, S_IFREG, -1, 0,
	 "the defaulted flag");
  EQUIV (all_rwx, RICHACL_MASKED, r_ | w_ | p_ | x_, r_ | x_, 0, S_IFREG, 0,
	 S_IFREG | 0750, "masked: the masks limit each class");
  EQUIV (all_rwx, RICHACL_MASKED, r_ | w_ | p_ | x_, r_ | w_, 0, S_IFREG, -1,
	 0, "masked: a group mask of rw is no triple");
  EQUIV0 (RICHACL_MASKED | RICHACL_WRITE_THROUGH, r_ | w_ | p_, 0, r_,
	 S_IFREG, 0, S_IFREG | 0604,
	 "write_through: owner and other get their masks without entries");
  EQUIV0 (RICHACL_WRITE_THROUGH, r_ | w_ | p_, 0, r_, S_IFREG, 0,
	 S_IFREG | 0, "write_through without masked does nothing");
  EQUIV0 (RICHACL_MASKED | RICHACL_WRITE_THROUGH, r_ | w_ | p_, 0,
	 r_ | C_, S_IFREG, -1, 0, "write_through: write_acl in the other mask");
  EQUIV (spec8, RICHACL_MASKED | RICHACL_WRITE_THROUGH,
	 r_ | w_ | p_ | x_ | C_ | o_, r_ | x_, 0, S_IFREG, -1, 0,
	 "the masked write_through example of SPEC section 8 is stored "
	 "(its owner mask gives write_acl and write_owner)");
  EQUIV (spec8, RICHACL_MASKED | RICHACL_WRITE_THROUGH,
	 r_ | w_ | p_ | x_, r_ | x_, 0, S_IFREG, 0, S_IFREG | 0750,
	 "the same without Co in the owner mask is mode 0750");
  EQUIV (spec8, RICHACL_MASKED, r_ | w_ | p_ | x_ | C_ | o_, r_ | x_, 0,
	 S_IFREG, 0, S_IFREG | 0750,
	 "masked without write_through: the owner's implicit Co don't matter");
}

/* Every mode, both file types: from_mode and equiv_mode are inverses. */
static void
test_all_modes_from_mode (int isdir)
{
  mode_t type = isdir ? S_IFDIR : S_IFREG;
  mode_t perm;

  for (perm = 0; perm <= 0777; perm++)
    {
      mode_t mode = type | perm;
      struct richacl *acl = richacl_from_mode (mode);
      const char *bad = NULL;
      mode_t back = type | 07000;
      enum who who;

      if (!acl)
	bad = "from_mode failed";
      else if (acl->a_count > 5 || acl->a_flags)
	bad = "too many entries or flags set";
      else if (richacl_masks_to_mode (acl) != (int) perm)
	bad = "masks_to_mode differs";
      else if (acl->a_owner_mask != triple_mask (mode, 6)
	       || acl->a_group_mask != triple_mask (mode, 3)
	       || acl->a_other_mask != triple_mask (mode, 0))
	bad = "masks are not the mode's masks";
      else if (equiv (acl, &back) || back != (type | 07000 | perm))
	bad = "equiv_mode does not give the mode back";
      for (who = OWNER_IN_GROUP; acl && !bad && who <= STRANGER; who++)
	{
	  int shift = who <= OWNER_NOT_IN_GROUP ? 6 : who == GROUP_MEMBER ? 3
		      : 0;

	  if (grant (acl, who) != triple_mask (mode, shift))
	    bad = "some class is granted something else";
	}
      ok (!bad, "%s 0%03o: from_mode, masks_to_mode, equiv_mode",
	  isdir ? "directory" : "file", (unsigned) perm);
      if (bad)
	diag ("%s: %s", bad, acl_str (acl));
      richacl_free (acl);
    }
}

/* Every mode, both file types: chmod sets exactly the mode's masks. */
static void
test_all_modes_chmod (int isdir)
{
  static const struct richace e[] = {
    OWNER_ (r_ | w_ | p_ | x_ | d_ | C_, 0, ALLOW),
    USER_ (1000, w_, 0, DENY),
    GID_ (2000, r_ | w_ | p_ | x_ | d_, 0, ALLOW),
    EVERYONE_ (r_ | x_, FI_, ALLOW),
  };
  mode_t type = isdir ? S_IFDIR : S_IFREG;
  mode_t perm;

  for (perm = 0; perm <= 0777; perm++)
    {
      mode_t mode = type | perm;
      struct richacl *acl = acl_make (RICHACL_AUTO_INHERIT,
				      RICHACE_VALID_MASK, RICHACE_VALID_MASK,
				      RICHACE_VALID_MASK, COUNT (e), e);
      const char *bad = NULL;

      richacl_chmod (acl, mode);
      if (richacl_masks_to_mode (acl) != (int) perm)
	bad = "masks_to_mode differs";
      else if (acl->a_owner_mask != triple_mask (mode, 6)
	       || acl->a_group_mask != triple_mask (mode, 3)
	       || acl->a_other_mask != triple_mask (mode, 0))
	bad = "masks are not exactly the mode's masks";
      else if (acl->a_flags != (RICHACL_AUTO_INHERIT | RICHACL_PROTECTED
				| RICHACL_MASKED | RICHACL_WRITE_THROUGH))
	bad = "wrong flags";
      else if (acl->a_count != COUNT (e)
	       || memcmp (acl->a_entries, e, sizeof e))
	bad = "entries changed";
      else if (grant (acl, OWNER_IN_GROUP) != triple_mask (mode, 6)
	       || grant (acl, STRANGER) != triple_mask (mode, 0))
	bad = "write_through does not grant owner and other their masks";
      ok (!bad, "%s 0%03o: chmod then masks_to_mode",
	  isdir ? "directory" : "file", (unsigned) perm);
      if (bad)
	diag ("%s: %s", bad, acl_str (acl));
      richacl_free (acl);
    }
}

/*
 * chmod of a from_mode ACL: with write_through, owner and others get the
 * new mode's bits, the group class what both modes allow it.  Without
 * write_through, each class gets what both modes allow.
 */
static void
test_mode_pairs (int isdir)
{
  mode_t type = isdir ? S_IFDIR : S_IFREG;
  mode_t m1, m2;
  long failures = 0;

  for (m1 = 0; m1 <= 0777; m1++)
    {
      struct richacl *acl = richacl_from_mode (type | m1);

      for (m2 = 0; acl && m2 <= 0777; m2++)
	{
	  mode_t got = type, want = type | (m2 & 0707) | (m1 & m2 & 0070);

	  richacl_chmod (acl, type | m2);
	  if (equiv (acl, &got) || got != want)
	    {
	      if (!failures++)
		diag ("chmod 0%03o of from_mode 0%03o: got 0%o, want 0%o",
		      (unsigned) m2, (unsigned) m1, (unsigned) got,
		      (unsigned) want);
	    }
	  acl->a_flags &= ~RICHACL_WRITE_THROUGH;
	  got = type;
	  want = type | (m1 & m2);
	  if (equiv (acl, &got) || got != want)
	    {
	      if (!failures++)
		diag ("masks 0%03o on from_mode 0%03o: got 0%o, want 0%o",
		      (unsigned) m2, (unsigned) m1, (unsigned) got,
		      (unsigned) want);
	    }
	}
      richacl_free (acl);
    }
  ok (failures == 0, "%s: every chmod of every from_mode ACL is equivalent "
      "to the expected mode (%ld failures)", isdir ? "directory" : "file",
      failures);
}

int
main (void)
{
  test_mode_to_mask ();
  test_masks_to_mode ();
  test_chmod ();
  test_from_mode ();
  test_equiv_mode ();
  test_all_modes_from_mode (0);
  test_all_modes_from_mode (1);
  test_all_modes_chmod (0);
  test_all_modes_chmod (1);
  test_mode_pairs (0);
  test_mode_pairs (1);
  return done_testing ();
}
