/*
 * test_access.c - the access check of richacl_access.c (SPEC section 2):
 * which entries match whom, inherit-only entries, first match settles,
 * the file classes and their masks, write_through, and richacl_access()
 * on a file without an ACL.
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acl_literals.h"

#define MASKED RICHACL_MASKED
#define WT RICHACL_WRITE_THROUGH
#define NONE ((gid_t) -1)

/* The owner and owning group of the file in the tests. */
#define FILE_OWNER 100
#define FILE_GROUP 200

/* What @acl grants uid @uid in groups @g1 and @g2 (NONE: no group). */
static unsigned int
granted (const struct richacl *acl, uid_t uid, gid_t g1, gid_t g2)
{
  gid_t groups[2];
  int n = 0;

  if (g1 != NONE)
    groups[n++] = g1;
  if (g2 != NONE)
    groups[n++] = g2;
  return richacl_granted_mask (acl, FILE_OWNER, FILE_GROUP, uid, groups, n);
}

/* Check what @uid in @g1, @g2 is granted; show the masks on failure. */
static void
check (const struct richacl *acl, uid_t uid, gid_t g1, gid_t g2,
       unsigned int want, const char *name)
{
  unsigned int got = granted (acl, uid, g1, g2);

  if (!ok (got == want, "%s", name))
    {
      char m1[64], m2[64];

      mask_text (m1, got);
      mask_text (m2, want);
      diag ("granted %s, want %s: %s", m1, m2, acl_str (acl));
    }
}

/* Build an ACL from entries and masks. */
#define ACL(flags, om, gm, xm, e) acl_make (flags, om, gm, xm, COUNT (e), e)

static void
test_matching (void)
{
  static const struct richace owner[] = { OWNER_ (r_, 0, ALLOW) };
  static const struct richace group[] = { GROUP_ (r_, 0, ALLOW) };
  static const struct richace user[] = { USER_ (1000, w_, 0, ALLOW) };
  static const struct richace gid[] = { GID_ (2000, x_, 0, ALLOW) };
  static const struct richace everyone[] = { EVERYONE_ (r_, 0, ALLOW) };
  static const struct richace owner_user[] = {
    USER_ (FILE_OWNER, r_ | w_, 0, ALLOW)
  };
  struct richacl *acl;

  acl = ACL (0, 0, 0, 0, owner);
  check (acl, FILE_OWNER, 300, NONE, r_, "owner@ matches the owner");
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_,
	 "owner@ matches the owner in the owning group");
  check (acl, 101, FILE_GROUP, NONE, 0,
	 "owner@ does not match a member of the owning group");
  richacl_free (acl);

  acl = ACL (0, 0, 0, 0, group);
  check (acl, 101, FILE_GROUP, NONE, r_,
	 "group@ matches the owning group as primary group");
  check (acl, 101, 300, FILE_GROUP, r_,
	 "group@ matches the owning group as supplementary group");
  check (acl, 101, 300, NONE, 0, "group@ does not match other groups");
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_,
	 "group@ matches the owner when in the owning group");
  check (acl, FILE_OWNER, 300, NONE, 0,
	 "group@ does not match the owner outside the owning group");
  check (acl, FILE_GROUP, 300, NONE, 0,
	 "group@ does not match a uid equal to the owning gid");
  richacl_free (acl);

  acl = ACL (0, 0, 0, 0, user);
  check (acl, 1000, 300, NONE, w_, "a user entry matches its uid");
  check (acl, 1001, 300, NONE, 0, "a user entry does not match other uids");
  check (acl, 5, 1000, NONE, 0, "a user entry does not match a gid");
  richacl_free (acl);

  acl = ACL (0, 0, 0, 0, gid);
  check (acl, 5, 2000, NONE, x_, "a group entry matches the primary group");
  check (acl, 5, 300, 2000, x_,
	 "a group entry matches a supplementary group");
  check (acl, 2000, 300, NONE, 0, "a group entry does not match a uid");
  richacl_free (acl);

  acl = ACL (0, 0, 0, 0, everyone);
  check (acl, 999, 999, NONE, r_, "everyone@ matches a stranger");
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_, "everyone@ matches the owner");
  check (acl, 999, NONE, NONE, r_, "everyone@ matches without any group");
  richacl_free (acl);

  acl = ACL (0, 0, 0, 0, owner_user);
  check (acl, FILE_OWNER, 300, NONE, r_ | w_,
	 "a user entry naming the owner matches the owner");
  richacl_free (acl);

  {
    struct richacl *u = richacl_alloc (0);
    struct richace named = { ALLOW, RICHACE_UNMAPPED_WHO, r_, { 0 } };

    named.e_who = "100";
    richacl_insert_entry (&u, 0, &named);
    check (u, FILE_OWNER, FILE_GROUP, NONE, 0,
	   "an unmapped who matches nobody, even with the owner's number");
    check (u, 999, 999, NONE, 0, "an unmapped who does not match a stranger");
    richacl_free (u);
  }
}

static void
test_order (void)
{
  static const struct richace inherit_only[] = {
    OWNER_ (r_, FI_ | IO_, ALLOW),
  };
  static const struct richace inherit_only_deny[] = {
    OWNER_ (w_, IO_, DENY),
    OWNER_ (w_, 0, ALLOW),
  };
  static const struct richace inheritable[] = {
    OWNER_ (r_, FI_ | DI_, ALLOW),
  };
  static const struct richace deny_first[] = {
    OWNER_ (w_, 0, DENY),
    OWNER_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace allow_first[] = {
    OWNER_ (r_ | w_, 0, ALLOW),
    OWNER_ (w_, 0, DENY),
  };
  static const struct richace everyone_deny[] = {
    EVERYONE_ (r_, 0, DENY),
    OWNER_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace group_deny[] = {
    EVERYONE_ (w_, 0, DENY),
    GROUP_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace several[] = {
    USER_ (1000, r_, 0, ALLOW),
    GID_ (2000, r_ | w_, 0, DENY),
    EVERYONE_ (r_ | w_ | x_, 0, ALLOW),
  };
  static const struct richace all_bits[] = {
    EVERYONE_ (0xffffffff, 0, ALLOW),
  };
  struct richacl *acl;

  acl = ACL (0, 0, 0, 0, inherit_only);
  check (acl, FILE_OWNER, 300, NONE, 0, "inherit-only entries are skipped");
  richacl_free (acl);
  acl = ACL (0, 0, 0, 0, inherit_only_deny);
  check (acl, FILE_OWNER, 300, NONE, w_,
	 "an inherit-only deny entry does not settle anything");
  richacl_free (acl);
  acl = ACL (0, 0, 0, 0, inheritable);
  check (acl, FILE_OWNER, 300, NONE, r_,
	 "inheritable entries without inherit-only are effective");
  richacl_free (acl);
  acl = ACL (0, 0, 0, 0, deny_first);
  check (acl, FILE_OWNER, 300, NONE, r_, "a deny before an allow settles");
  ok (richacl_permission (acl, FILE_OWNER, FILE_GROUP, FILE_OWNER, NULL, 0,
			  r_) == 0, "richacl_permission grants r");
  errno = 0;
  ok (richacl_permission (acl, FILE_OWNER, FILE_GROUP, FILE_OWNER, NULL, 0,
			  r_ | w_) == -1 && errno == EACCES,
      "richacl_permission: one denied bit denies the request (EACCES)");
  ok (richacl_permission (acl, FILE_OWNER, FILE_GROUP, FILE_OWNER, NULL, 0,
			  0) == 0, "richacl_permission: an empty request");
  richacl_free (acl);
  acl = ACL (0, 0, 0, 0, allow_first);
  check (acl, FILE_OWNER, 300, NONE, r_ | w_,
	 "an allow before a deny settles");
  errno = 0;
  ok (richacl_permission (acl, FILE_OWNER, FILE_GROUP, FILE_OWNER, NULL, 0,
			  x_) == -1 && errno == EACCES,
      "bits no entry names are denied");
  richacl_free (acl);
  acl = ACL (0, 0, 0, 0, everyone_deny);
  check (acl, FILE_OWNER, 300, NONE, w_, "everyone@ deny settles for the owner");
  richacl_free (acl);
  acl = ACL (0, 0, 0, 0, group_deny);
  check (acl, 101, FILE_GROUP, NONE, r_,
	 "everyone@ deny settles for the owning group");
  richacl_free (acl);
  acl = ACL (0, 0, 0, 0, several);
  check (acl, 1000, 2000, NONE, r_ | x_,
	 "user allow r, then group deny rw, then everyone@ rwx");
  check (acl, 5, 2000, NONE, x_, "a member of the group: only x");
  check (acl, 5, 300, NONE, r_ | w_ | x_, "a stranger: rwx");
  {
    const gid_t g[] = { FILE_GROUP };

    ok (richacl_granted_mask (acl, FILE_OWNER, FILE_GROUP, 5, g, -1)
	== (r_ | w_ | x_), "a negative group count means no groups");
  }
  richacl_free (acl);
  acl = ACL (0, 0, 0, 0, all_bits);
  check (acl, 999, 999, NONE, RICHACE_VALID_MASK,
	 "only valid permission bits are reported");
  richacl_free (acl);
}

static void
test_masks (void)
{
  static const struct richace group_everyone[] = {
    GROUP_ (r_ | w_, 0, ALLOW),
    EVERYONE_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace group_only[] = { GROUP_ (r_ | w_, 0, ALLOW) };
  static const struct richace owner_rw[] = { OWNER_ (r_ | w_, 0, ALLOW) };
  static const struct richace owner_user[] = {
    USER_ (FILE_OWNER, r_ | w_, 0, ALLOW),
    USER_ (1000, r_ | w_, 0, ALLOW),
  };
  static const struct richace group_deny[] = {
    GROUP_ (w_, 0, DENY),
    OWNER_ (r_ | w_, 0, ALLOW),
  };
  static const struct richace class_later[] = {
    EVERYONE_ (r_ | w_, 0, ALLOW),
    USER_ (1000, r_, 0, ALLOW),
    GID_ (2000, x_, 0, ALLOW),
  };
  static const struct richace group_then_owner_deny[] = {
    GROUP_ (r_ | w_, 0, ALLOW),
    OWNER_ (w_, 0, DENY),
  };
  static const struct richace everyone_rw[] = { EVERYONE_ (r_ | w_, 0, ALLOW) };
  static const struct richace user_then_everyone[] = {
    USER_ (1000, x_, 0, ALLOW),
    EVERYONE_ (r_ | w_, 0, ALLOW),
  };
  struct richacl *acl;

  acl = ACL (MASKED, r_ | w_ | p_ | x_, r_, 0, group_everyone);
  check (acl, 101, FILE_GROUP, NONE, r_,
	 "masked: the group class is limited by the group mask");
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_ | w_,
	 "masked: group@ grants the owner at most the group mask, "
	 "everyone@ the rest");
  check (acl, 999, 999, NONE, 0, "masked: others are limited by the other mask");
  richacl_free (acl);

  acl = ACL (MASKED, r_ | w_, r_, 0, group_only);
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_,
	 "owner:rw::mask group@:rw::allow: the owner in the group gets what "
	 "the other members get");
  check (acl, 101, FILE_GROUP, NONE, r_, "and so do the other members");
  richacl_free (acl);

  acl = ACL (MASKED, r_ | w_, 0, 0, owner_rw);
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_ | w_,
	 "owner@ is not limited by the group mask");
  acl->a_owner_mask = r_;
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_,
	 "the owner is limited by the owner mask");
  acl->a_flags = 0;
  acl->a_owner_mask = 0;
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_ | w_,
	 "without masked, the masks do not matter");
  richacl_free (acl);

  acl = ACL (MASKED, r_ | w_, 0, 0, owner_user);
  check (acl, FILE_OWNER, 300, NONE, r_ | w_,
	 "a user entry naming the owner is not limited by the group mask");
  check (acl, 1000, 300, NONE, 0,
	 "a user entry for someone else is limited by the group mask");
  acl->a_owner_mask = w_;
  check (acl, FILE_OWNER, 300, NONE, w_,
	 "a user entry naming the owner is limited by the owner mask");
  richacl_free (acl);

  acl = ACL (MASKED, r_ | w_, 0, 0, group_deny);
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_,
	 "deny entries are not limited by the group mask");
  check (acl, FILE_OWNER, 300, NONE, r_ | w_,
	 "outside the owning group group@ does not deny the owner");
  richacl_free (acl);

  acl = ACL (MASKED, r_ | w_ | p_ | x_, r_, r_ | w_, class_later);
  check (acl, 1000, 300, NONE, r_,
	 "the class is looked for after all bits are settled: user entry");
  check (acl, 5, 2000, NONE, r_,
	 "a matching group entry puts the process in the group class");
  check (acl, 999, 999, NONE, r_ | w_,
	 "a stranger matching only everyone@ is in the other class");
  {
    const gid_t g[] = { 300 };

    /* A request of only some bits is settled early, by everyone@. */
    errno = 0;
    ok (richacl_permission (acl, FILE_OWNER, FILE_GROUP, 1000, g, 1,
			    r_ | w_) == -1 && errno == EACCES,
	"settled by everyone@, the walk goes on to find the group class");
    ok (richacl_permission (acl, FILE_OWNER, FILE_GROUP, 1000, g, 1, r_) == 0,
	"and the group mask then allows r");
    ok (richacl_permission (acl, FILE_OWNER, FILE_GROUP, 999, g, 1,
			    r_ | w_) == 0,
	"a stranger is granted rw by everyone@ and the other mask");
  }
  richacl_free (acl);

  acl = ACL (MASKED, r_ | w_, r_, 0, group_then_owner_deny);
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_,
	 "bits of a group-class allow beyond the group mask are left for "
	 "later entries to settle");
  check (acl, FILE_OWNER, 300, NONE, 0,
	 "outside the owning group the owner gets nothing");
  acl->a_flags = 0;
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_ | w_,
	 "unmasked, group@ settles rw for the owner first");
  richacl_free (acl);

  acl = ACL (MASKED, 0, r_ | w_, r_, everyone_rw);
  check (acl, 101, FILE_GROUP, NONE, r_ | w_,
	 "a member of the owning group is in the group class without group@");
  check (acl, FILE_OWNER, FILE_GROUP, NONE, 0,
	 "the owner is in the owner class even in the owning group");
  check (acl, 999, 999, NONE, r_, "everyone@ does not change the class");
  richacl_free (acl);

  acl = ACL (MASKED, 0, r_, r_ | w_ | x_, user_then_everyone);
  check (acl, 1000, 300, NONE, r_,
	 "a group-class entry limited by the group mask settles nothing "
	 "beyond it");
  richacl_free (acl);

  {
    struct richacl *u = ACL (MASKED, 0, 0, r_, everyone_rw);
    struct richace named = { ALLOW, RICHACE_UNMAPPED_WHO, r_ | w_, { 0 } };

    named.e_who = "999";
    richacl_insert_entry (&u, 0, &named);
    check (u, 999, 999, NONE, r_,
	   "an unmapped who does not put anyone in the group class");
    richacl_free (u);
  }
}

static void
test_write_through (void)
{
  static const struct richace everyone_deny[] = { EVERYONE_ (r_, 0, DENY) };
  static const struct richace owner_deny[] = {
    OWNER_ (r_ | w_ | p_, 0, DENY),
  };
  static const struct richace group_r[] = {
    GROUP_ (r_, 0, ALLOW),
    USER_ (1000, r_, 0, ALLOW),
  };
  struct richacl *acl;

  acl = ACL (MASKED | WT, 0, 0, r_, everyone_deny);
  check (acl, 999, 999, NONE, r_,
	 "write_through: others get the other mask despite a deny entry");
  acl->a_other_mask = r_ | w_ | C_;
  check (acl, 999, 999, NONE, r_ | w_ | C_,
	 "write_through: others get exactly the other mask");
  acl->a_flags = MASKED;
  check (acl, 999, 999, NONE, 0, "without write_through: the deny entry");
  acl->a_flags = WT;
  check (acl, 999, 999, NONE, 0, "write_through without masked does nothing");
  richacl_free (acl);

  acl = ACL (MASKED | WT, r_ | w_ | p_, 0, 0, owner_deny);
  check (acl, FILE_OWNER, FILE_GROUP, NONE, r_ | w_ | p_,
	 "write_through: the owner gets the owner mask despite a deny entry");
  acl->a_owner_mask = C_;
  check (acl, FILE_OWNER, 300, NONE, C_,
	 "write_through: the owner gets exactly the owner mask");
  acl->a_flags = MASKED;
  check (acl, FILE_OWNER, 300, NONE, 0,
	 "without write_through: the owner gets what the entries allow");
  richacl_free (acl);

  acl = ACL (MASKED | WT, 0, r_ | w_, r_ | w_, group_r);
  check (acl, 101, FILE_GROUP, NONE, r_,
	 "write_through does not change the group class");
  check (acl, 1000, 300, NONE, r_,
	 "write_through does not change named users");
  check (acl, 999, 999, NONE, r_ | w_, "while others get the other mask");
  richacl_free (acl);
}

/* richacl_access() on files without an ACL: their from_mode ACL. */
static void
test_file_access (void)
{
  char dir[] = "/tmp/test_access.XXXXXX";
  char file[sizeof dir + 8];
  struct stat st;
  gid_t g[1];
  int fd, supported;
  struct richacl *acl;

  if (!mkdtemp (dir))
    {
      ok (0, "mkdtemp: %s", strerror (errno));
      return;
    }
  snprintf (file, sizeof file, "%s/f", dir);
  fd = open (file, O_CREAT | O_WRONLY, 0600);
  if (fd >= 0)
    close (fd);
  errno = 0;
  acl = richacl_get_file (file);
  supported = !acl && (errno == ENODATA || errno == ENOTSUP);
  richacl_free (acl);
  if (!supported)
    {
      ok (1, "# SKIP the file has a richacl or cannot be read");
      goto out;
    }

  chmod (file, 0640);
  stat (file, &st);
  g[0] = st.st_gid;
  ok (richacl_access (file, &st, st.st_uid, g, 1) == (int) (r_ | w_ | p_),
      "richacl_access: the owner of a 0640 file gets rwp");
  g[0] = st.st_gid + 1;
  ok (richacl_access (file, &st, st.st_uid + 1, g, 1) == 0,
      "richacl_access: a stranger gets nothing of a 0640 file");
  g[0] = st.st_gid;
  ok (richacl_access (file, &st, st.st_uid + 1, g, 1) == (int) r_,
      "richacl_access: a member of the owning group gets r");

  chmod (dir, 0751);
  stat (dir, &st);
  g[0] = st.st_gid + 1;
  ok (richacl_access (dir, &st, st.st_uid, g, 1)
      == (int) (r_ | w_ | p_ | x_ | d_),
      "richacl_access: the owner of a 0751 directory gets rwpxd");
  ok (richacl_access (dir, &st, st.st_uid + 1, g, 1) == (int) x_,
      "richacl_access: a stranger gets x of a 0751 directory");
  chmod (dir, 0700);

  errno = 0;
  ok (richacl_access ("/nonexistent/test_access", &st, 0, g, 1) == -1
      && errno == ENOENT, "richacl_access of a missing file: ENOENT");

out:
  unlink (file);
  rmdir (dir);
}

int
main (void)
{
  test_matching ();
  test_order ();
  test_masks ();
  test_write_through ();
  test_file_access ();
  return done_testing ();
}
