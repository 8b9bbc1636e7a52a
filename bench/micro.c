/*
 * micro.c - throughput of the text format and of the xattr codec, in
 * entries (ACEs) per second.  Built by `make bench` only (bench/local.mk);
 * bench/run prints its figures in the table.
 *
 *   parse+print     richacl_from_text + richacl_to_text, numeric ids in
 *                   the text and RICHACL_TEXT_NUMERIC_IDS: the pure cost
 *                   of the format, without user and group databases
 *   parse+print by name   the same with user and group names, resolved
 *                   through the databases (and the library's name cache)
 *   decode+encode   richacl_from_xattr + richacl_xattr_size +
 *                   richacl_to_xattr
 *
 * Each figure is the best of a few rounds of at least --seconds each (the
 * machine is shared; the best round is the one least disturbed).  Usage:
 *   micro [--seconds S] [--rounds N] [--machine]
 * --machine prints "key value" lines for bench/run.
 */
#include <config.h>

#include <sys/richacl.h>

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*
 * A realistic ACL of a shared project directory: the owner, two named
 * users, the owning group, a named group, a deny entry, everyone; some
 * inheritance flags.  @U1/@U2/@G1 are filled in, as numbers or names.
 */
static const char acl_template[] =
  "owner@:rwpxdDaARWcCo:fd:allow\n"
  "user:%s:rwpxd:fd:allow\n"
  "user:%s:rx:fd:allow\n"
  "group:%s:rwpx:fd:allow\n"
  "group@:rx:fd:allow\n"
  "user:%s:w::deny\n"
  "group:%s:rx::allow\n"
  "everyone@:r::allow\n";

/* Print flags as getrichacl shows an ACL by default. */
#define VIEW (RICHACL_TEXT_ALIGN | RICHACL_TEXT_SIMPLIFY)

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
die (const char *what)
{
  fprintf (stderr, "micro: %s: %s\n", what, strerror (errno));
  exit (1);
}

/* The names of the first two users and the first group with names. */
static int
find_names (char users[2][64], char groups[2][64])
{
  int u = 0, g = 0;
  id_t id;

  for (id = 0; id < 70000 && u < 2; id++)
    {
      struct passwd *pw = getpwuid (id);

      if (pw && strlen (pw->pw_name) < 64)
	strcpy (users[u++], pw->pw_name);
    }
  for (id = 0; id < 70000 && g < 2; id++)
    {
      struct group *gr = getgrgid (id);

      if (gr && strlen (gr->gr_name) < 64)
	strcpy (groups[g++], gr->gr_name);
    }
  return u == 2 && g == 2;
}

struct result
{
  double aces_per_s;
  unsigned long aces;
};

/* Time parse+print (what 1: parse only; 2: print only; 3: both). */
static struct result
bench_text (const char *text, int print_flags, int what, double seconds,
	    int rounds)
{
  struct result best = { 0, 0 };
  struct richacl *parsed = richacl_from_text (text, NULL, NULL);
  int round;

  if (!parsed)
    die ("richacl_from_text");
  for (round = 0; round < rounds; round++)
    {
      unsigned long aces = 0, iterations = 0;
      double start = now (), elapsed;

      do
	{
	  int i;

	  for (i = 0; i < 256; i++)
	    {
	      struct richacl *acl = parsed;
	      char *out = NULL;

	      if (what & 1)
		{
		  acl = richacl_from_text (text, NULL, NULL);
		  if (!acl)
		    die ("richacl_from_text");
		}
	      if (what & 2)
		{
		  out = richacl_to_text (acl, print_flags);
		  if (!out)
		    die ("richacl_to_text");
		  free (out);
		}
	      aces += acl->a_count;
	      if (acl != parsed)
		richacl_free (acl);
	    }
	  iterations += 256;
	  elapsed = now () - start;
	}
      while (elapsed < seconds);
      if (aces / elapsed > best.aces_per_s)
	{
	  best.aces_per_s = aces / elapsed;
	  best.aces = aces;
	}
      (void) iterations;
    }
  richacl_free (parsed);
  return best;
}

static struct result
bench_xattr (const char *text, double seconds, int rounds)
{
  struct result best = { 0, 0 };
  struct richacl *acl = richacl_from_text (text, NULL, NULL);
  size_t size;
  void *blob, *out;
  int round;

  if (!acl)
    die ("richacl_from_text");
  /* As stored by setrichacl: with file masks. */
  richacl_compute_max_masks (acl);
  size = richacl_xattr_size (acl);
  blob = malloc (size);
  out = malloc (size);
  if (!blob || !out)
    die ("malloc");
  richacl_to_xattr (acl, blob);
  richacl_free (acl);

  for (round = 0; round < rounds; round++)
    {
      unsigned long aces = 0;
      double start = now (), elapsed;

      do
	{
	  int i;

	  for (i = 0; i < 1024; i++)
	    {
	      struct richacl *decoded = richacl_from_xattr (blob, size);

	      if (!decoded)
		die ("richacl_from_xattr");
	      if (richacl_xattr_size (decoded) != size)
		{
		  fprintf (stderr, "micro: xattr size changed\n");
		  exit (1);
		}
	      richacl_to_xattr (decoded, out);
	      aces += decoded->a_count;
	      richacl_free (decoded);
	    }
	  elapsed = now () - start;
	}
      while (elapsed < seconds);
      if (memcmp (blob, out, size))
	{
	  fprintf (stderr, "micro: xattr round trip differs\n");
	  exit (1);
	}
      if (aces / elapsed > best.aces_per_s)
	{
	  best.aces_per_s = aces / elapsed;
	  best.aces = aces;
	}
    }
  free (blob);
  free (out);
  return best;
}

static void
report (int machine, const char *key, const char *label, struct result r)
{
  if (machine)
    printf ("%s %.0f\n", key, r.aces_per_s);
  else
    printf ("%-34s %12.0f ACEs/s\n", label, r.aces_per_s);
}

int
main (int argc, char **argv)
{
  double seconds = 0.5;
  int rounds = 3, machine = 0, i;
  char numeric[1024], named[1024], users[2][64], groups[2][64];

  for (i = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "--seconds") && i + 1 < argc)
	seconds = atof (argv[++i]);
      else if (!strcmp (argv[i], "--rounds") && i + 1 < argc)
	rounds = atoi (argv[++i]);
      else if (!strcmp (argv[i], "--machine"))
	machine = 1;
      else
	{
	  fprintf (stderr,
		   "Usage: %s [--seconds S] [--rounds N] [--machine]\n",
		   argv[0]);
	  return 2;
	}
    }
  if (seconds <= 0 || rounds < 1)
    {
      fprintf (stderr, "micro: bad --seconds or --rounds\n");
      return 2;
    }

  snprintf (numeric, sizeof numeric, acl_template, "1000", "1001", "100",
	    "1002", "101");
  report (machine, "parse_print_numeric", "parse+print (numeric ids)",
	  bench_text (numeric, VIEW | RICHACL_TEXT_NUMERIC_IDS, 3, seconds,
		      rounds));
  report (machine, "parse_numeric", "  parse only",
	  bench_text (numeric, 0, 1, seconds, rounds));
  report (machine, "print_numeric", "  print only",
	  bench_text (numeric, VIEW | RICHACL_TEXT_NUMERIC_IDS, 2, seconds,
		      rounds));
  if (find_names (users, groups))
    {
      snprintf (named, sizeof named, acl_template, users[0], users[1],
		groups[0], users[1], groups[1]);
      report (machine, "parse_print_names", "parse+print (by name)",
	      bench_text (named, VIEW, 3, seconds, rounds));
    }
  else if (!machine)
    printf ("parse+print (by name): no two users and groups with names\n");
  report (machine, "decode_encode", "xattr decode+encode",
	  bench_xattr (numeric, seconds, rounds));
  if (!machine)
    printf ("(an ACL of %d entries; best of %d rounds of %.2f s)\n", 8,
	    rounds, seconds);
  return 0;
}
