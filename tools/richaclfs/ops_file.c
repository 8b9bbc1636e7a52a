/*
 * ops_file.c - opening files and directories, where read, write, append,
 * execute and list_directory are checked (may_open()), and the I/O on
 * open files, which the kernel does not check again.
 */
#include <config.h>
#include "richaclfs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

int
open_checked (struct caller *c, struct fs_inode *inode, int flags)
{
  char path[PROC_FD_PATH_MAX];
  int want = open_want (flags);
  struct stat st;
  int err, fd;

  if (inode_stat (inode, &st))
    return -errno;
  if (S_ISDIR (st.st_mode) && (want & MAY_WRITE))
    return -EISDIR;
  if (S_ISLNK (st.st_mode))
    return -ELOOP;
  err = may_access (c, inode, &st, want);
  if (err)
    return err;
  /* O_NOATIME only for the owner (or CAP_FOWNER). */
  if ((flags & O_NOATIME) && c->uid != st.st_uid && !caller_is_root (c))
    return -EPERM;
  proc_fd_path (inode->fd, path);
  fd = open (path, flags & ~(O_CREAT | O_EXCL | O_NOCTTY | O_NOFOLLOW
			     | FS_FMODE_EXEC));
  return fd < 0 ? -errno : fd;
}

void
op_open (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
  struct caller c;
  int fd;

  caller_init (&c, req);
  fd = open_checked (&c, inode_get (ino), fi->flags);
  caller_release (&c);
  if (fd < 0)
    {
      fuse_reply_err (req, -fd);
      return;
    }
  fi->fh = fd;
  if (fuse_reply_open (req, fi) == -ENOENT)
    close (fd);
}

void
op_read (fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
	 struct fuse_file_info *fi)
{
  struct fuse_bufvec buf = FUSE_BUFVEC_INIT (size);

  (void) ino;
  buf.buf[0].flags = FUSE_BUF_IS_FD | FUSE_BUF_FD_SEEK;
  buf.buf[0].fd = fi->fh;
  buf.buf[0].pos = off;
  fuse_reply_data (req, &buf, FUSE_BUF_SPLICE_MOVE);
}

void
op_write_buf (fuse_req_t req, fuse_ino_t ino, struct fuse_bufvec *in,
	      off_t off, struct fuse_file_info *fi)
{
  struct fuse_bufvec out = FUSE_BUFVEC_INIT (fuse_buf_size (in));
  ssize_t res;

  (void) ino;
  out.buf[0].flags = FUSE_BUF_IS_FD | FUSE_BUF_FD_SEEK;
  out.buf[0].fd = fi->fh;
  out.buf[0].pos = off;
  res = fuse_buf_copy (&out, in, 0);
  if (res < 0)
    fuse_reply_err (req, -res);
  else
    fuse_reply_write (req, (size_t) res);
}

void
op_flush (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
  int fd = dup (fi->fh);

  (void) ino;
  /* Closing a duplicate reports errors of delayed writes, as close does. */
  fuse_reply_err (req, fd < 0 || close (fd) ? errno : 0);
}

void
op_release (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
  (void) ino;
  close (fi->fh);
  fuse_reply_err (req, 0);
}

void
op_fsync (fuse_req_t req, fuse_ino_t ino, int datasync,
	  struct fuse_file_info *fi)
{
  (void) ino;
  fuse_reply_err (req, (datasync ? fdatasync (fi->fh) : fsync (fi->fh))
			 ? errno : 0);
}

void
op_fallocate (fuse_req_t req, fuse_ino_t ino, int mode, off_t offset,
	      off_t length, struct fuse_file_info *fi)
{
  (void) ino;
  fuse_reply_err (req, fallocate (fi->fh, mode, offset, length) ? errno : 0);
}

void
op_lseek (fuse_req_t req, fuse_ino_t ino, off_t off, int whence,
	  struct fuse_file_info *fi)
{
  off_t res = lseek (fi->fh, off, whence);

  (void) ino;
  if (res < 0)
    fuse_reply_err (req, errno);
  else
    fuse_reply_lseek (req, res);
}

/* An open directory: the stream, and where the kernel last read. */
struct fs_dir
{
  DIR *dp;
  off_t offset;
  struct dirent *entry;	/* read but not yet passed on */
};

/* Opening a directory for reading needs list_directory (MAY_READ). */
void
op_opendir (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
  struct fs_inode *inode = inode_get (ino);
  struct fs_dir *d;
  struct caller c;
  struct stat st;
  int err, fd;

  if (inode_stat (inode, &st))
    {
      fuse_reply_err (req, errno);
      return;
    }
  caller_init (&c, req);
  err = may_access (&c, inode, &st, open_want (fi->flags));
  caller_release (&c);
  if (err)
    {
      fuse_reply_err (req, -err);
      return;
    }
  d = calloc (1, sizeof *d);
  if (!d)
    {
      fuse_reply_err (req, ENOMEM);
      return;
    }
  fd = openat (inode->fd, ".", O_RDONLY | O_DIRECTORY);
  if (fd < 0 || !(d->dp = fdopendir (fd)))
    {
      err = errno;
      if (fd >= 0)
	close (fd);
      free (d);
      fuse_reply_err (req, err);
      return;
    }
  fi->fh = (uintptr_t) d;
  if (fuse_reply_open (req, fi) == -ENOENT)
    {
      closedir (d->dp);
      free (d);
    }
}

void
op_readdir (fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
	    struct fuse_file_info *fi)
{
  struct fs_dir *d = (struct fs_dir *) (uintptr_t) fi->fh;
  char *buf = calloc (1, size), *p;
  size_t rem = size;
  int err = 0;

  (void) ino;
  if (!buf)
    {
      fuse_reply_err (req, ENOMEM);
      return;
    }
  if (off != d->offset)
    {
      seekdir (d->dp, off);
      d->entry = NULL;
      d->offset = off;
    }
  p = buf;
  for (;;)
    {
      struct stat st;
      size_t entsize;

      if (!d->entry)
	{
	  errno = 0;
	  d->entry = readdir (d->dp);
	  if (!d->entry)
	    {
	      err = errno;
	      break;
	    }
	}
      memset (&st, 0, sizeof st);
      st.st_ino = d->entry->d_ino;
      st.st_mode = d->entry->d_type << 12;
      entsize = fuse_add_direntry (req, p, rem, d->entry->d_name, &st,
				   d->entry->d_off);
      if (entsize > rem)
	break;
      p += entsize;
      rem -= entsize;
      d->offset = d->entry->d_off;
      d->entry = NULL;
    }
  if (err && rem == size)
    fuse_reply_err (req, err);
  else
    fuse_reply_buf (req, buf, size - rem);
  free (buf);
}

void
op_releasedir (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
  struct fs_dir *d = (struct fs_dir *) (uintptr_t) fi->fh;

  (void) ino;
  closedir (d->dp);
  free (d);
  fuse_reply_err (req, 0);
}

void
op_fsyncdir (fuse_req_t req, fuse_ino_t ino, int datasync,
	     struct fuse_file_info *fi)
{
  struct fs_dir *d = (struct fs_dir *) (uintptr_t) fi->fh;
  int fd = dirfd (d->dp);

  (void) ino;
  fuse_reply_err (req, (datasync ? fdatasync (fd) : fsync (fd)) ? errno : 0);
}
