/*
 * ops_entry.c - finding objects and reading their status: lookup (where
 * search permission is checked), forget, getattr, readlink, access,
 * statfs.
 */
#include <config.h>
#include "richaclfs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

/*
 * How long the kernel may keep a name found in @dir: 0 (every walk comes
 * back for a lookup, and with it the search check), unless --entry-timeout
 * was given and nobody could be refused the search.
 */
static double
entry_timeout (struct fs_inode *dir)
{
  struct stat st;

  if (fs_options.entry_timeout <= 0 || inode_stat (dir, &st)
      || !searchable_by_all (dir, &st))
    return FS_TIMEOUT;
  return fs_options.entry_timeout;
}

int
make_entry (struct fs_inode *dir, const char *name, struct fuse_entry_param *e)
{
  struct fs_inode *inode;
  int fd;

  memset (e, 0, sizeof *e);
  fd = openat (dir->fd, name, O_PATH | O_NOFOLLOW);
  if (fd < 0)
    return errno;
  if (fstatat (fd, "", &e->attr, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW))
    {
      int saved = errno;

      close (fd);
      return saved;
    }
  inode = inode_insert (fd, &e->attr);
  if (!inode)
    return errno;
  e->ino = inode_number (inode);
  e->attr_timeout = FS_TIMEOUT;
  e->entry_timeout = entry_timeout (dir);
  return 0;
}

/*
 * may_lookup(): looking up a name needs execute (search) on the
 * directory.  With an entry timeout of 0 the kernel asks again on every
 * path walk, so the check is made for every caller that walks through;
 * a longer one is given only where the check could refuse nobody.
 */
void
op_lookup (fuse_req_t req, fuse_ino_t parent, const char *name)
{
  struct fs_inode *dir = inode_get (parent);
  struct fuse_entry_param e;
  struct caller c;
  struct stat st;
  int err;

  caller_init (&c, req);
  if (inode_stat (dir, &st))
    err = -errno;
  else
    err = may_access (&c, dir, &st, MAY_EXEC);
  caller_release (&c);
  if (err)
    {
      fuse_reply_err (req, -err);
      return;
    }
  err = make_entry (dir, name, &e);
  if (err == ENOENT)
    {
      /* A negative entry, not to be cached either. */
      memset (&e, 0, sizeof e);
      fuse_reply_entry (req, &e);
      return;
    }
  if (err)
    fuse_reply_err (req, err);
  else
    fuse_reply_entry (req, &e);
}

void
op_forget (fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
  inode_forget (inode_get (ino), nlookup);
  fuse_reply_none (req);
}

void
op_forget_multi (fuse_req_t req, size_t count,
		 struct fuse_forget_data *forgets)
{
  size_t n;

  for (n = 0; n < count; n++)
    inode_forget (inode_get (forgets[n].ino), forgets[n].nlookup);
  fuse_reply_none (req);
}

/* Reading the status needs no permission (beyond the search that found
   the object): read_attributes is always allowed. */
void
op_getattr (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
  struct stat st;

  (void) fi;
  if (inode_stat (inode_get (ino), &st))
    fuse_reply_err (req, errno);
  else
    fuse_reply_attr (req, &st, FS_TIMEOUT);
}

void
op_readlink (fuse_req_t req, fuse_ino_t ino)
{
  char buf[PATH_MAX + 1];
  ssize_t len = readlinkat (inode_get (ino)->fd, "", buf, sizeof buf);

  if (len < 0)
    fuse_reply_err (req, errno);
  else if (len == sizeof buf)
    fuse_reply_err (req, ENAMETOOLONG);
  else
    {
      buf[len] = 0;
      fuse_reply_readlink (req, buf);
    }
}

/* access(2) and chdir(2): the same inode_permission() as the operations
   themselves, for the process's real (access) or effective ids. */
void
op_access (fuse_req_t req, fuse_ino_t ino, int mask)
{
  struct fs_inode *inode = inode_get (ino);
  struct caller c;
  struct stat st;
  int want = 0, err;

  if (mask & R_OK)
    want |= MAY_READ;
  if (mask & W_OK)
    want |= MAY_WRITE;
  if (mask & X_OK)
    want |= MAY_EXEC;
  if (inode_stat (inode, &st))
    {
      fuse_reply_err (req, errno);
      return;
    }
  caller_init (&c, req);
  err = want ? may_access (&c, inode, &st, want) : 0;
  caller_release (&c);
  fuse_reply_err (req, -err);
}

void
op_statfs (fuse_req_t req, fuse_ino_t ino)
{
  struct statvfs sv;

  if (fstatvfs (inode_get (ino)->fd, &sv))
    fuse_reply_err (req, errno);
  else
    fuse_reply_statfs (req, &sv);
}
