/*
 * richacl_text_names.h - the names of permissions and flags in the text
 * format (SPEC section 6), shared by the parser and the printer.  Not
 * installed.
 *
 * The tables are in print order: the printer walks them front to back, so
 * the order of the rows is the order of the letters in `rwpxdDaARWcCoSeE`.
 * Keeping both directions on one table is what makes printed text parse
 * back to the same bits.  The tables are small and static, so each of the
 * two users gets its own copy and no symbol is shared between objects.
 */
#ifndef RICHACL_TEXT_NAMES_H
#define RICHACL_TEXT_NAMES_H

#include <stddef.h>
#include <sys/richacl.h>

struct richacl_text_name
{
  unsigned int bit;
  char letter;
  /* The name, or the name in file context when the two differ. */
  const char *name;
  /* The name in directory context, or NULL when it is the same. */
  const char *dir_name;
};

#define RICHACL_TEXT_COUNT(table) (sizeof (table) / sizeof ((table)[0]))

static const struct richacl_text_name richacl_text_mask_names[]
  __attribute__ ((unused)) = {
  { RICHACE_READ_DATA, 'r', "read_data", "list_directory" },
  { RICHACE_WRITE_DATA, 'w', "write_data", "add_file" },
  { RICHACE_APPEND_DATA, 'p', "append_data", "add_subdirectory" },
  { RICHACE_EXECUTE, 'x', "execute", NULL },
  { RICHACE_DELETE_CHILD, 'd', "delete_child", NULL },
  { RICHACE_DELETE, 'D', "delete", NULL },
  { RICHACE_READ_ATTRIBUTES, 'a', "read_attributes", NULL },
  { RICHACE_WRITE_ATTRIBUTES, 'A', "write_attributes", NULL },
  { RICHACE_READ_NAMED_ATTRS, 'R', "read_named_attrs", NULL },
  { RICHACE_WRITE_NAMED_ATTRS, 'W', "write_named_attrs", NULL },
  { RICHACE_READ_ACL, 'c', "read_acl", NULL },
  { RICHACE_WRITE_ACL, 'C', "write_acl", NULL },
  { RICHACE_WRITE_OWNER, 'o', "write_owner", NULL },
  { RICHACE_SYNCHRONIZE, 'S', "synchronize", NULL },
  { RICHACE_WRITE_RETENTION, 'e', "write_retention", NULL },
  { RICHACE_WRITE_RETENTION_HOLD, 'E', "write_retention_hold", NULL },
};

static const struct richacl_text_name richacl_text_ace_flag_names[]
  __attribute__ ((unused)) = {
  { RICHACE_FILE_INHERIT_ACE, 'f', "file_inherit", NULL },
  { RICHACE_DIRECTORY_INHERIT_ACE, 'd', "directory_inherit", NULL },
  { RICHACE_NO_PROPAGATE_INHERIT_ACE, 'n', "no_propagate", NULL },
  { RICHACE_INHERIT_ONLY_ACE, 'i', "inherit_only", NULL },
  { RICHACE_INHERITED_ACE, 'a', "inherited", NULL },
};

static const struct richacl_text_name richacl_text_acl_flag_names[]
  __attribute__ ((unused)) = {
  { RICHACL_MASKED, 'm', "masked", NULL },
  { RICHACL_WRITE_THROUGH, 'w', "write_through", NULL },
  { RICHACL_AUTO_INHERIT, 'a', "auto_inherit", NULL },
  { RICHACL_PROTECTED, 'p', "protected", NULL },
  { RICHACL_DEFAULTED, 'd', "defaulted", NULL },
};

/*
 * Entry flags that say what kind of who an entry has.  The text shows them
 * in the who field, never in the flags field, so the parser must not let a
 * hex number in the flags field set them.
 */
#define RICHACL_TEXT_WHO_FLAGS (				\
	RICHACE_SPECIAL_WHO |					\
	RICHACE_IDENTIFIER_GROUP |				\
	RICHACE_UNMAPPED_WHO)

#endif
