/*
 * fault_inject.c - an LD_PRELOAD shim for the fault-injection tests
 * (test/fault.bats): make the N-th call of a group of library functions
 * fail with a chosen errno.
 *
 *   FAULT_FUNC=setxattr FAULT_NTH=2 [FAULT_ERRNO=EIO] [FAULT_COUNT=1]
 *   FAULT="chmod:2:0,setxattr:2:0:EIO"   (several: GROUP:NTH[:COUNT[:ERRNO]])
 *
 * FAULT_COUNT (default 1) is how many calls fail from the N-th on; 0
 * means every call from the N-th on.  FAULT_ERRNO is a name (EIO, ENOSPC,
 * ...) or a number; the default is EIO (ENOMEM for malloc).  The groups,
 * each counted as one:
 *
 *   setxattr     setxattr lsetxattr fsetxattr, syscall(setxattrat)
 *   getxattr     getxattr lgetxattr fgetxattr, syscall(getxattrat)
 *   removexattr  removexattr lremovexattr fremovexattr,
 *                syscall(removexattrat)
 *   chmod        chmod fchmod fchmodat lchmod, syscall(fchmodat2)
 *   malloc       malloc calloc realloc
 *   write        write, and every write(2) that stdio makes for stdout:
 *                glibc's stdio calls write internally, out of reach of
 *                interposition, so in the programs it acts in, the shim
 *                always replaces stdout by a stream (fopencookie) whose
 *                writes go through the counter
 *
 * The *xattrat calls (Linux 6.13) and fchmodat2 (6.6) have no glibc
 * wrappers; programs make them with syscall(2), which the shim intercepts
 * by system call number.
 *
 * The shim only acts in the programs named in FAULT_PROGS (default:
 * "getrichacl setrichacl"; a libtool "lt-" prefix is ignored), so that a
 * shell or env(1) in between is never hit.  With FAULT_LOG=FILE it appends
 * one line "inject GROUP N FUNCTION" per failed call (at the time of the
 * call, so that it survives _exit) and, at exit, one line "calls GROUP N"
 * per group: how many calls the run made, which bounds the loops over N.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/xattr.h>
#include <unistd.h>

enum group { G_SETXATTR, G_GETXATTR, G_REMOVEXATTR, G_CHMOD, G_MALLOC,
	     G_WRITE, G_COUNT };
static const char *const group_names[G_COUNT] = {
  "setxattr", "getxattr", "removexattr", "chmod", "malloc", "write"
};

struct spec
{
  unsigned long nth;		/* 0: no fault in this group */
  unsigned long count;		/* 0: every call from nth on */
  int err;
};

static struct spec specs[G_COUNT];
static unsigned long calls[G_COUNT];
static int active;		/* set by the constructor when we act */
static volatile int busy;	/* inside our own bookkeeping: do not count */
static const char *log_name;

/* ------------------------------------------------------------------ */
/* Raw output, without stdio or malloc.                                */

static long sys (long nr, long a, long b, long c, long d, long e, long f);

static void
raw_write (int fd, const char *s, size_t n)
{
  while (n > 0)
    {
      long r = sys (SYS_write, fd, (long) s, n, 0, 0, 0);

      if (r < 0)
	{
	  if (errno == EINTR)
	    continue;
	  return;
	}
      s += r;
      n -= r;
    }
}

static void
die (const char *what)
{
  raw_write (2, "fault_inject: ", 14);
  raw_write (2, what, strlen (what));
  raw_write (2, "\n", 1);
  _exit (99);
}

static void
log_line (const char *a, const char *b, unsigned long n, const char *c)
{
  char buf[256];
  int len, fd, saved = errno;

  if (!log_name)
    return;
  busy++;
  len = snprintf (buf, sizeof buf, "%s %s %lu%s%s\n", a, b, n,
		  c ? " " : "", c ? c : "");
  fd = sys (SYS_open, (long) log_name,
	    O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666, 0, 0, 0);
  if (fd >= 0)
    {
      raw_write (fd, buf, len);
      sys (SYS_close, fd, 0, 0, 0, 0, 0);
    }
  busy--;
  errno = saved;
}

/* ------------------------------------------------------------------ */
/* Resolving the real functions.  dlsym() may allocate, so allocations */
/* made while resolving come from a small static arena.                */

static char arena[65536] __attribute__ ((aligned (16)));
static size_t arena_used;
/* volatile: glibc declares dlsym (and snprintf, for busy) "leaf", which
   lets the compiler assume they never call back into this file -- but
   they call our malloc and free. */
static volatile int resolving;

static int
in_arena (const void *p)
{
  return (const char *) p >= arena && (const char *) p < arena + sizeof arena;
}

static void *
arena_alloc (size_t size)
{
  void *p;

  size = (size + 15) & ~(size_t) 15;
  if (size > sizeof arena - arena_used)
    return NULL;
  p = arena + arena_used;
  arena_used += size;
  return p;
}

static void *
real (const char *name)
{
  void *f;

  resolving++;
  f = dlsym (RTLD_NEXT, name);
  resolving--;
  if (!f)
    die (name);
  return f;
}

#define REAL(type, name, args) \
  static type (*real_##name) args; \
  if (!real_##name) \
    real_##name = (type (*) args) real (#name)

/* ------------------------------------------------------------------ */
/* The decision.                                                       */

static int
should_fail (enum group g, const char *function)
{
  const struct spec *s = &specs[g];
  unsigned long n;

  if (!active || busy)
    return 0;
  /* Atomic: a parallel walk (-j) makes calls from several threads. */
  n = __atomic_add_fetch (&calls[g], 1, __ATOMIC_SEQ_CST);
  if (s->nth == 0 || n < s->nth)
    return 0;
  if (s->count != 0 && n >= s->nth + s->count)
    return 0;
  log_line ("inject", group_names[g], n, function);
  errno = s->err;
  return 1;
}

/* ------------------------------------------------------------------ */
/* Extended attributes.                                                */

ssize_t
getxattr (const char *path, const char *name, void *value, size_t size)
{
  REAL (ssize_t, getxattr, (const char *, const char *, void *, size_t));
  if (should_fail (G_GETXATTR, "getxattr"))
    return -1;
  return real_getxattr (path, name, value, size);
}

ssize_t
lgetxattr (const char *path, const char *name, void *value, size_t size)
{
  REAL (ssize_t, lgetxattr, (const char *, const char *, void *, size_t));
  if (should_fail (G_GETXATTR, "lgetxattr"))
    return -1;
  return real_lgetxattr (path, name, value, size);
}

ssize_t
fgetxattr (int fd, const char *name, void *value, size_t size)
{
  REAL (ssize_t, fgetxattr, (int, const char *, void *, size_t));
  if (should_fail (G_GETXATTR, "fgetxattr"))
    return -1;
  return real_fgetxattr (fd, name, value, size);
}

int
setxattr (const char *path, const char *name, const void *value,
	  size_t size, int flags)
{
  REAL (int, setxattr, (const char *, const char *, const void *, size_t,
			int));
  if (should_fail (G_SETXATTR, "setxattr"))
    return -1;
  return real_setxattr (path, name, value, size, flags);
}

int
lsetxattr (const char *path, const char *name, const void *value,
	   size_t size, int flags)
{
  REAL (int, lsetxattr, (const char *, const char *, const void *, size_t,
			 int));
  if (should_fail (G_SETXATTR, "lsetxattr"))
    return -1;
  return real_lsetxattr (path, name, value, size, flags);
}

int
fsetxattr (int fd, const char *name, const void *value, size_t size,
	   int flags)
{
  REAL (int, fsetxattr, (int, const char *, const void *, size_t, int));
  if (should_fail (G_SETXATTR, "fsetxattr"))
    return -1;
  return real_fsetxattr (fd, name, value, size, flags);
}

int
removexattr (const char *path, const char *name)
{
  REAL (int, removexattr, (const char *, const char *));
  if (should_fail (G_REMOVEXATTR, "removexattr"))
    return -1;
  return real_removexattr (path, name);
}

int
lremovexattr (const char *path, const char *name)
{
  REAL (int, lremovexattr, (const char *, const char *));
  if (should_fail (G_REMOVEXATTR, "lremovexattr"))
    return -1;
  return real_lremovexattr (path, name);
}

int
fremovexattr (int fd, const char *name)
{
  REAL (int, fremovexattr, (int, const char *));
  if (should_fail (G_REMOVEXATTR, "fremovexattr"))
    return -1;
  return real_fremovexattr (fd, name);
}

/* ------------------------------------------------------------------ */
/* Modes.                                                              */

int
chmod (const char *path, mode_t mode)
{
  REAL (int, chmod, (const char *, mode_t));
  if (should_fail (G_CHMOD, "chmod"))
    return -1;
  return real_chmod (path, mode);
}

int
fchmod (int fd, mode_t mode)
{
  REAL (int, fchmod, (int, mode_t));
  if (should_fail (G_CHMOD, "fchmod"))
    return -1;
  return real_fchmod (fd, mode);
}

int
fchmodat (int dirfd, const char *path, mode_t mode, int flags)
{
  REAL (int, fchmodat, (int, const char *, mode_t, int));
  if (should_fail (G_CHMOD, "fchmodat"))
    return -1;
  return real_fchmodat (dirfd, path, mode, flags);
}

int
lchmod (const char *path, mode_t mode)
{
  REAL (int, lchmod, (const char *, mode_t));
  if (should_fail (G_CHMOD, "lchmod"))
    return -1;
  return real_lchmod (path, mode);
}

/* ------------------------------------------------------------------ */
/* System calls by number.                                             */

#define NR_fchmodat2 452
#define NR_setxattrat 463
#define NR_getxattrat 464
#define NR_removexattrat 466

static long
sys (long nr, long a, long b, long c, long d, long e, long f)
{
  static long (*real_syscall) (long, ...);

  if (!real_syscall)
    real_syscall = (long (*) (long, ...)) real ("syscall");
  return real_syscall (nr, a, b, c, d, e, f);
}

long
syscall (long nr, ...)
{
  va_list ap;
  long a, b, c, d, e, f;

  va_start (ap, nr);
  a = va_arg (ap, long);
  b = va_arg (ap, long);
  c = va_arg (ap, long);
  d = va_arg (ap, long);
  e = va_arg (ap, long);
  f = va_arg (ap, long);
  va_end (ap);
  switch (nr)
    {
    case NR_setxattrat:
      if (should_fail (G_SETXATTR, "setxattrat"))
	return -1;
      break;
    case NR_getxattrat:
      if (should_fail (G_GETXATTR, "getxattrat"))
	return -1;
      break;
    case NR_removexattrat:
      if (should_fail (G_REMOVEXATTR, "removexattrat"))
	return -1;
      break;
    case NR_fchmodat2:
      if (should_fail (G_CHMOD, "fchmodat2"))
	return -1;
      break;
    }
  return sys (nr, a, b, c, d, e, f);
}

/* ------------------------------------------------------------------ */
/* Memory.                                                             */

void *
malloc (size_t size)
{
  static void *(*real_malloc) (size_t);

  if (!real_malloc)
    {
      if (resolving)
	return arena_alloc (size);
      real_malloc = (void *(*) (size_t)) real ("malloc");
    }
  if (should_fail (G_MALLOC, "malloc"))
    return NULL;
  return real_malloc (size);
}

void *
calloc (size_t n, size_t size)
{
  static void *(*real_calloc) (size_t, size_t);

  if (!real_calloc)
    {
      if (resolving)
	{
	  if (size && n > (size_t) -1 / size)
	    return NULL;
	  return arena_alloc (n * size);	/* the arena is zero */
	}
      real_calloc = (void *(*) (size_t, size_t)) real ("calloc");
    }
  if (should_fail (G_MALLOC, "calloc"))
    return NULL;
  return real_calloc (n, size);
}

void *
realloc (void *p, size_t size)
{
  static void *(*real_realloc) (void *, size_t);

  if (in_arena (p))
    {
      size_t avail = arena + sizeof arena - (char *) p;
      void *q = malloc (size);

      if (q)
	memcpy (q, p, size < avail ? size : avail);
      return q;
    }
  if (!real_realloc)
    {
      if (resolving)
	return p ? NULL : arena_alloc (size);
      real_realloc = (void *(*) (void *, size_t)) real ("realloc");
    }
  /* realloc (p, 0) frees: nothing to fail. */
  if (!(p && size == 0) && should_fail (G_MALLOC, "realloc"))
    return NULL;
  return real_realloc (p, size);
}

void
free (void *p)
{
  static void (*real_free) (void *);

  if (!p || in_arena (p))
    return;
  if (!real_free)
    {
      if (resolving)
	return;			/* leaked, once, while resolving */
      real_free = (void (*) (void *)) real ("free");
    }
  real_free (p);
}

/* ------------------------------------------------------------------ */
/* Output.                                                             */

ssize_t
write (int fd, const void *buf, size_t n)
{
  REAL (ssize_t, write, (int, const void *, size_t));
  if (should_fail (G_WRITE, "write"))
    return -1;
  return real_write (fd, buf, n);
}

static ssize_t
stdout_cookie_write (void *cookie, const char *buf, size_t n)
{
  size_t done = 0;

  (void) cookie;
  if (should_fail (G_WRITE, "stdout"))
    return -1;
  while (done < n)
    {
      long r = sys (SYS_write, 1, (long) (buf + done), n - done, 0, 0, 0);

      if (r < 0)
	{
	  if (errno == EINTR)
	    continue;
	  return done ? (ssize_t) done : -1;
	}
      done += r;
    }
  return done;
}

/* The program's own stdout, put back when it closes ours: gnulib's
   close_stdout closes stdout and may then report an error with error(),
   which flushes stdout -- which must not be the freed stream then. */
static FILE *saved_stdout;

static int
stdout_cookie_close (void *cookie)
{
  (void) cookie;
  stdout = saved_stdout;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Configuration.                                                      */

static const struct { const char *name; int value; } errnos[] = {
  { "EIO", EIO }, { "ENOSPC", ENOSPC }, { "E2BIG", E2BIG },
  { "EPERM", EPERM }, { "EACCES", EACCES }, { "ENOMEM", ENOMEM },
  { "EDQUOT", EDQUOT }, { "EROFS", EROFS }, { "EFBIG", EFBIG },
  { "ENOTSUP", ENOTSUP }, { "EOPNOTSUPP", EOPNOTSUPP }, { "EINTR", EINTR },
  { "EAGAIN", EAGAIN }, { "ENODATA", ENODATA }, { "ERANGE", ERANGE },
  { "ENOENT", ENOENT }, { "EINVAL", EINVAL }, { "ELOOP", ELOOP },
  { "EPIPE", EPIPE },
};

static int
parse_errno (const char *s, int dflt)
{
  size_t i;

  if (!s || !*s)
    return dflt;
  for (i = 0; i < sizeof errnos / sizeof errnos[0]; i++)
    if (strcmp (s, errnos[i].name) == 0)
      return errnos[i].value;
  if (*s >= '0' && *s <= '9')
    return atoi (s);
  die ("unknown errno name in FAULT_ERRNO/FAULT");
  return 0;
}

static void
add_spec (const char *func, const char *nth, const char *count,
	  const char *err)
{
  int g;

  for (g = 0; g < G_COUNT; g++)
    if (strcmp (func, group_names[g]) == 0)
      break;
  if (g == G_COUNT)
    die ("unknown function group in FAULT_FUNC/FAULT");
  if (!nth || !*nth)
    die ("FAULT_NTH missing");
  specs[g].nth = strtoul (nth, NULL, 10);
  specs[g].count = count && *count ? strtoul (count, NULL, 10) : 1;
  specs[g].err = parse_errno (err, g == G_MALLOC ? ENOMEM : EIO);
}

static int
is_target (void)
{
  const char *progs = getenv ("FAULT_PROGS");
  const char *me = program_invocation_short_name;
  size_t len;

  if (!progs || !*progs)
    progs = "getrichacl setrichacl";
  if (strncmp (me, "lt-", 3) == 0)
    me += 3;
  len = strlen (me);
  while (*progs)
    {
      size_t n = strcspn (progs, " ,");

      if (n == len && strncmp (progs, me, n) == 0)
	return 1;
      progs += n;
      progs += strspn (progs, " ,");
    }
  return 0;
}

__attribute__ ((constructor)) static void
fault_init (void)
{
  const char *list = getenv ("FAULT");
  char buf[512];

  busy++;
  if (!is_target ())
    {
      busy--;
      return;
    }
  log_name = getenv ("FAULT_LOG");
  if (getenv ("FAULT_FUNC") && *getenv ("FAULT_FUNC"))
    add_spec (getenv ("FAULT_FUNC"), getenv ("FAULT_NTH"),
	      getenv ("FAULT_COUNT"), getenv ("FAULT_ERRNO"));
  if (list && *list)
    {
      char *save = NULL, *item;

      if (strlen (list) >= sizeof buf)
	die ("FAULT too long");
      strcpy (buf, list);
      for (item = strtok_r (buf, ",", &save); item;
	   item = strtok_r (NULL, ",", &save))
	{
	  char *f[4] = { NULL, NULL, NULL, NULL }, *s2 = NULL, *tok;
	  int i = 0;

	  for (tok = strtok_r (item, ":", &s2); tok && i < 4;
	       tok = strtok_r (NULL, ":", &s2))
	    f[i++] = tok;
	  add_spec (f[0], f[1], f[2], f[3]);
	}
    }
  /* Always, so that a run without faults counts the writes too. */
  {
    cookie_io_functions_t io = { NULL, stdout_cookie_write, NULL,
				 stdout_cookie_close };
    FILE *fp = fopencookie (NULL, "w", io);

    if (!fp)
      die ("fopencookie failed");
    setvbuf (fp, NULL, isatty (1) ? _IOLBF : _IOFBF, BUFSIZ);
    saved_stdout = stdout;
    stdout = fp;
  }
  active = 1;
  busy--;
}

__attribute__ ((destructor)) static void
fault_fini (void)
{
  int g;

  if (!active)
    return;
  for (g = 0; g < G_COUNT; g++)
    log_line ("calls", group_names[g], calls[g], NULL);
  active = 0;
}
