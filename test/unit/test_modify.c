/*
 * test_modify.c - richacl_modify, the `setrichacl --modify` merge (SPEC
 * section 7): replacing, deleting and placing new entries.
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl_literals.h"

/*
 * An ACL with both sections: explicit entries (two leading deny entries),
 * then inherited entries (one leading deny entry).
 */
static const struct richace base_entries[] = {
  OWNER_ (w_, 0, DENY),
  USER_ (1000, x_, 0, DENY),
  OWNER_ (r_ | w_ | p_, 0, ALLOW),
  EVERYONE_ (r_, 0, ALLOW),
  OWNER_ (x_, IH_, DENY),
  GROUP_ (r_, IH_, ALLOW),
  EVERYONE_ (x_, IH_, ALLOW),
};

#define BASE "owner@:w::deny user:1000:x::deny owner@:rwp::allow " \
  "everyone@:r::allow owner@:x:a:deny group@:r:a:allow everyone@:x:a:allow"

/* Apply @changes to a copy of @entries and compare with @want. */
static void
check_modify (const struct richace *entries, int count,
	      const struct richace *changes, int n_changes, const char *want,
	      const char *name)
{
  struct richacl *acl = acl_make (0, 0, 0, 0, count, entries);
  struct richacl *ch = acl_make (0, 0, 0, 0, n_changes, changes);
  int rc = richacl_modify (&acl, ch);

  ok (rc == 0, "%s: returns 0", name);
  is_acl (acl, want, name);
  richacl_free (ch);
  richacl_free (acl);
}

#define MODIFY(changes, want, name) \
  check_modify (base_entries, COUNT (base_entries), changes, \
		COUNT (changes), want, name)

static void
test_base (void)
{
  static const struct richace nothing[] = { USER_ (4242, 0, 0, ALLOW) };
  static const struct richace delete_owner_allow[] = { OWNER_ (0, 0, ALLOW) };
  static const struct richace replace_mask[] = {
    OWNER_ (r_ | w_ | p_ | x_, 0, ALLOW)
  };
  static const struct richace replace_flags[] = {
    OWNER_ (r_ | w_ | p_, FI_ | DI_, ALLOW)
  };
  static const struct richace delete_user[] = { USER_ (1000, 0, 0, DENY) };
  static const struct richace delete_absent[] = { USER_ (1001, 0, 0, DENY) };
  static const struct richace new_deny[] = { USER_ (1001, w_, 0, DENY) };
  static const struct richace new_allow[] = { USER_ (1001, r_, 0, ALLOW) };
  static const struct richace new_inherited_deny[] = {
    USER_ (1001, w_, IH_, DENY)
  };
  static const struct richace new_inherited_allow[] = {
    USER_ (1001, r_, IH_, ALLOW)
  };
  static const struct richace type_matters[] = {
    OWNER_ (r_, 0, DENY),
    EVERYONE_ (w_, 0, DENY),
  };
  static const struct richace inherited_bit_matters[] = {
    GROUP_ (w_, 0, ALLOW)
  };
  static const struct richace inherited_replace[] = {
    GROUP_ (r_ | x_, FI_ | DI_ | IH_, ALLOW)
  };
  static const struct richace inherited_delete[] = {
    EVERYONE_ (0, IH_, ALLOW), OWNER_ (0, IH_, DENY)
  };
  static const struct richace user_not_group[] = {
    GID_ (1000, r_, 0, DENY)
  };
  static const struct richace add_then_delete[] = {
    USER_ (5, r_, 0, ALLOW), USER_ (5, 0, 0, ALLOW)
  };
  static const struct richace several[] = {
    USER_ (1002, w_, 0, DENY),
    USER_ (1003, w_, 0, DENY),
    USER_ (1002, r_, 0, ALLOW),
    USER_ (1003, r_, 0, ALLOW),
  };
  static const struct richace delete_all[] = {
    OWNER_ (0, 0, DENY), USER_ (1000, 0, 0, DENY), OWNER_ (0, 0, ALLOW),
    EVERYONE_ (0, 0, ALLOW), OWNER_ (0, IH_, DENY), GROUP_ (0, IH_, ALLOW),
    EVERYONE_ (0, IH_, ALLOW)
  };

  MODIFY (nothing, BASE, "an empty mask for a missing entry changes nothing");
  MODIFY (delete_owner_allow,
	  "owner@:w::deny user:1000:x::deny everyone@:r::allow "
	  "owner@:x:a:deny group@:r:a:allow everyone@:x:a:allow",
	  "an empty mask deletes the allow entry, not the deny entry");
  MODIFY (replace_mask,
	  "owner@:w::deny user:1000:x::deny owner@:rwpx::allow "
	  "everyone@:r::allow owner@:x:a:deny group@:r:a:allow "
	  "everyone@:x:a:allow",
	  "the same type and who: the mask is replaced in place");
  MODIFY (replace_flags,
	  "owner@:w::deny user:1000:x::deny owner@:rwp:fd:allow "
	  "everyone@:r::allow owner@:x:a:deny group@:r:a:allow "
	  "everyone@:x:a:allow",
	  "the flags are replaced in place");
  MODIFY (delete_user,
	  "owner@:w::deny owner@:rwp::allow everyone@:r::allow "
	  "owner@:x:a:deny group@:r:a:allow everyone@:x:a:allow",
	  "an empty mask deletes the entry");
  MODIFY (delete_absent, BASE, "deleting a missing entry changes nothing");
  MODIFY (new_deny,
	  "owner@:w::deny user:1000:x::deny user:1001:w::deny "
	  "owner@:rwp::allow everyone@:r::allow owner@:x:a:deny "
	  "group@:r:a:allow everyone@:x:a:allow",
	  "a new deny entry goes after the leading deny entries");
  MODIFY (new_allow,
	  "owner@:w::deny user:1000:x::deny owner@:rwp::allow "
	  "everyone@:r::allow user:1001:r::allow owner@:x:a:deny "
	  "group@:r:a:allow everyone@:x:a:allow",
	  "a new allow entry goes at the end of the explicit entries");
  MODIFY (new_inherited_deny,
	  "owner@:w::deny user:1000:x::deny owner@:rwp::allow "
	  "everyone@:r::allow owner@:x:a:deny user:1001:w:a:deny "
	  "group@:r:a:allow everyone@:x:a:allow",
	  "a new inherited deny entry goes after the leading inherited deny "
	  "entries");
  MODIFY (new_inherited_allow,
	  "owner@:w::deny user:1000:x::deny owner@:rwp::allow "
	  "everyone@:r::allow owner@:x:a:deny group@:r:a:allow "
	  "everyone@:x:a:allow user:1001:r:a:allow",
	  "a new inherited allow entry goes at the very end");
  MODIFY (type_matters,
	  "owner@:r::deny user:1000:x::deny everyone@:w::deny "
	  "owner@:rwp::allow everyone@:r::allow owner@:x:a:deny "
	  "group@:r:a:allow everyone@:x:a:allow",
	  "a deny change edits the deny entry; no everyone@ deny yet: new");
  MODIFY (inherited_bit_matters,
	  "owner@:w::deny user:1000:x::deny owner@:rwp::allow "
	  "everyone@:r::allow group@:w::allow owner@:x:a:deny "
	  "group@:r:a:allow everyone@:x:a:allow",
	  "an explicit change does not edit an inherited entry");
  MODIFY (inherited_replace,
	  "owner@:w::deny user:1000:x::deny owner@:rwp::allow "
	  "everyone@:r::allow owner@:x:a:deny group@:rx:fda:allow "
	  "everyone@:x:a:allow",
	  "an inherited change edits the inherited entry");
  MODIFY (inherited_delete,
	  "owner@:w::deny user:1000:x::deny owner@:rwp::allow "
	  "everyone@:r::allow group@:r:a:allow",
	  "inherited entries can be deleted");
  MODIFY (user_not_group,
	  "owner@:w::deny user:1000:x::deny group:1000:r::deny "
	  "owner@:rwp::allow everyone@:r::allow owner@:x:a:deny "
	  "group@:r:a:allow everyone@:x:a:allow",
	  "group 1000 is not user 1000");
  MODIFY (add_then_delete, BASE,
	  "changes apply in order: added, then deleted again");
  MODIFY (several,
	  "owner@:w::deny user:1000:x::deny user:1002:w::deny "
	  "user:1003:w::deny owner@:rwp::allow everyone@:r::allow "
	  "user:1002:r::allow user:1003:r::allow owner@:x:a:deny "
	  "group@:r:a:allow everyone@:x:a:allow",
	  "several new entries keep the order of the changes");
  MODIFY (delete_all, "", "every entry deleted");
}

static void
test_edge_cases (void)
{
  static const struct richace deny[] = { USER_ (7, w_, 0, DENY) };
  static const struct richace allow[] = { USER_ (7, r_, 0, ALLOW) };
  static const struct richace ideny[] = { USER_ (7, w_, IH_, DENY) };
  static const struct richace only_inherited[] = {
    OWNER_ (w_, IH_, DENY),
    EVERYONE_ (r_, IH_, ALLOW),
  };
  static const struct richace allow_first[] = {
    OWNER_ (r_ | w_ | p_, 0, ALLOW),
    EVERYONE_ (w_, 0, DENY),
  };
  static const struct richace all_deny[] = {
    OWNER_ (w_, 0, DENY),
    GROUP_ (w_, 0, DENY),
  };
  struct richacl *acl, *ch;
  struct richace named = { ALLOW, RICHACE_UNMAPPED_WHO, r_, { 0 } };
  struct richace same_who = { ALLOW, RICHACE_UNMAPPED_WHO, r_ | w_, { 0 } };
  struct richacl *before;

  check_modify (NULL, 0, deny, 1, "user:7:w::deny",
		"a deny entry into an empty ACL");
  check_modify (NULL, 0, allow, 1, "user:7:r::allow",
		"an allow entry into an empty ACL");
  check_modify (NULL, 0, ideny, 1, "user:7:w:a:deny",
		"an inherited entry into an empty ACL");
  check_modify (only_inherited, 2, allow, 1,
		"user:7:r::allow owner@:w:a:deny everyone@:r:a:allow",
		"explicit allow before the inherited entries");
  check_modify (only_inherited, 2, deny, 1,
		"user:7:w::deny owner@:w:a:deny everyone@:r:a:allow",
		"explicit deny before the inherited entries");
  check_modify (only_inherited, 2, ideny, 1,
		"owner@:w:a:deny user:7:w:a:deny everyone@:r:a:allow",
		"inherited deny after the leading inherited deny");
  check_modify (allow_first, 2, deny, 1,
		"user:7:w::deny owner@:rwp::allow everyone@:w::deny",
		"a deny entry after an allow entry is not a leading one");
  check_modify (all_deny, 2, deny, 1,
		"owner@:w::deny group@:w::deny user:7:w::deny",
		"all entries deny: the new deny goes last");
  check_modify (all_deny, 2, ideny, 1,
		"owner@:w::deny group@:w::deny user:7:w:a:deny",
		"an inherited deny into an ACL without inherited entries");

  /* Flags and masks of the ACL, and of the changes, are not touched. */
  acl = acl_make (RICHACL_MASKED | RICHACL_AUTO_INHERIT, r_, w_, x_,
		  COUNT (base_entries), base_entries);
  ch = acl_make (RICHACL_PROTECTED, 0x7, 0x7, 0x7, COUNT (allow), allow);
  ok (richacl_modify (&acl, ch) == 0
      && acl->a_flags == (RICHACL_MASKED | RICHACL_AUTO_INHERIT)
      && acl->a_owner_mask == r_ && acl->a_group_mask == w_
      && acl->a_other_mask == x_ && acl->a_count == COUNT (base_entries) + 1,
      "the ACL's flags and masks stay, the changes' are ignored");
  richacl_free (ch);
  richacl_free (acl);

  /* Unmapped who strings: copied on insert, matched by string. */
  acl = richacl_alloc (0);
  ch = richacl_alloc (0);
  named.e_who = "alice@example.org";
  richacl_insert_entry (&ch, 0, &named);
  ok (richacl_modify (&acl, ch) == 0 && acl->a_count == 1
      && acl->a_entries[0].e_who != ch->a_entries[0].e_who
      && !strcmp (acl->a_entries[0].e_who, "alice@example.org"),
      "a new unmapped entry gets its own string");
  richacl_free (ch);
  ch = richacl_alloc (0);
  same_who.e_who = "alice@example.org";
  richacl_insert_entry (&ch, 0, &same_who);
  before = richacl_clone (acl);
  ok (richacl_modify (&acl, ch) == 0 && acl->a_count == 1
      && acl->a_entries[0].e_mask == (r_ | w_)
      && !strcmp (acl->a_entries[0].e_who, "alice@example.org"),
      "an unmapped entry is matched by its string");
  ch->a_entries[0].e_mask = 0;
  ok (richacl_modify (&acl, ch) == 0 && acl->a_count == 0,
      "and deleted by it");
  richacl_free (before);
  richacl_free (ch);
  richacl_free (acl);

  /* An ACL merged into itself replaces each entry by itself. */
  acl = acl_make (0, 0, 0, 0, COUNT (base_entries), base_entries);
  ok (richacl_modify (&acl, acl) == 0 && !strcmp (acl_str (acl), BASE),
      "an ACL merged into itself stays the same");
  richacl_free (acl);
}

int
main (void)
{
  test_base ();
  test_edge_cases ();
  return done_testing ();
}
