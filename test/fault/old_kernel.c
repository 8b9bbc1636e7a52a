/*
 * old_kernel.c - an LD_PRELOAD shim that makes a program see a kernel
 * older than Linux 6.6: the system calls the tools make by number because
 * glibc 2.36 has no wrappers for them -- fchmodat2 (6.6) and
 * setxattrat/getxattrat/listxattrat/removexattrat (6.13) -- fail with
 * ENOSYS, as they do on Debian 12's own kernel (6.1).  The tools then take
 * their fallbacks (tools/common/at_calls.c): the xattr calls through
 * /proc/self/fd/N/NAME, chmod through glibc's fchmodat.
 *
 * With OLD_KERNEL_LOG=FILE, each refused call appends a line "enosys NR"
 * to FILE, so that a test can tell that the fallback was taken.  Every
 * other system call goes to the real syscall(2).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static long
real_syscall (long nr, long a, long b, long c, long d, long e, long f)
{
  static long (*real) (long, ...);

  if (!real)
    real = (long (*) (long, ...)) dlsym (RTLD_NEXT, "syscall");
  if (!real)
    {
      errno = ENOSYS;
      return -1;
    }
  return real (nr, a, b, c, d, e, f);
}

static int
is_new_call (long nr)
{
  return nr == 452		/* fchmodat2 */
	 || (nr >= 463 && nr <= 466);	/* the *xattrat calls */
}

static void
log_refusal (long nr)
{
  const char *name = getenv ("OLD_KERNEL_LOG");
  char line[32];
  int fd, len;

  if (!name)
    return;
  len = snprintf (line, sizeof line, "enosys %ld\n", nr);
  fd = real_syscall (SYS_openat, AT_FDCWD, (long) name,
		     O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666, 0, 0);
  if (fd >= 0)
    {
      if (real_syscall (SYS_write, fd, (long) line, len, 0, 0, 0) < 0)
	{
	  /* Nothing to do: the test will miss the line and say so. */
	}
      real_syscall (SYS_close, fd, 0, 0, 0, 0, 0);
    }
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
  if (is_new_call (nr))
    {
      log_refusal (nr);
      errno = ENOSYS;
      return -1;
    }
  return real_syscall (nr, a, b, c, d, e, f);
}
