/*
 * tap.h - a tiny TAP producer for the C unit tests.
 *
 * ok(cond, fmt, ...) prints "ok N - ..." or "not ok N - ..."; the plan is
 * printed at the end by done_testing(), whose return value is the exit
 * status.  Automake's TAP driver counts the lines.
 */
#ifndef TAP_H
#define TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_count, tap_failed;

static int __attribute__ ((format (printf, 2, 3), unused))
ok (int cond, const char *fmt, ...)
{
  va_list ap;

  tap_count++;
  if (!cond)
    tap_failed++;
  printf ("%sok %d - ", cond ? "" : "not ", tap_count);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  putchar ('\n');
  fflush (stdout);
  return cond;
}

/* A note that the TAP driver shows but does not count. */
static void __attribute__ ((format (printf, 1, 2), unused))
diag (const char *fmt, ...)
{
  va_list ap;

  fputs ("# ", stdout);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  putchar ('\n');
}

/* Compare two strings; on mismatch show both. */
static int __attribute__ ((unused))
is_str (const char *got, const char *want, const char *name)
{
  int same = got && want ? strcmp (got, want) == 0 : got == want;

  ok (same, "%s", name);
  if (!same)
    {
      printf ("# got:\n%s\n# want:\n%s\n", got ? got : "(null)",
	      want ? want : "(null)");
    }
  return same;
}

static int __attribute__ ((unused))
done_testing (void)
{
  printf ("1..%d\n", tap_count);
  return tap_failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
