/*
 * acl_cache.c - each inode's decoded ACL, kept between requests.
 *
 * The kernel caches the ACL in struct inode (seeds 006 and 007) so that a
 * permission check reads no xattr.  Here the cache lives in struct
 * fs_inode.  The kernel drops its copy whenever it changes the ACL; here
 * the backing directory can also be changed directly (setrichacl
 * --xattr-name, chmod, chown), which the daemon does not see.  Every such
 * change updates the inode's ctime, so a cached ACL is used only while the
 * inode still has the ctime, mode and owner it had when the ACL was read:
 * the fstat that every check needs anyway is the whole validation.
 * (Since Linux 6.13 a ctime that has been read is fine-grained for the
 * next change, so two changes in one clock tick are told apart.)
 *
 * Loading goes through tools/common/storage.c, the code getrichacl and
 * setrichacl use, so the mount and the tools can never read a backing
 * file differently.
 */
#include <config.h>
#include "richaclfs.h"
#include "common.h"

#include <errno.h>
#include <stdlib.h>

struct richacl *
acl_load_fd (int fd, const struct stat *st, bool *stored)
{
  char path[PROC_FD_PATH_MAX];
  struct file_ref f = { AT_FDCWD, path, 0 };
  struct stored_acl loaded;
  struct richacl *acl;

  /* Symbolic links have no ACL of their own (seed 009: richacl_create()
     gives them none); they behave as their mode, 0777. */
  if (S_ISLNK (st->st_mode))
    {
      *stored = false;
      return richacl_from_mode (st->st_mode);
    }
  proc_fd_path (fd, path);
  if (storage_load (&f, st, &loaded))
    {
      if (errno != EPOSIXACL)
	return NULL;
      /* A POSIX ACL means nothing here (and cannot be set through the
	 mount): the file is its mode. */
      *stored = false;
      return richacl_from_mode (st->st_mode);
    }
  acl = loaded.acl;
  *stored = loaded.stored;
  loaded.acl = NULL;
  stored_acl_release (&loaded);
  return acl;
}

static bool
cache_valid (const struct fs_inode *inode, const struct stat *st)
{
  return inode->acl
	 && inode->acl_ctime.tv_sec == st->st_ctim.tv_sec
	 && inode->acl_ctime.tv_nsec == st->st_ctim.tv_nsec
	 && inode->acl_mode == st->st_mode
	 && inode->acl_uid == st->st_uid
	 && inode->acl_gid == st->st_gid;
}

struct richacl *
acl_get (struct fs_inode *inode, const struct stat *st, bool *stored)
{
  struct richacl *acl;

  if (!fs_options.acl_cache)
    return acl_load_fd (inode->fd, st, stored);

  pthread_mutex_lock (&inode->lock);
  if (!cache_valid (inode, st))
    {
      bool was_stored;
      struct richacl *fresh = acl_load_fd (inode->fd, st, &was_stored);

      if (!fresh)
	{
	  int saved = errno;

	  pthread_mutex_unlock (&inode->lock);
	  errno = saved;
	  return NULL;
	}
      richacl_free (inode->acl);
      inode->acl = fresh;
      inode->acl_stored = was_stored;
      inode->acl_ctime = st->st_ctim;
      inode->acl_mode = st->st_mode;
      inode->acl_uid = st->st_uid;
      inode->acl_gid = st->st_gid;
    }
  acl = richacl_clone (inode->acl);
  *stored = inode->acl_stored;
  pthread_mutex_unlock (&inode->lock);
  if (!acl)
    errno = ENOMEM;
  return acl;
}

/* Called with inode->lock held by whoever changed the inode. */
void
acl_forget (struct fs_inode *inode)
{
  richacl_free (inode->acl);
  inode->acl = NULL;
}

void
acl_release (struct fs_inode *inode)
{
  richacl_free (inode->acl);
  inode->acl = NULL;
}
