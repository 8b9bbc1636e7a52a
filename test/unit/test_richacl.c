/*
 * test_richacl.c - the in-memory ACL: allocation, cloning, entry helpers,
 * identifiers, insertion and deletion, compare and valid.
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>

#define ALLOW RICHACE_ACCESS_ALLOWED_ACE_TYPE
#define DENY RICHACE_ACCESS_DENIED_ACE_TYPE
#define SPECIAL RICHACE_SPECIAL_WHO

static const struct richace owner_ace = { ALLOW, SPECIAL, 1, { 0 } };
static const struct richace group_ace = { ALLOW, SPECIAL, 1, { 1 } };
static const struct richace everyone_ace = { ALLOW, SPECIAL, 1, { 2 } };
static const struct richace user_ace = { DENY, 0, 2, { 1000 } };
static const struct richace group1000_ace = { ALLOW, RICHACE_IDENTIFIER_GROUP,
					      4, { 1000 } };

int
main (void)
{
  struct richacl *acl, *dup;
  struct richace ace;
  const struct richace all[] = { owner_ace, group_ace, everyone_ace, user_ace,
				 group1000_ace };

  acl = richacl_alloc (3);
  ok (acl && acl->a_count == 3, "alloc sets the count");
  ok (acl && acl->a_flags == 0 && acl->a_owner_mask == 0
      && acl->a_entries[2].e_mask == 0, "alloc zeroes everything");
  richacl_free (acl);
  acl = richacl_alloc (0);
  ok (acl && acl->a_count == 0, "alloc of zero entries");
  richacl_free (acl);
  errno = 0;
  ok (!richacl_alloc (70000) && errno == ENOMEM,
      "alloc beyond a_count's range fails with ENOMEM");
  richacl_free (NULL);
  ok (1 == 1 && errno == ENOMEM, "richacl_free(NULL) is harmless and keeps errno");

  /* Entry classification. */
  ok (richace_is_owner (&owner_ace) && !richace_is_group (&owner_ace)
      && !richace_is_everyone (&owner_ace), "owner@ is only owner@");
  ok (richace_is_group (&group_ace) && !richace_is_owner (&group_ace),
      "group@ is group@");
  ok (richace_is_everyone (&everyone_ace), "everyone@ is everyone@");
  ok (richace_is_unix_user (&user_ace) && !richace_is_unix_group (&user_ace),
      "a uid entry is a unix user");
  ok (richace_is_unix_group (&group1000_ace)
      && !richace_is_unix_user (&group1000_ace), "a gid entry is a unix group");
  ok (!richace_is_unix_user (&owner_ace) && !richace_is_unix_group (&owner_ace),
      "special entries are neither user nor group");
  ok (!richace_is_same_identifier (&user_ace, &group1000_ace),
      "uid 1000 and gid 1000 are different identifiers");
  ok (richace_is_same_identifier (&owner_ace, &owner_ace)
      && !richace_is_same_identifier (&owner_ace, &group_ace),
      "special identifiers compare by id");
  ok (richace_is_allow (&owner_ace) && !richace_is_deny (&owner_ace)
      && richace_is_deny (&user_ace), "allow and deny");

  ace = owner_ace;
  ok (!richace_is_inherit_only (&ace) && !richace_is_inheritable (&ace)
      && !richace_is_inherited (&ace), "plain entry has no inheritance");
  ace.e_flags |= RICHACE_FILE_INHERIT_ACE;
  ok (richace_is_inheritable (&ace), "file_inherit is inheritable");
  ace.e_flags = SPECIAL | RICHACE_DIRECTORY_INHERIT_ACE;
  ok (richace_is_inheritable (&ace), "directory_inherit is inheritable");
  ace.e_flags = SPECIAL | RICHACE_NO_PROPAGATE_INHERIT_ACE;
  ok (!richace_is_inheritable (&ace), "no_propagate alone is not inheritable");
  ace.e_flags |= RICHACE_INHERIT_ONLY_ACE | RICHACE_INHERITED_ACE;
  ok (richace_is_inherit_only (&ace) && richace_is_inherited (&ace),
      "inherit_only and inherited");

  /* Setting identifiers. */
  ace = owner_ace;
  ok (richace_set_uid (&ace, 42) == 0 && richace_is_unix_user (&ace)
      && ace.e_id == 42, "set_uid makes a user entry");
  ok (richace_set_gid (&ace, 43) == 0 && richace_is_unix_group (&ace)
      && ace.e_id == 43, "set_gid makes a group entry");
  ok (richace_set_special_who (&ace, "OWNER@") == 0 && richace_is_owner (&ace),
      "set_special_who OWNER@");
  ok (!(ace.e_flags & RICHACE_IDENTIFIER_GROUP),
      "set_special_who clears the group flag");
  ok (richace_set_special_who (&ace, "GROUP@") == 0 && richace_is_group (&ace),
      "set_special_who GROUP@");
  ok (richace_set_special_who (&ace, "EVERYONE@") == 0
      && richace_is_everyone (&ace), "set_special_who EVERYONE@");
  errno = 0;
  ok (richace_set_special_who (&ace, "owner") == -1 && errno == EINVAL
      && richace_is_everyone (&ace), "an unknown special who is EINVAL");
  ace.e_flags = RICHACE_FILE_INHERIT_ACE | SPECIAL;
  richace_set_uid (&ace, 7);
  ok (ace.e_flags == RICHACE_FILE_INHERIT_ACE, "set_uid keeps other flags");
  richace_copy (&ace, &group1000_ace);
  ok (memcmp (&ace, &group1000_ace, sizeof ace) == 0, "richace_copy");

  /* Clone, compare. */
  acl = acl_make (RICHACL_MASKED, 7, 5, 1, 5, all);
  dup = richacl_clone (acl);
  ok (dup && richacl_compare (acl, dup) == 0, "a clone compares equal");
  dup->a_entries[4].e_mask = 5;
  ok (richacl_compare (acl, dup) != 0, "a changed mask compares unequal");
  dup->a_entries[4].e_mask = 4;
  dup->a_entries[4].e_flags &= ~RICHACE_IDENTIFIER_GROUP;
  ok (richacl_compare (acl, dup) != 0, "user vs group compares unequal");
  dup->a_entries[4].e_flags |= RICHACE_IDENTIFIER_GROUP;
  dup->a_group_mask = 4;
  ok (richacl_compare (acl, dup) != 0, "a changed file mask compares unequal");
  dup->a_group_mask = 5;
  dup->a_flags = 0;
  ok (richacl_compare (acl, dup) != 0, "changed flags compare unequal");
  richacl_free (dup);

  /* Unmapped who strings are owned by their entry. */
  {
    struct richace named = { ALLOW, RICHACE_UNMAPPED_WHO, 1, { 0 } };
    struct richacl *u;

    named.e_who = "alice@example.org";
    u = richacl_alloc (0);
    ok (richacl_insert_entry (&u, 0, &named) == 0 && u->a_count == 1,
	"insert an unmapped entry");
    ok (u->a_entries[0].e_who != named.e_who
	&& !strcmp (u->a_entries[0].e_who, "alice@example.org"),
	"the string is copied");
    dup = richacl_clone (u);
    ok (dup && dup->a_entries[0].e_who != u->a_entries[0].e_who
	&& richacl_compare (u, dup) == 0, "clone copies the string");
    ok (!richace_is_unix_user (&u->a_entries[0]),
	"an unmapped who is not a unix user");
    ok (richacl_valid (u) == -1 && errno == EINVAL,
	"an unmapped who cannot be stored");
    richacl_free (dup);
    richacl_free (u);
  }

  /* Insert and delete by index. */
  dup = richacl_clone (acl);
  ok (richacl_insert_entry (&dup, 0, &user_ace) == 0 && dup->a_count == 6
      && richace_is_unix_user (&dup->a_entries[0])
      && richace_is_owner (&dup->a_entries[1]), "insert at the front");
  ok (richacl_insert_entry (&dup, 6, &owner_ace) == 0 && dup->a_count == 7
      && richace_is_owner (&dup->a_entries[6]), "insert at the end");
  errno = 0;
  ok (richacl_insert_entry (&dup, 8, &owner_ace) == -1 && errno == ERANGE
      && dup->a_count == 7, "insert past the end is ERANGE");
  ok (richacl_delete_entry (dup, 0) == 0 && richacl_delete_entry (dup, 5) == 0
      && richacl_compare (acl, dup) == 0, "delete both again");
  errno = 0;
  ok (richacl_delete_entry (dup, 5) == -1 && errno == ERANGE,
      "delete out of range is ERANGE");
  while (dup->a_count)
    richacl_delete_entry (dup, 0);
  ok (dup->a_count == 0, "delete down to empty");
  richacl_free (dup);

  /* Validity, as the kernel's decoder sees it. */
  ok (richacl_valid (acl) == 0, "a normal ACL is valid");
  acl->a_flags = 0x08;
  ok (richacl_valid (acl) == -1 && errno == EINVAL, "unknown ACL flag invalid");
  acl->a_flags = RICHACL_VALID_FLAGS;
  ok (richacl_valid (acl) == 0, "all ACL flags valid");
  acl->a_other_mask = 0x800;
  ok (richacl_valid (acl) == -1, "unknown bit in a file mask invalid");
  acl->a_other_mask = 0;
  acl->a_entries[0].e_type = 2;
  ok (richacl_valid (acl) == -1, "entry type 2 invalid");
  acl->a_entries[0].e_type = DENY;
  acl->a_entries[0].e_id = 3;
  ok (richacl_valid (acl) == -1, "special id 3 invalid");
  acl->a_entries[0].e_id = 0;
  acl->a_entries[1].e_flags |= 0x10;
  ok (richacl_valid (acl) == -1, "unknown entry flag invalid");
  acl->a_entries[1].e_flags &= ~0x10;
  acl->a_entries[2].e_mask = 0x1000000;
  ok (richacl_valid (acl) == -1, "unknown entry mask bit invalid");
  acl->a_entries[2].e_mask = RICHACE_VALID_MASK;
  ok (richacl_valid (acl) == 0, "all mask bits valid");
  richacl_free (acl);

  return done_testing ();
}
