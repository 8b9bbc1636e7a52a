/*
 * swap_race - exchange two names as fast as possible, to race a tree walk
 * (test/hostile.bats).
 *
 *   swap_race [-t SECONDS] [-n SWAPS] A B
 *
 * Atomically exchanges A and B (renameat2 RENAME_EXCHANGE; typically A a
 * directory inside the walked tree and B a symlink to a directory outside
 * it) until SECONDS have passed (default: forever), SWAPS exchanges were
 * made, or SIGTERM/SIGINT arrives.  It always stops after an even number
 * of exchanges, so A and B end as they began.  On stdout: "swaps N".
 * Without RENAME_EXCHANGE (EINVAL/ENOSYS) it falls back to three plain
 * renames through A.swap_race_tmp, with the same final state.
 * Exit status: 0, or 1 with a message when a rename fails.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
# define RENAME_EXCHANGE (1 << 1)
#endif

static volatile sig_atomic_t stop;

static void
on_signal (int sig)
{
  (void) sig;
  stop = 1;
}

static int use_exchange = 1;
static char *tmp_name;

static int
exchange (const char *a, const char *b)
{
  if (use_exchange)
    {
      if (syscall (SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b,
		   RENAME_EXCHANGE) == 0)
	return 0;
      if (errno != EINVAL && errno != ENOSYS)
	return -1;
      use_exchange = 0;
    }
  if (rename (a, tmp_name) || rename (b, a) || rename (tmp_name, b))
    return -1;
  return 0;
}

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main (int argc, char **argv)
{
  double seconds = -1, start;
  long max = -1, swaps = 0;
  struct sigaction sa;
  int c;

  while ((c = getopt (argc, argv, "t:n:")) != -1)
    switch (c)
      {
      case 't':
	seconds = atof (optarg);
	break;
      case 'n':
	max = atol (optarg);
	break;
      default:
	fprintf (stderr, "usage: swap_race [-t SECONDS] [-n SWAPS] A B\n");
	return 2;
      }
  if (argc - optind != 2)
    {
      fprintf (stderr, "usage: swap_race [-t SECONDS] [-n SWAPS] A B\n");
      return 2;
    }
  tmp_name = malloc (strlen (argv[optind]) + sizeof ".swap_race_tmp");
  if (!tmp_name)
    return 1;
  strcpy (tmp_name, argv[optind]);
  strcat (tmp_name, ".swap_race_tmp");

  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction (SIGTERM, &sa, NULL);
  sigaction (SIGINT, &sa, NULL);
  sigaction (SIGHUP, &sa, NULL);

  start = now ();
  for (;;)
    {
      if (swaps % 2 == 0)
	{
	  if (stop || (max >= 0 && swaps >= max)
	      || (seconds >= 0 && now () - start >= seconds))
	    break;
	}
      if (exchange (argv[optind], argv[optind + 1]))
	{
	  fprintf (stderr, "swap_race: exchanging %s and %s: %s\n",
		   argv[optind], argv[optind + 1], strerror (errno));
	  return 1;
	}
      swaps++;
      /* Give the walker a chance to see each state. */
      if (swaps % 64 == 0)
	sched_yield ();
    }
  printf ("swaps %ld\n", swaps);
  return 0;
}
