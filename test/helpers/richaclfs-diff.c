/*
 * richaclfs-diff - helpers for the richaclfs tests.
 *
 *   richaclfs-diff rename FROM TO [noreplace|exchange]
 *	renameat2(2), which mv(1) of coreutils 9.1 cannot do.
 *
 *   richaclfs-diff prepare DIR SEED COUNT
 *	The differential test's generator.  In DIR (a directory on a
 *	richaclfs mount that grants search to everyone and nothing else),
 *	create COUNT objects with random owners and random ACLs (fixed
 *	SEED), and give each a random principal and operation.  Print the
 *	plan, one line per triple:
 *	    NAME SPEC OWNER NEEDED OP WHO OPNUM
 *	NAME is the object, SPEC the principal as getrichacl
 *	--access=USER:GROUP... takes it, OWNER 1 when the principal owns
 *	the object and the owner may do the operation regardless of the
 *	ACL, NEEDED the alternatives of permission letters of which the
 *	ACL must grant one ("wx", "A|w"), OP the operation's name; WHO and
 *	OPNUM are for the attempt.
 *
 *   richaclfs-diff attempt DIR PLAN
 *	Try each operation of PLAN (the output of prepare) as its
 *	principal, and print "NAME GOT" for each, GOT y, n, or E (an
 *	unexpected error, also printed on stderr).  Run getrichacl before
 *	this: operations like chmod and chown change what it would say.
 */
#include <config.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/richacl.h>

static unsigned long long rng_state;

static unsigned int
rnd (unsigned int n)
{
  /* xorshift64*: fixed sequence for a seed, on every platform. */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (unsigned int) ((rng_state * 2685821657736338717ULL) >> 33) % n;
}

/* The principals: uid and groups (the first is the primary group). */
struct principal
{
  uid_t uid;
  int n;
  gid_t groups[3];
};
static const struct principal principals[] = {
  {30001, 2, {30001, 30010}},
  {30002, 1, {30002}},
  {30002, 3, {30002, 30010, 30011}},
  {30001, 1, {30001}},
  {30003, 1, {30011}},
};
#define N_PRINCIPALS (sizeof principals / sizeof principals[0])

/* The operations. */
enum op
{
  OP_READ, OP_WRITE, OP_APPEND, OP_EXEC, OP_TRUNCATE, OP_CHMOD, OP_CHOWN,
  OP_SETACL, OP_UTIMES, OP_TOUCH, OP_GETNAMED, OP_SETNAMED, OP_DELETE,
  /* directories from here */
  OP_LIST, OP_SEARCH, OP_ADDFILE, OP_ADDSUBDIR, OP_DELCHILD,
  N_OPS
};
static const struct
{
  const char *name;
  bool owner;		/* the owner may, whatever the ACL says */
  const char *needed;
} op_info[N_OPS] = {
  {"read", false, "r"},
  {"write", false, "w"},
  {"append", false, "p"},
  {"exec", false, "x"},
  {"truncate", false, "w"},
  {"chmod", true, "C"},
  {"chown", true, "o"},
  {"setacl", true, "C"},
  {"utimes", true, "A"},
  {"touch", true, "A|w"},
  {"getnamed", false, "R"},
  {"setnamed", false, "W"},
  {"delete", false, "D"},
  {"list", false, "r"},
  {"search", false, "x"},
  {"addfile", false, "wx"},
  {"addsubdir", false, "px"},
  {"delchild", false, "dx"},
};

struct triple
{
  enum op op;
  unsigned int who;
  uid_t owner;
  char got;
};

static const unsigned int who_masks[] = {
  RICHACE_READ_DATA, RICHACE_WRITE_DATA, RICHACE_APPEND_DATA,
  RICHACE_EXECUTE, RICHACE_DELETE_CHILD, RICHACE_DELETE,
  RICHACE_WRITE_ATTRIBUTES, RICHACE_READ_NAMED_ATTRS,
  RICHACE_WRITE_NAMED_ATTRS, RICHACE_WRITE_ACL, RICHACE_WRITE_OWNER
};

static unsigned int
random_mask (void)
{
  unsigned int mask = 0;
  size_t n;

  for (n = 0; n < sizeof who_masks / sizeof who_masks[0]; n++)
    if (rnd (100) < 40)
      mask |= who_masks[n];
  return mask;
}

static void
random_who (struct richace *ace)
{
  static const id_t users[] = {30001, 30002, 30003};
  static const id_t groups[] = {30001, 30002, 30010, 30011};

  switch (rnd (8))
    {
    case 0:
      ace->e_flags |= RICHACE_SPECIAL_WHO;
      ace->e_id = RICHACE_OWNER_SPECIAL_ID;
      break;
    case 1:
      ace->e_flags |= RICHACE_SPECIAL_WHO;
      ace->e_id = RICHACE_GROUP_SPECIAL_ID;
      break;
    case 2:
      ace->e_flags |= RICHACE_SPECIAL_WHO;
      ace->e_id = RICHACE_EVERYONE_SPECIAL_ID;
      break;
    case 3:
    case 4:
    case 5:
      ace->e_id = users[rnd (3)];
      break;
    default:
      ace->e_flags |= RICHACE_IDENTIFIER_GROUP;
      ace->e_id = groups[rnd (4)];
      break;
    }
}

static struct richacl *
random_acl (bool isdir)
{
  unsigned int count = rnd (6), n;
  struct richacl *acl = richacl_alloc (count);

  if (!acl)
    exit (2);
  for (n = 0; n < count; n++)
    {
      struct richace *ace = &acl->a_entries[n];

      ace->e_type = rnd (10) < 7 ? RICHACE_ACCESS_ALLOWED_ACE_TYPE
				 : RICHACE_ACCESS_DENIED_ACE_TYPE;
      ace->e_flags = 0;
      random_who (ace);
      ace->e_mask = random_mask ();
      if (!isdir)
	ace->e_mask &= ~RICHACE_DELETE_CHILD;
      if (isdir && rnd (10) == 0)
	ace->e_flags |= RICHACE_FILE_INHERIT_ACE | RICHACE_INHERIT_ONLY_ACE;
    }
  richacl_compute_max_masks (acl);
  if (rnd (10) < 4)
    {
      acl->a_flags |= RICHACL_MASKED;
      if (rnd (2))
	acl->a_flags |= RICHACL_WRITE_THROUGH;
      acl->a_owner_mask = random_mask ();
      acl->a_group_mask = random_mask ();
      acl->a_other_mask = random_mask ();
    }
  return acl;
}

static void
die (const char *what, const char *name)
{
  fprintf (stderr, "richaclfs-diff: %s %s: %s\n", what, name,
	   strerror (errno));
  exit (2);
}

static void
set_acl (const char *name, const struct richacl *acl)
{
  size_t size = richacl_xattr_size (acl);
  void *value = malloc (size);

  if (!value)
    exit (2);
  richacl_to_xattr (acl, value);
  if (setxattr (name, RICHACL_XATTR, value, size, 0))
    die ("setxattr", name);
  free (value);
}

/* Create object @name for @t, as root, owned by @t->owner. */
static void
prepare (const char *name, struct triple *t)
{
  static const gid_t owning_groups[] = {0, 30001, 30010, 30011};
  static const uid_t owners[] = {0, 30001, 30002};
  bool isdir = t->op >= OP_LIST;
  gid_t gid = owning_groups[rnd (4)];
  struct richacl *acl;
  char child[64];
  int fd;

  t->owner = owners[rnd (3)];
  if (isdir)
    {
      if (mkdir (name, 0700))
	die ("mkdir", name);
      snprintf (child, sizeof child, "%s/c", name);
      fd = open (child, O_WRONLY | O_CREAT | O_EXCL, 0644);
      if (fd < 0)
	die ("create", child);
      close (fd);
    }
  else
    {
      fd = open (name, O_WRONLY | O_CREAT | O_EXCL, 0600);
      if (fd < 0 || write (fd, "#!/bin/true\n", 12) != 12)
	die ("create", name);
      close (fd);
      if (setxattr (name, "user.t", "v", 1, 0))
	die ("setxattr user.t", name);
    }
  if (chown (name, t->owner, gid))
    die ("chown", name);
  acl = random_acl (isdir);
  set_acl (name, acl);
  richacl_free (acl);
}

/* Try @t on @name as the current process; 'y', 'n', or 'E' (printed). */
static char
attempt (const char *name, const struct triple *t)
{
  char path[64], buf[4096];
  struct timespec times[2] = { {1000000, 0}, {1000000, 0} };
  const struct principal *p = &principals[t->who];
  ssize_t len;
  int fd, ret = 0;
  DIR *dir;

  switch (t->op)
    {
    case OP_READ:
    case OP_WRITE:
    case OP_APPEND:
      fd = open (name, t->op == OP_READ ? O_RDONLY
		       : t->op == OP_WRITE ? O_WRONLY : O_WRONLY | O_APPEND);
      ret = fd < 0 ? -1 : close (fd);
      break;
    case OP_EXEC:
      ret = access (name, X_OK);
      break;
    case OP_TRUNCATE:
      ret = truncate (name, 0);
      break;
    case OP_CHMOD:
      {
	struct stat st;

	if (stat (name, &st))
	  return 'E';
	ret = chmod (name, st.st_mode & 07777);
      }
      break;
    case OP_CHOWN:
      ret = chown (name, p->uid, -1);
      break;
    case OP_SETACL:
      len = getxattr (name, RICHACL_XATTR, buf, sizeof buf);
      if (len < 0 && errno == ENODATA)
	{
	  /* Equivalent to its mode: set that ACL. */
	  struct stat st;
	  struct richacl *acl;

	  if (stat (name, &st) || !(acl = richacl_from_mode (st.st_mode)))
	    return 'E';
	  len = richacl_xattr_size (acl);
	  richacl_to_xattr (acl, buf);
	  richacl_free (acl);
	}
      if (len < 0)
	return 'E';
      ret = setxattr (name, RICHACL_XATTR, buf, len, 0);
      break;
    case OP_UTIMES:
      ret = utimensat (AT_FDCWD, name, times, 0);
      break;
    case OP_TOUCH:
      ret = utimensat (AT_FDCWD, name, NULL, 0);
      break;
    case OP_GETNAMED:
      ret = getxattr (name, "user.t", buf, sizeof buf) < 0 ? -1 : 0;
      break;
    case OP_SETNAMED:
      ret = setxattr (name, "user.t", "w", 1, 0);
      break;
    case OP_DELETE:
      ret = unlink (name);
      break;
    case OP_LIST:
      dir = opendir (name);
      ret = dir ? closedir (dir) : -1;
      break;
    case OP_SEARCH:
      {
	struct stat st;

	snprintf (path, sizeof path, "%s/c", name);
	ret = stat (path, &st);
      }
      break;
    case OP_ADDFILE:
      snprintf (path, sizeof path, "%s/new", name);
      fd = open (path, O_WRONLY | O_CREAT | O_EXCL, 0644);
      ret = fd < 0 ? -1 : close (fd);
      break;
    case OP_ADDSUBDIR:
      snprintf (path, sizeof path, "%s/new", name);
      ret = mkdir (path, 0755);
      break;
    case OP_DELCHILD:
      snprintf (path, sizeof path, "%s/c", name);
      ret = unlink (path);
      break;
    default:
      return 'E';
    }
  if (ret == 0)
    return 'y';
  if (errno == EACCES || errno == EPERM)
    return 'n';
  fprintf (stderr, "richaclfs-diff: %s %s as principal %u: %s\n",
	   op_info[t->op].name, name, t->who, strerror (errno));
  return 'E';
}

/* Run the triples of principal @who in a child with its identity. */
static void
run_principal (unsigned int who, struct triple *triples, char **names,
	       unsigned int count)
{
  const struct principal *p = &principals[who];
  int pipefd[2];
  unsigned int n;
  pid_t pid;
  int status;

  if (pipe (pipefd))
    exit (2);
  pid = fork ();
  if (pid < 0)
    exit (2);
  if (pid == 0)
    {
      close (pipefd[0]);
      if (setgroups (p->n, p->groups) || setresgid (p->groups[0],
						    p->groups[0],
						    p->groups[0])
	  || setresuid (p->uid, p->uid, p->uid))
	_exit (2);
      for (n = 0; n < count; n++)
	if (triples[n].who == who)
	  {
	    char got = attempt (names[n], &triples[n]);

	    if (write (pipefd[1], &got, 1) != 1)
	      _exit (2);
	  }
      _exit (0);
    }
  close (pipefd[1]);
  for (n = 0; n < count; n++)
    if (triples[n].who == who
	&& read (pipefd[0], &triples[n].got, 1) != 1)
      triples[n].got = 'E';
  close (pipefd[0]);
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    {
      fprintf (stderr, "richaclfs-diff: principal %u failed\n", who);
      exit (2);
    }
}

static int
prepare_cmd (const char *dir, unsigned long long seed, unsigned int count)
{
  unsigned int n;

  if (chdir (dir))
    die ("chdir", dir);
  umask (0);
  rng_state = seed * 2654435761ULL + 1;
  for (n = 0; n < count; n++)
    {
      struct triple t;
      const struct principal *p;
      char name[32];
      int g;

      snprintf (name, sizeof name, "o%u", n);
      t.op = rnd (N_OPS);
      t.who = rnd (N_PRINCIPALS);
      prepare (name, &t);
      p = &principals[t.who];
      printf ("%s %u", name, (unsigned int) p->uid);
      for (g = 0; g < p->n; g++)
	printf (":%u", (unsigned int) p->groups[g]);
      printf (" %d %s %s %u %u\n",
	      op_info[t.op].owner && p->uid == t.owner,
	      op_info[t.op].needed, op_info[t.op].name, t.who,
	      (unsigned int) t.op);
    }
  return 0;
}

static int
attempt_cmd (const char *dir, const char *plan)
{
  FILE *f = fopen (plan, "r");
  struct triple *triples = NULL;
  char **names = NULL;
  unsigned int count = 0, n, who, op;
  char name[64], spec[128], owner[8], needed[16], opname[16];

  if (!f)
    die ("open", plan);
  while (fscanf (f, "%63s %127s %7s %15s %15s %u %u", name, spec, owner,
		 needed, opname, &who, &op) == 7)
    {
      triples = realloc (triples, (count + 1) * sizeof *triples);
      names = realloc (names, (count + 1) * sizeof *names);
      if (!triples || !names || who >= N_PRINCIPALS || op >= N_OPS
	  || !(names[count] = strdup (name)))
	exit (2);
      triples[count].who = who;
      triples[count].op = op;
      triples[count].got = 'E';
      count++;
    }
  fclose (f);
  if (chdir (dir))
    die ("chdir", dir);
  for (who = 0; who < N_PRINCIPALS; who++)
    run_principal (who, triples, names, count);
  for (n = 0; n < count; n++)
    {
      printf ("%s %c\n", names[n], triples[n].got);
      free (names[n]);
    }
  free (names);
  free (triples);
  return 0;
}

static int
rename_cmd (const char *from, const char *to, const char *how)
{
  unsigned int flags = 0;

  if (how && strcmp (how, "noreplace") == 0)
    flags = RENAME_NOREPLACE;
  else if (how && strcmp (how, "exchange") == 0)
    flags = RENAME_EXCHANGE;
  else if (how)
    {
      fprintf (stderr, "richaclfs-diff: unknown rename flag %s\n", how);
      return 2;
    }
  if (renameat2 (AT_FDCWD, from, AT_FDCWD, to, flags))
    {
      fprintf (stderr, "rename: %s\n", strerror (errno));
      return 1;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc >= 4 && argc <= 5 && strcmp (argv[1], "rename") == 0)
    return rename_cmd (argv[2], argv[3], argc == 5 ? argv[4] : NULL);
  if (argc == 5 && strcmp (argv[1], "prepare") == 0)
    return prepare_cmd (argv[2], strtoull (argv[3], NULL, 10),
			(unsigned int) strtoul (argv[4], NULL, 10));
  if (argc == 4 && strcmp (argv[1], "attempt") == 0)
    return attempt_cmd (argv[2], argv[3]);
  fprintf (stderr, "usage: richaclfs-diff prepare DIR SEED COUNT\n"
	   "       richaclfs-diff attempt DIR PLAN\n"
	   "       richaclfs-diff rename FROM TO [noreplace|exchange]\n");
  return 2;
}
