/*
 * permission.c - who may do what: the one place that maps operations to
 * MAY_* requests (fs/namei.c, fs/attr.c, seed 002) and MAY_* requests to
 * RICHACE_* bits (seed 004), and asks the library's access check.
 *
 * The kernel, mounted without default_permissions, checks nothing itself
 * (except that an executable regular file has an x bit), so these checks
 * are all there is.  They follow the RichACL kernel:
 *  - inode_permission(): the ACL (or, without a stored ACL, the mode's
 *    equivalent ACL, which grants exactly what the mode grants) decides;
 *    root's capabilities override as in generic_permission().
 *  - may_create(): write + execute + create_file/create_dir on the
 *    directory.
 *  - may_delete(): write + execute + delete_child on the directory, and
 *    the sticky bit; or, failing that, delete on the object itself and
 *    execute on the directory (cover letter of v28).
 *  - may_open(): read, write (only append with O_APPEND), execute for
 *    an exec (open_want()).
 *  - setattr_prepare() (seed 002): chmod and setting times by the owner,
 *    or with write_acl / write_attributes; chown to oneself with
 *    write_owner.
 */
#include <config.h>
#include "richaclfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void
caller_init (struct caller *c, fuse_req_t req)
{
  const struct fuse_ctx *ctx = fuse_req_ctx (req);

  c->req = req;
  c->uid = ctx->uid;
  c->gid = ctx->gid;
  c->umask = ctx->umask;
  c->n_groups = -1;
  c->groups = c->group_buf;
}

void
caller_release (struct caller *c)
{
  if (c->groups != c->group_buf)
    free (c->groups);
}

/*
 * The caller's groups, read from /proc/PID/status by fuse_req_getgroups()
 * only when a check needs more than the primary group: that read costs
 * more than the rest of a check.  A caller whose groups cannot be read is
 * refused: acting without them could skip a deny entry.
 */
static int
caller_groups (struct caller *c)
{
  size_t cap = sizeof c->group_buf / sizeof c->group_buf[0] - 1;
  int n, i;

  if (c->n_groups >= 0)
    return 0;
  n = fuse_req_getgroups (c->req, cap, c->group_buf + 1);
  if (n < 0)
    {
      errno = -n;
      return -1;
    }
  if ((size_t) n > cap)
    {
      gid_t *groups = malloc ((n + 1) * sizeof *groups);
      int m;

      if (!groups)
	return -1;
      m = fuse_req_getgroups (c->req, n, groups + 1);
      if (m < 0 || m > n)
	{
	  free (groups);
	  errno = m < 0 ? -m : EAGAIN;
	  return -1;
	}
      c->groups = groups;
      n = m;
    }
  c->groups[0] = c->gid;
  c->n_groups = n + 1;
  for (i = 1; i < c->n_groups; i++)
    if (c->groups[i] == c->gid)
      {
	/* Already there: no need for the extra primary group. */
	c->groups[i] = c->groups[--c->n_groups];
	break;
      }
  return 0;
}

int
caller_in_group (struct caller *c, gid_t gid)
{
  int i;

  if (gid == c->gid)
    return 1;
  if (caller_groups (c))
    return -1;
  for (i = 0; i < c->n_groups; i++)
    if (c->groups[i] == gid)
      return 1;
  return 0;
}

/*
 * richacl_want_to_mask() of seed 004.  With append, create or delete_child
 * the plain write bit means "one of these", not write_data.  The named
 * attribute requests are ours (see richaclfs.h).
 */
static unsigned int
want_to_mask (int want)
{
  unsigned int mask = 0;

  if (want & MAY_READ)
    mask |= RICHACE_READ_DATA;
  if (want & MAY_DELETE_SELF)
    mask |= RICHACE_DELETE;
  if (want & MAY_TAKE_OWNERSHIP)
    mask |= RICHACE_WRITE_OWNER;
  if (want & MAY_CHMOD)
    mask |= RICHACE_WRITE_ACL;
  if (want & MAY_SET_TIMES)
    mask |= RICHACE_WRITE_ATTRIBUTES;
  if (want & MAY_EXEC)
    mask |= RICHACE_EXECUTE;
  if (want & MAY_READ_NAMED)
    mask |= RICHACE_READ_NAMED_ATTRS;
  if (want & MAY_WRITE_NAMED)
    mask |= RICHACE_WRITE_NAMED_ATTRS;
  if (want & (MAY_APPEND | MAY_CREATE_FILE | MAY_CREATE_DIR
	      | MAY_DELETE_CHILD))
    {
      if (want & MAY_APPEND)
	mask |= RICHACE_APPEND_DATA;
      if (want & MAY_CREATE_FILE)
	mask |= RICHACE_ADD_FILE;
      if (want & MAY_CREATE_DIR)
	mask |= RICHACE_ADD_SUBDIRECTORY;
      if (want & MAY_DELETE_CHILD)
	mask |= RICHACE_DELETE_CHILD;
    }
  else if (want & MAY_WRITE)
    mask |= RICHACE_WRITE_DATA;
  return mask;
}

/*
 * Does the access check of @acl for @mask depend on groups other than the
 * caller's primary group @primary?  Group membership is looked up for the
 * owning group (group@ entries, and the file class) and for group
 * entries.  An entry that names none of the requested bits settles
 * nothing; it only puts the caller in the group class, which matters
 * only for a masked ACL and a caller who is not the owner (the owner
 * always gets the owner mask).  When every membership that can matter
 * is of the primary group, the primary group alone gives the answer.
 */
static bool
needs_groups (const struct richacl *acl, const struct stat *st, uid_t uid,
	      gid_t primary, unsigned int mask)
{
  bool class_matters = (acl->a_flags & RICHACL_MASKED) && uid != st->st_uid;
  const struct richace *ace;

  if (class_matters && st->st_gid != primary)
    return true;
  richacl_for_each_entry (ace, acl)
    {
      if (richace_is_inherit_only (ace)
	  || !(class_matters || (ace->e_mask & mask)))
	continue;
      if (richace_is_group (ace) && st->st_gid != primary)
	return true;
      if (richace_is_unix_group (ace) && (gid_t) ace->e_id != primary)
	return true;
    }
  return false;
}

/* The ACL check alone (acl_permission_check()): 0 or -EACCES. */
static int
acl_permission (struct caller *c, struct fs_inode *inode, int fd,
		const struct stat *st, int want)
{
  struct richacl *acl;
  const gid_t *groups = &c->gid;
  int n_groups = 1;
  unsigned int mask;
  bool stored;
  int ret;

  acl = inode ? acl_get (inode, st, &stored) : acl_load_fd (fd, st, &stored);
  if (!acl)
    return -errno;
  mask = want_to_mask (want);
  if (needs_groups (acl, st, c->uid, c->gid, mask))
    {
      if (caller_groups (c))
	{
	  richacl_free (acl);
	  return -EACCES;
	}
      groups = c->groups;
      n_groups = c->n_groups;
    }
  ret = richacl_permission (acl, st->st_uid, st->st_gid, c->uid, groups,
			    n_groups, mask);
  richacl_free (acl);
  return ret ? -EACCES : 0;
}

/*
 * generic_permission() for a caller with all capabilities: directories
 * may always be read, written and searched (CAP_DAC_OVERRIDE and
 * CAP_DAC_READ_SEARCH); other files too, except that executing needs an
 * x bit somewhere in the mode, or an ACL that grants it.
 */
static int
root_permission (struct caller *c, struct fs_inode *inode, int fd,
		 const struct stat *st, int want)
{
  if (S_ISDIR (st->st_mode) || !(want & MAY_EXEC)
      || (st->st_mode & (S_IXUSR | S_IXGRP | S_IXOTH)))
    return 0;
  return acl_permission (c, inode, fd, st, want);
}

static int
permission (struct caller *c, struct fs_inode *inode, int fd,
	    const struct stat *st, int want)
{
  if (caller_is_root (c))
    return root_permission (c, inode, fd, st, want);
  return acl_permission (c, inode, fd, st, want);
}

int
may_access (struct caller *c, struct fs_inode *inode, const struct stat *st,
	    int want)
{
  return permission (c, inode, inode->fd, st, want);
}

/*
 * True when no entry denies execute, an everyone@ entry allows it, and,
 * in a masked ACL, every file class mask includes it: then the walk of
 * richacl_permission() grants execute to any caller (a deny entry that
 * comes after the allow would not matter, but is not worth telling apart).
 */
bool
searchable_by_all (struct fs_inode *inode, const struct stat *st)
{
  const struct richace *ace;
  struct richacl *acl;
  bool stored, everyone = false, denied = false;

  acl = acl_get (inode, st, &stored);
  if (!acl)
    return false;
  richacl_for_each_entry (ace, acl)
    {
      if (richace_is_inherit_only (ace) || !(ace->e_mask & RICHACE_EXECUTE))
	continue;
      if (!richace_is_allow (ace))
	denied = true;
      else if (richace_is_everyone (ace))
	everyone = true;
    }
  if ((acl->a_flags & RICHACL_MASKED)
      && !(acl->a_owner_mask & acl->a_group_mask & acl->a_other_mask
	   & RICHACE_EXECUTE))
    denied = true;
  richacl_free (acl);
  return everyone && !denied;
}

/*
 * build_open_flags() and may_open(): the MAY_* requests of an open.
 * O_TRUNC needs write, O_APPEND adds append (so that write with append
 * asks for append_data only, seed 004), and an exec asks for execute
 * alone, not read.
 */
int
open_want (int flags)
{
  int want = 0;

  if (flags & FS_FMODE_EXEC)
    return MAY_EXEC;
  switch (flags & O_ACCMODE)
    {
    case O_RDONLY:
      want = MAY_READ;
      break;
    case O_WRONLY:
      want = MAY_WRITE;
      break;
    default:
      want = MAY_READ | MAY_WRITE;
      break;
    }
  if (flags & O_TRUNC)
    want |= MAY_WRITE;
  if (flags & O_APPEND)
    want |= MAY_APPEND;
  return want;
}

int
may_create (struct caller *c, struct fs_inode *dir, const struct stat *dir_st,
	    bool isdir)
{
  return may_access (c, dir, dir_st, MAY_WRITE | MAY_EXEC
		     | (isdir ? MAY_CREATE_DIR : MAY_CREATE_FILE));
}

/* check_sticky(): in a sticky directory, only the owners of the entry or
   of the directory (or CAP_FOWNER) may remove it. */
static bool
sticky_forbids (struct caller *c, const struct stat *dir_st,
		const struct stat *victim_st)
{
  if (!(dir_st->st_mode & S_ISVTX))
    return false;
  if (c->uid == victim_st->st_uid || c->uid == dir_st->st_uid)
    return false;
  return !caller_is_root (c);
}

int
may_access_name (struct caller *c, struct fs_inode *dir, const char *name,
		 const struct stat *st, int want)
{
  struct fs_inode *inode = inode_find (st);
  struct stat now;
  int fd, ret;

  if (inode)
    return permission (c, inode, inode->fd, st, want);
  fd = openat (dir->fd, name, O_PATH | O_NOFOLLOW);
  if (fd < 0)
    return -errno;
  if (fstatat (fd, "", &now, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW)
      || now.st_ino != st->st_ino || now.st_dev != st->st_dev)
    ret = -EACCES;	/* replaced meanwhile: decide nothing on it */
  else
    ret = permission (c, NULL, fd, &now, want);
  close (fd);
  return ret;
}

int
may_delete (struct caller *c, struct fs_inode *dir, const struct stat *dir_st,
	    const char *name, const struct stat *victim_st, int replace)
{
  int mask = MAY_EXEC | replace;
  int ret;

  ret = may_access (c, dir, dir_st, mask | MAY_WRITE | MAY_DELETE_CHILD);
  if (ret == 0 && sticky_forbids (c, dir_st, victim_st))
    ret = -EPERM;
  if (ret == 0)
    return 0;

  /* delete on the object itself is enough (v28 cover letter), but the
     caller must still be able to search (and fill) the directory. */
  if (may_access_name (c, dir, name, victim_st, MAY_DELETE_SELF) == 0
      && may_access (c, dir, dir_st, mask) == 0)
    return 0;
  return ret;
}

/*
 * inode_owner_permitted_or_capable() of seed 002: the owner, or who the
 * ACL grants @want (MAY_CHMOD, MAY_SET_TIMES), or root (CAP_FOWNER).
 */
bool
owner_permitted (struct caller *c, struct fs_inode *inode,
		 const struct stat *st, int want)
{
  if (c->uid == st->st_uid || caller_is_root (c))
    return true;
  return acl_permission (c, inode, inode->fd, st, want) == 0;
}

/*
 * Setting explicit times needs the owner or write_attributes (seed 002,
 * MAY_SET_TIMES).  Setting both to "now" (utimes(NULL), touch) is also
 * allowed to whoever may write the file (MAY_WRITE: write_data), as
 * utimes(2) allows it.  0 or a negative errno.
 */
int
may_set_times (struct caller *c, struct fs_inode *inode,
	       const struct stat *st, bool now)
{
  if (owner_permitted (c, inode, st, MAY_SET_TIMES))
    return 0;
  if (now)
    return may_access (c, inode, st, MAY_WRITE);
  return -EPERM;
}

/*
 * inode_uid_change_ok() and inode_gid_change_ok() of seed 002; (uid_t) -1
 * and (gid_t) -1 mean "no change".  0 or -EPERM.
 */
int
may_chown (struct caller *c, struct fs_inode *inode, const struct stat *st,
	   uid_t uid, gid_t gid)
{
  int take_ownership = -1;	/* not asked yet */

  if (caller_is_root (c))
    return 0;
  if (uid != (uid_t) -1
      && !(c->uid == st->st_uid && uid == st->st_uid))
    {
      if (c->uid != uid)
	return -EPERM;
      take_ownership = acl_permission (c, inode, inode->fd, st,
				       MAY_TAKE_OWNERSHIP);
      if (take_ownership)
	return -EPERM;
    }
  if (gid != (gid_t) -1)
    {
      int in_group = caller_in_group (c, gid);

      if (in_group < 0)
	return -EPERM;
      if (c->uid == st->st_uid && (in_group || gid == st->st_gid))
	return 0;
      if (!in_group)
	return -EPERM;
      if (take_ownership < 0)
	take_ownership = acl_permission (c, inode, inode->fd, st,
					 MAY_TAKE_OWNERSHIP);
      if (take_ownership)
	return -EPERM;
    }
  return 0;
}
