/*
 * test_inherit.c - create-time inheritance (seed 009), its flag handling
 * for automatic inheritance (seed 010), richacl_inherit_inode (the umask,
 * equivalent modes, the create mode) and richacl_auto_inherit (SPEC
 * section 4 propagation to one file).
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl_literals.h"

#define AI RICHACL_AUTO_INHERIT
#define PROT RICHACL_PROTECTED
#define DEF RICHACL_DEFAULTED
#define MASKED RICHACL_MASKED
#define WT RICHACL_WRITE_THROUGH

#define MAKE(flags, e) acl_make (flags, 0, 0, 0, COUNT (e), e)

/* Inherit from @dir and compare with @want; "(null)" means nothing. */
static void
check_inherit (const struct richacl *dir, int isdir, const char *want,
	       const char *name)
{
  struct richacl *acl;

  errno = EBADF;
  acl = richacl_inherit (dir, isdir);
  if (!acl)
    ok (!strcmp (want, "(null)") && errno == 0, "%s (errno %d)", name,
	errno);
  else
    is_acl (acl, want, name);
  richacl_free (acl);
}

/* The directory ACL of the flag rewriting examples of seed 009. */
static const struct richace dir_entries[] = {
  OWNER_ (r_ | w_ | p_ | x_ | d_, FI_, ALLOW),
  GROUP_ (r_ | x_, DI_, ALLOW),
  EVERYONE_ (r_, FI_ | NP_, ALLOW),
  USER_ (1000, w_, FI_ | IO_, DENY),
  GID_ (2000, x_, DI_ | IO_, ALLOW),
  USER_ (1001, r_ | d_, DI_ | NP_, ALLOW),
  USER_ (1002, r_, FI_ | DI_ | NP_, ALLOW),
  USER_ (1003, r_, FI_ | DI_, ALLOW),
  USER_ (1004, r_, FI_ | DI_ | IO_, ALLOW),
  USER_ (1005, r_, FI_ | NP_ | IO_, ALLOW),
  USER_ (1006, r_, NP_, ALLOW),
  USER_ (1007, r_, IO_, ALLOW),
  GID_ (2001, r_ | w_, 0, DENY),
};

static void
test_inherit (void)
{
  static const struct richace only_dir[] = { GROUP_ (r_, DI_, ALLOW) };
  static const struct richace none_inheritable[] = {
    OWNER_ (r_ | w_, 0, ALLOW),
    EVERYONE_ (r_, NP_ | IO_, ALLOW),
  };
  static const struct richace stale_inherited[] = {
    OWNER_ (r_, FI_ | DI_ | IH_, ALLOW),
    GROUP_ (r_, FI_ | IH_, ALLOW),
  };
  struct richacl *dir = MAKE (0, dir_entries);
  struct richacl *acl;

  check_inherit (dir, 0,
		 "owner@:rwpx::allow everyone@:r::allow user:1000:w::deny "
		 "user:1002:r::allow user:1003:r::allow user:1004:r::allow "
		 "user:1005:r::allow",
		 "a file inherits file_inherit entries without any "
		 "inheritance flags or delete_child, in order");
  acl = richacl_inherit (dir, 0);
  ok (acl && acl->a_count == 7
      && acl->a_entries[3].e_id == 1002 && acl->a_entries[6].e_id == 1005,
      "the inherited entries keep their order");
  ok (acl && acl->a_flags == 0 && acl->a_owner_mask == 0
      && acl->a_group_mask == 0 && acl->a_other_mask == 0,
      "the inherited ACL has no flags and empty masks");
  richacl_free (acl);

  check_inherit (dir, 1,
		 "owner@:rwpxd:fi:allow group@:rx:d:allow "
		 "user:1000:w:fi:deny group:2000:x:d:allow user:1001:rd::allow "
		 "user:1002:r::allow user:1003:r:fd:allow user:1004:r:fd:allow",
		 "a directory: file_inherit becomes inherit-only, "
		 "directory_inherit loses inherit-only, no_propagate ends "
		 "inheritance, delete_child stays");
  richacl_free (dir);

  dir = MAKE (AI | PROT | DEF | MASKED | WT, dir_entries);
  check_inherit (dir, 0,
		 "flags:a owner@:rwpx:a:allow everyone@:r:a:allow "
		 "user:1000:w:a:deny user:1002:r:a:allow user:1003:r:a:allow "
		 "user:1004:r:a:allow user:1005:r:a:allow",
		 "auto_inherit: a file gets only the auto_inherit flag and "
		 "inherited entries");
  check_inherit (dir, 1,
		 "flags:a owner@:rwpxd:fia:allow group@:rx:da:allow "
		 "user:1000:w:fia:deny group:2000:x:da:allow "
		 "user:1001:rd:a:allow user:1002:r:a:allow "
		 "user:1003:r:fda:allow user:1004:r:fda:allow",
		 "auto_inherit: a directory's entries are marked inherited, "
		 "no_propagate ones too");
  richacl_free (dir);

  dir = MAKE (0, stale_inherited);
  check_inherit (dir, 1, "owner@:r:fd:allow group@:r:fi:allow",
		 "without auto_inherit, no entry is marked inherited");
  check_inherit (dir, 0, "owner@:r::allow group@:r::allow",
		 "without auto_inherit, a file's entries are not inherited");
  richacl_free (dir);

  dir = MAKE (0, only_dir);
  check_inherit (dir, 0, "(null)",
		 "nothing for a file: NULL with errno 0");
  check_inherit (dir, 1, "group@:r:d:allow",
		 "a directory_inherit entry for a directory");
  richacl_free (dir);

  dir = MAKE (AI, none_inheritable);
  check_inherit (dir, 0, "(null)", "no inheritable entry for a file");
  check_inherit (dir, 1, "(null)", "no inheritable entry for a directory");
  richacl_free (dir);

  dir = richacl_alloc (0);
  check_inherit (dir, 1, "(null)", "an empty directory ACL");
  richacl_free (dir);

  /* An unmapped who is copied, not shared. */
  dir = richacl_alloc (0);
  {
    struct richace named = { ALLOW, RICHACE_UNMAPPED_WHO | FI_, r_, { 0 } };

    named.e_who = "alice@example.org";
    richacl_insert_entry (&dir, 0, &named);
  }
  acl = richacl_inherit (dir, 0);
  ok (acl && acl->a_count == 1
      && acl->a_entries[0].e_who != dir->a_entries[0].e_who
      && !strcmp (acl->a_entries[0].e_who, "alice@example.org")
      && acl->a_entries[0].e_flags == RICHACE_UNMAPPED_WHO,
      "an unmapped who is inherited with its own string");
  richacl_free (acl);
  richacl_free (dir);
}

/* A umask function that counts its calls. */
struct umask_arg
{
  mode_t umask;
  int calls;
};

static mode_t
get_umask (void *arg)
{
  struct umask_arg *u = arg;

  u->calls++;
  return u->umask;
}

/* richacl_inherit_inode: check the mode, the ACL and the umask calls. */
static void
check_inode (const struct richacl *dir, mode_t create, mode_t umask,
	     mode_t want_mode, const char *want_acl, int want_umask_calls,
	     const char *name)
{
  struct umask_arg u = { umask, 0 };
  mode_t mode = create;
  struct richacl *acl;
  int good;

  errno = EBADF;
  acl = richacl_inherit_inode (dir, &mode, get_umask, &u);
  good = mode == want_mode && u.calls == want_umask_calls
	 && (acl || errno == 0)
	 && !strcmp (acl_str (acl), want_acl);
  ok (good, "%s", name);
  if (!good)
    diag ("mode 0%o (want 0%o), umask calls %d, errno %d, ACL %s",
	  (unsigned) mode, (unsigned) want_mode, u.calls, errno,
	  acl_str (acl));
  richacl_free (acl);
}

static void
test_inherit_inode (void)
{
  static const struct richace nothing[] = { OWNER_ (r_ | w_ | p_, 0, ALLOW) };
  static const struct richace equiv644[] = {
    OWNER_ (r_ | w_ | p_, FI_, ALLOW),
    EVERYONE_ (r_, FI_, ALLOW),
  };
  static const struct richace equiv755_dir[] = {
    OWNER_ (r_ | w_ | p_ | x_ | d_, DI_ | NP_, ALLOW),
    EVERYONE_ (r_ | x_, DI_ | NP_, ALLOW),
  };
  static const struct richace user[] = {
    OWNER_ (r_ | w_ | p_, FI_, ALLOW),
    USER_ (1000, r_ | w_, FI_, ALLOW),
    EVERYONE_ (r_, FI_, ALLOW),
  };
  static const struct richace subdir[] = {
    OWNER_ (r_ | w_ | p_ | x_ | d_, DI_, ALLOW),
    EVERYONE_ (r_ | w_ | p_, FI_, ALLOW),
  };
  struct richacl *dir;
  mode_t mode;
  struct richacl *acl;

  dir = MAKE (0, nothing);
  check_inode (dir, S_IFREG | 0666, 022, S_IFREG | 0644, "(null)", 1,
	       "nothing inherited: the umask applies");
  check_inode (dir, S_IFDIR | 0777, 027, S_IFDIR | 0750, "(null)", 1,
	       "nothing inherited by a directory: the umask applies");
  mode = S_IFREG | 0666;
  errno = EBADF;
  ok (richacl_inherit_inode (dir, &mode, NULL, NULL) == NULL && errno == 0
      && mode == (S_IFREG | 0666), "no umask function: no umask");
  richacl_free (dir);

  dir = MAKE (0, equiv644);
  check_inode (dir, S_IFREG | 0666, 077, S_IFREG | 0644, "(null)", 0,
	       "an inherited ACL equivalent to 0644: the mode, no umask");
  check_inode (dir, S_IFREG | 0600, 0, S_IFREG | 0600, "(null)", 0,
	       "the equivalent mode is limited by the create mode");
  check_inode (dir, S_IFREG | 04755, 0, S_IFREG | 04644, "(null)", 0,
	       "the equivalent mode keeps the other bits of the create mode");
  check_inode (dir, S_IFDIR | 0777, 022, S_IFDIR | 0777,
	       "flags:m owner:::mask group:::mask other:::mask "
	       "owner@:rwp:fi:allow everyone@:r:fi:allow", 0,
	       "a directory inherits file_inherit entries as inherit-only: "
	       "an ACL, with empty masks");
  richacl_free (dir);

  dir = MAKE (0, equiv755_dir);
  check_inode (dir, S_IFDIR | 0777, 0077, S_IFDIR | 0755, "(null)", 0,
	       "a directory inheriting an ACL equivalent to 0755");
  richacl_free (dir);

  dir = MAKE (0, user);
  check_inode (dir, S_IFREG | 0640, 077, S_IFREG | 0640,
	       "flags:m owner:rwp::mask group:r::mask other:::mask "
	       "owner@:rwp::allow user:1000:rw::allow everyone@:r::allow", 0,
	       "an ACL a mode cannot express: max masks limited by the "
	       "create mode, masked, mode and umask untouched");
  check_inode (dir, S_IFREG | 0777, 0, S_IFREG | 0777,
	       "flags:m owner:rwp::mask group:rw::mask other:r::mask "
	       "owner@:rwp::allow user:1000:rw::allow everyone@:r::allow", 0,
	       "create mode 0777 leaves the max masks");
  richacl_free (dir);

  dir = MAKE (AI, user);
  check_inode (dir, S_IFREG | 0666, 0, S_IFREG | 0666,
	       "flags:map owner:rwp::mask group:rw::mask other:r::mask "
	       "owner@:rwp:a:allow user:1000:rw:a:allow everyone@:r:a:allow", 0,
	       "auto_inherit: creating is an implicit chmod, so protected");
  richacl_free (dir);

  dir = MAKE (AI, equiv644);
  check_inode (dir, S_IFREG | 0666, 0, S_IFREG | 0666,
	       "flags:map owner:rwp::mask group:r::mask other:r::mask "
	       "owner@:rwp:a:allow everyone@:r:a:allow", 0,
	       "auto_inherit ACLs are never equivalent to a mode");
  richacl_free (dir);

  dir = MAKE (0, subdir);
  check_inode (dir, S_IFDIR | 0750, 0, S_IFDIR | 0750,
	       "flags:m owner:rwpxd::mask group:::mask other:::mask "
	       "owner@:rwpxd:d:allow everyone@:rwp:fi:allow", 0,
	       "a subdirectory: inherit-only entries add nothing to the masks");
  richacl_free (dir);

  /* The create mode limits what the inherited ACL grants. */
  dir = MAKE (0, user);
  mode = S_IFREG | 0604;
  acl = richacl_inherit_inode (dir, &mode, NULL, NULL);
  {
    const gid_t g[] = { 300 };

    ok (acl && richacl_granted_mask (acl, 100, 200, 1000, g, 1) == 0,
	"user:1000 gets nothing with a create mode of 0604");
    ok (acl && richacl_granted_mask (acl, 100, 200, 999, g, 1) == r_,
	"others get r with a create mode of 0604");
    ok (acl && richacl_granted_mask (acl, 100, 200, 100, g, 1)
	== (r_ | w_ | p_), "the owner gets rwp");
  }
  richacl_free (acl);
  richacl_free (dir);
}

static void
check_auto (const struct richacl *acl, const struct richacl *inherited,
	    const char *want, const char *name)
{
  struct richacl *result = richacl_auto_inherit (acl, inherited);

  if (!is_acl (result, want, name))
    diag ("from %s", acl_str (acl));
  ok (result && result != acl && result != inherited,
      "%s: a new ACL", name);
  richacl_free (result);
}

static void
test_auto_inherit (void)
{
  static const struct richace parent_entries[] = {
    OWNER_ (r_ | w_ | p_, FI_, ALLOW),
    GID_ (2000, r_, FI_ | DI_, ALLOW),
  };
  static const struct richace child_entries[] = {
    USER_ (1000, r_ | w_ | x_, 0, ALLOW),
    OWNER_ (r_, IH_, ALLOW),
    EVERYONE_ (x_, IH_, ALLOW),
    USER_ (1001, w_, 0, DENY),
  };
  struct richacl *parent = MAKE (AI, parent_entries);
  struct richacl *plain_parent = MAKE (0, parent_entries);
  struct richacl *inherited = richacl_inherit (parent, 0);
  struct richacl *plain_inherited = richacl_inherit (plain_parent, 0);
  struct richacl *child, *result;

  is_acl (inherited, "flags:a owner@:rwp:a:allow group:2000:r:a:allow",
	  "what the file inherits now");

  child = MAKE (0, child_entries);
  check_auto (child, inherited,
	      "user:1000:rwx::allow owner@:r:a:allow everyone@:x:a:allow "
	      "user:1001:w::deny",
	      "no auto_inherit: the ACL stays as it is");
  richacl_free (child);

  child = MAKE (AI | PROT, child_entries);
  check_auto (child, inherited,
	      "flags:ap user:1000:rwx::allow owner@:r:a:allow "
	      "everyone@:x:a:allow user:1001:w::deny",
	      "protected: the ACL stays as it is");
  richacl_free (child);

  child = MAKE (AI, child_entries);
  check_auto (child, inherited,
	      "flags:a owner:rwpx::mask group:rwx::mask other:::mask "
	      "user:1000:rwx::allow user:1001:w::deny owner@:rwp:a:allow "
	      "group:2000:r:a:allow",
	      "auto_inherit: explicit entries stay in order, inherited ones "
	      "are replaced and follow them, max masks");
  check_auto (child, NULL,
	      "flags:a owner:rwx::mask group:rwx::mask other:::mask "
	      "user:1000:rwx::allow user:1001:w::deny",
	      "nothing inherited any more: only the explicit entries stay");
  check_auto (child, plain_inherited,
	      "flags:a owner:rwpx::mask group:rwx::mask other:::mask "
	      "user:1000:rwx::allow user:1001:w::deny owner@:rwp:a:allow "
	      "group:2000:r:a:allow",
	      "entries taken over are marked inherited even when the "
	      "directory has no auto_inherit");
  richacl_free (child);

  child = acl_make (AI | MASKED | WT, r_ | w_, r_, 0, COUNT (child_entries),
		    child_entries);
  check_auto (child, inherited,
	      "flags:mwa owner:rw::mask group:r::mask other:::mask "
	      "user:1000:rwx::allow user:1001:w::deny owner@:rwp:a:allow "
	      "group:2000:r:a:allow",
	      "a masked ACL keeps its masks and flags");
  richacl_free (child);

  child = acl_make (AI | WT, r_ | w_, r_, 0, COUNT (child_entries),
		    child_entries);
  check_auto (child, inherited,
	      "flags:a owner:rwpx::mask group:rwx::mask other:::mask "
	      "user:1000:rwx::allow user:1001:w::deny owner@:rwp:a:allow "
	      "group:2000:r:a:allow",
	      "unmasked: write_through goes with the recomputed masks");
  richacl_free (child);

  child = MAKE (AI | DEF, child_entries);
  check_auto (child, inherited,
	      "flags:ad owner:rwp::mask group:r::mask other:::mask "
	      "owner@:rwp:a:allow group:2000:r:a:allow",
	      "defaulted: the whole ACL is replaced by the inherited one");
  check_auto (child, NULL, "flags:ad",
	      "defaulted, nothing inherited: no entries left");
  check_auto (child, plain_inherited,
	      "flags:ad owner:rwp::mask group:r::mask other:::mask "
	      "owner@:rwp:a:allow group:2000:r:a:allow",
	      "defaulted: entries taken over are marked inherited");
  richacl_free (child);

  child = MAKE (AI | PROT | DEF, child_entries);
  check_auto (child, inherited,
	      "flags:apd user:1000:rwx::allow owner@:r:a:allow "
	      "everyone@:x:a:allow user:1001:w::deny",
	      "protected wins over defaulted");
  richacl_free (child);

  /* Propagation after a change of the directory's ACL. */
  {
    static const struct richace new_parent_entries[] = {
      EVERYONE_ (r_ | x_, FI_, ALLOW),
    };
    struct richacl *new_parent = MAKE (AI, new_parent_entries);
    struct richacl *now = richacl_inherit (new_parent, 0);
    struct richacl *again;

    child = richacl_clone (inherited);
    richacl_compute_max_masks (child);
    result = richacl_auto_inherit (child, now);
    richacl_compute_max_masks (now);
    ok (result && richacl_compare (result, now) == 0,
	"a file with only inherited entries ends up with what it would "
	"inherit now");
    again = richacl_auto_inherit (result, now);
    ok (again && richacl_compare (again, result) == 0,
	"propagating the same change twice changes nothing");
    richacl_free (again);
    richacl_free (result);
    richacl_free (child);
    richacl_free (now);
    richacl_free (new_parent);
  }

  /* Unmapped who strings of explicit entries are copied. */
  child = MAKE (AI, child_entries);
  {
    struct richace named = { ALLOW, RICHACE_UNMAPPED_WHO, r_, { 0 } };

    named.e_who = "bob@example.org";
    richacl_insert_entry (&child, 0, &named);
  }
  result = richacl_auto_inherit (child, inherited);
  ok (result && result->a_count == 5
      && result->a_entries[0].e_who != child->a_entries[0].e_who
      && !strcmp (result->a_entries[0].e_who, "bob@example.org"),
      "an explicit unmapped entry keeps its own copy of the string");
  richacl_free (result);
  richacl_free (child);

  richacl_free (inherited);
  richacl_free (plain_inherited);
  richacl_free (plain_parent);
  richacl_free (parent);
}

int
main (void)
{
  test_inherit ();
  test_inherit_inode ();
  test_auto_inherit ();
  return done_testing ();
}
