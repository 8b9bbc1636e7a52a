/*
 * names.c - users and groups given by name or number.
 */
#include <config.h>
#include "common.h"

#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include "xalloc.h"
#include "xstrtol.h"

/* A decimal id that fits id_t and is not (id_t) -1. */
static bool
parse_id (const char *s, id_t *id)
{
  uintmax_t n;

  if (xstrtoumax (s, NULL, 10, &n, "") != LONGINT_OK
      || n >= (uintmax_t) (id_t) -1)
    return false;
  *id = n;
  return true;
}

bool
parse_user (const char *s, uid_t *uid)
{
  struct passwd *pw = getpwnam (s);

  if (pw)
    {
      *uid = pw->pw_uid;
      return true;
    }
  return parse_id (s, uid);
}

bool
parse_group (const char *s, gid_t *gid)
{
  struct group *gr = getgrnam (s);

  if (gr)
    {
      *gid = gr->gr_gid;
      return true;
    }
  return parse_id (s, gid);
}

gid_t *
user_group_list (uid_t uid, gid_t gid, int *n)
{
  struct passwd *pw = getpwuid (uid);
  int count = 32;

  for (;;)
    {
      gid_t *groups = xnmalloc (count, sizeof *groups);
      int got = count;

      if (!pw)
	{
	  groups[0] = gid;
	  *n = 1;
	  return groups;
	}
      if (getgrouplist (pw->pw_name, gid, groups, &got) >= 0)
	{
	  *n = got;
	  return groups;
	}
      free (groups);
      count = got > count ? got : count * 2;
    }
}
