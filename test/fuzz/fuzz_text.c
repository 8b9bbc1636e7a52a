/*
 * libFuzzer harness: the text form.
 * Whatever richacl_from_text() accepts is printed with richacl_to_text()
 * (always RICHACL_TEXT_SHOW_MASKS | RICHACL_TEXT_NUMERIC_IDS, so that the
 * masks are printed and ids come back as numbers; LONG, ALIGN and the file
 * or directory context vary with the first input byte) and parsed again:
 * that must succeed and give an ACL equal to the first one.  The ACL flags
 * are printed whenever non-zero and the masks always, so with SHOW_MASKS
 * the whole ACL round-trips and richacl_compare() must be 0.
 *
 * Name lookups: the parser resolves user:NAME / group:NAME with
 * getpwnam_r/getgrnam_r, which through NSS are slow (file reads for every
 * random name) and depend on the host.  This harness defines its own
 * getpwnam_r/getgrnam_r with a fixed table (root=0, daemon=1, nobody=65534,
 * alice=1000, users=100, staff=50); being defined in the executable they
 * take precedence over libc's (and over the sanitizer's weak interceptors),
 * so name parsing stays covered, fast and deterministic.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/richacl.h>

struct fake_name { const char *name; id_t id; };

static const struct fake_name fake_users[] = {
  { "root", 0 }, { "daemon", 1 }, { "alice", 1000 }, { "nobody", 65534 },
};
static const struct fake_name fake_groups[] = {
  { "root", 0 }, { "staff", 50 }, { "users", 100 }, { "nogroup", 65534 },
};

static const struct fake_name *
fake_lookup (const struct fake_name *t, size_t n, const char *name)
{
  size_t i;

  for (i = 0; i < n; i++)
    if (strcmp (t[i].name, name) == 0)
      return &t[i];
  return NULL;
}

int
getpwnam_r (const char *name, struct passwd *pwd, char *buf, size_t size,
	    struct passwd **result)
{
  const struct fake_name *f =
    fake_lookup (fake_users, sizeof fake_users / sizeof *fake_users, name);

  (void) buf;
  (void) size;
  *result = NULL;
  if (!f)
    return 0;
  memset (pwd, 0, sizeof *pwd);
  pwd->pw_uid = f->id;
  pwd->pw_gid = f->id;
  *result = pwd;
  return 0;
}

int
getgrnam_r (const char *name, struct group *grp, char *buf, size_t size,
	    struct group **result)
{
  const struct fake_name *f =
    fake_lookup (fake_groups, sizeof fake_groups / sizeof *fake_groups, name);

  (void) buf;
  (void) size;
  *result = NULL;
  if (!f)
    return 0;
  memset (grp, 0, sizeof *grp);
  grp->gr_gid = f->id;
  *result = grp;
  return 0;
}

static void
silent (const char *fmt, ...)
{
  (void) fmt;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct richacl *acl, *acl2;
  char *text, *printed;
  int given, given2, flags;

  text = malloc (size + 1);
  if (!text)
    return 0;
  memcpy (text, data, size);
  text[size] = '\0';

  flags = RICHACL_TEXT_SHOW_MASKS | RICHACL_TEXT_NUMERIC_IDS;
  if (size)
    {
      if (data[0] & 1)
	flags |= RICHACL_TEXT_LONG;
      if (data[0] & 2)
	flags |= RICHACL_TEXT_ALIGN;
      if (data[0] & 4)
	flags |= RICHACL_TEXT_FILE_CONTEXT;
      else if (data[0] & 8)
	flags |= RICHACL_TEXT_DIRECTORY_CONTEXT;
    }

  /* Alternate between a silent error callback and none. */
  acl = richacl_from_text (text, &given, size && (data[0] & 16) ? silent
								: NULL);
  if (!acl)
    {
      if (errno != EINVAL && errno != ENOMEM)
	abort ();
      free (text);
      return 0;
    }
  /* Masks and flags not given in the text are zero. */
  if ((!(given & RICHACL_TEXT_OWNER_MASK) && acl->a_owner_mask)
      || (!(given & RICHACL_TEXT_GROUP_MASK) && acl->a_group_mask)
      || (!(given & RICHACL_TEXT_OTHER_MASK) && acl->a_other_mask)
      || (!(given & RICHACL_TEXT_FLAGS) && acl->a_flags))
    abort ();

  printed = richacl_to_text (acl, flags);
  if (!printed)
    abort ();		/* the parser only makes printable entries */
  acl2 = richacl_from_text (printed, &given2, NULL);
  if (!acl2)
    abort ();
  /* SHOW_MASKS prints all three masks. */
  if ((given2 & (RICHACL_TEXT_OWNER_MASK | RICHACL_TEXT_GROUP_MASK
		 | RICHACL_TEXT_OTHER_MASK))
      != (RICHACL_TEXT_OWNER_MASK | RICHACL_TEXT_GROUP_MASK
	  | RICHACL_TEXT_OTHER_MASK))
    abort ();
  if (richacl_compare (acl, acl2) != 0)
    abort ();
  richacl_free (acl2);
  richacl_free (acl);
  free (printed);
  free (text);
  return 0;
}
