/*
 * acl_literals.h - ACLs written as C literals in the tests, and a small
 * printer that shows them in the text form (independent of the library's
 * own printer, so that the algorithm tests do not depend on it).
 * Include after tap.h.
 */
#ifndef ACL_LITERALS_H
#define ACL_LITERALS_H

#include <stdio.h>
#include <sys/richacl.h>

#define ALLOW RICHACE_ACCESS_ALLOWED_ACE_TYPE
#define DENY RICHACE_ACCESS_DENIED_ACE_TYPE
#define SPECIAL RICHACE_SPECIAL_WHO

/* Entries in the order of the text form: who, mask, flags, type. */
#define OWNER_(m, f, t) { t, SPECIAL | (f), m, { RICHACE_OWNER_SPECIAL_ID } }
#define GROUP_(m, f, t) { t, SPECIAL | (f), m, { RICHACE_GROUP_SPECIAL_ID } }
#define EVERYONE_(m, f, t) \
  { t, SPECIAL | (f), m, { RICHACE_EVERYONE_SPECIAL_ID } }
#define USER_(id, m, f, t) { t, f, m, { id } }
#define GID_(id, m, f, t) { t, RICHACE_IDENTIFIER_GROUP | (f), m, { id } }
#define COUNT(a) ((int) (sizeof (a) / sizeof (a)[0]))

/* Permission letters of the text form (SPEC section 6). */
#define r_ RICHACE_READ_DATA
#define w_ RICHACE_WRITE_DATA
#define p_ RICHACE_APPEND_DATA
#define x_ RICHACE_EXECUTE
#define d_ RICHACE_DELETE_CHILD
#define a_ RICHACE_READ_ATTRIBUTES
#define A_ RICHACE_WRITE_ATTRIBUTES
#define c_ RICHACE_READ_ACL
#define C_ RICHACE_WRITE_ACL
#define o_ RICHACE_WRITE_OWNER
#define S_ RICHACE_SYNCHRONIZE
#define D_ RICHACE_DELETE

/* Entry flags. */
#define FI_ RICHACE_FILE_INHERIT_ACE
#define DI_ RICHACE_DIRECTORY_INHERIT_ACE
#define NP_ RICHACE_NO_PROPAGATE_INHERIT_ACE
#define IO_ RICHACE_INHERIT_ONLY_ACE
#define IH_ RICHACE_INHERITED_ACE

/*
 * A small printer in the text form, so that expected ACLs read like
 * getrichacl --raw output: "[flags:F] [owner:M::mask group:M::mask
 * other:M::mask] who:mask:flags:type ...".  The masks are shown when any
 * is set or the ACL is masked.
 */
static void __attribute__ ((unused))
mask_text (char *p, unsigned int mask)
{
  static const char letters[] = "rwpxdDaARWcCoSeE";
  static const unsigned int bits[] = {
    RICHACE_READ_DATA, RICHACE_WRITE_DATA, RICHACE_APPEND_DATA,
    RICHACE_EXECUTE, RICHACE_DELETE_CHILD, RICHACE_DELETE,
    RICHACE_READ_ATTRIBUTES, RICHACE_WRITE_ATTRIBUTES,
    RICHACE_READ_NAMED_ATTRS, RICHACE_WRITE_NAMED_ATTRS, RICHACE_READ_ACL,
    RICHACE_WRITE_ACL, RICHACE_WRITE_OWNER, RICHACE_SYNCHRONIZE,
    RICHACE_WRITE_RETENTION, RICHACE_WRITE_RETENTION_HOLD
  };
  int n;

  for (n = 0; n < 16; n++)
    if (mask & bits[n])
      {
	*p++ = letters[n];
	mask &= ~bits[n];
      }
  if (mask)
    p += sprintf (p, "/0x%x", mask);
  *p = 0;
}

static const char * __attribute__ ((unused))
acl_str (const struct richacl *acl)
{
  static char buf[4096];
  char *p = buf;
  const struct richace *ace;
  char m[64];

  *p = 0;
  if (!acl)
    return "(null)";
  if (acl->a_flags)
    p += sprintf (p, "flags:%s%s%s%s%s ",
		  acl->a_flags & RICHACL_MASKED ? "m" : "",
		  acl->a_flags & RICHACL_WRITE_THROUGH ? "w" : "",
		  acl->a_flags & RICHACL_AUTO_INHERIT ? "a" : "",
		  acl->a_flags & RICHACL_PROTECTED ? "p" : "",
		  acl->a_flags & RICHACL_DEFAULTED ? "d" : "");
  if (acl->a_owner_mask || acl->a_group_mask || acl->a_other_mask
      || (acl->a_flags & RICHACL_MASKED))
    {
      mask_text (m, acl->a_owner_mask);
      p += sprintf (p, "owner:%s::mask ", m);
      mask_text (m, acl->a_group_mask);
      p += sprintf (p, "group:%s::mask ", m);
      mask_text (m, acl->a_other_mask);
      p += sprintf (p, "other:%s::mask ", m);
    }
  richacl_for_each_entry (ace, acl)
    {
      if (richace_is_owner (ace))
	p += sprintf (p, "owner@");
      else if (richace_is_group (ace))
	p += sprintf (p, "group@");
      else if (richace_is_everyone (ace))
	p += sprintf (p, "everyone@");
      else if (ace->e_flags & RICHACE_UNMAPPED_WHO)
	p += sprintf (p, "%s", ace->e_who);
      else if (ace->e_flags & RICHACE_IDENTIFIER_GROUP)
	p += sprintf (p, "group:%u", (unsigned) ace->e_id);
      else
	p += sprintf (p, "user:%u", (unsigned) ace->e_id);
      mask_text (m, ace->e_mask);
      p += sprintf (p, ":%s:%s%s%s%s%s:%s ", m,
		    ace->e_flags & RICHACE_FILE_INHERIT_ACE ? "f" : "",
		    ace->e_flags & RICHACE_DIRECTORY_INHERIT_ACE ? "d" : "",
		    ace->e_flags & RICHACE_NO_PROPAGATE_INHERIT_ACE ? "n" : "",
		    ace->e_flags & RICHACE_INHERIT_ONLY_ACE ? "i" : "",
		    ace->e_flags & RICHACE_INHERITED_ACE ? "a" : "",
		    richace_is_allow (ace) ? "allow"
		    : richace_is_deny (ace) ? "deny" : "?");
    }
  if (p > buf)
    p[-1] = 0;
  return buf;
}

static int __attribute__ ((unused))
is_acl (const struct richacl *acl, const char *want, const char *name)
{
  return is_str (acl_str (acl), want, name);
}

#endif
