/*
 * inode.c - the inode table: which backing object each fuse_ino_t is.
 *
 * The kernel counts its references to an inode (one per successful
 * lookup or create, dropped by forget); while it holds one, the entry
 * here keeps an O_PATH descriptor of the backing object.  Objects are
 * identified by (st_dev, st_ino), so two names of one file (hard links)
 * share one inode, one ACL cache entry, and one answer.
 */
#include <config.h>
#include "richaclfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define HASH_SIZE 4096	/* chains stay short for the bench's 10,000 files */

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct fs_inode *hash[HASH_SIZE];
static struct fs_inode root;

static size_t
hash_of (dev_t dev, ino_t ino)
{
  return (size_t) ((ino * 0x9E3779B97F4A7C15ULL) ^ dev) % HASH_SIZE;
}

int
inode_table_init (const char *backing)
{
  struct stat st;

  root.fd = open (backing, O_PATH | O_DIRECTORY);
  if (root.fd < 0)
    return -1;
  if (fstat (root.fd, &st))
    {
      close (root.fd);
      return -1;
    }
  root.dev = st.st_dev;
  root.ino = st.st_ino;
  root.type = S_IFDIR;
  root.nlookup = 2;	/* never forgotten */
  pthread_mutex_init (&root.lock, NULL);
  return 0;
}

static void
inode_free (struct fs_inode *inode)
{
  close (inode->fd);
  acl_release (inode);
  pthread_mutex_destroy (&inode->lock);
  free (inode);
}

void
inode_table_destroy (void)
{
  size_t n;

  for (n = 0; n < HASH_SIZE; n++)
    while (hash[n])
      {
	struct fs_inode *next = hash[n]->hash_next;

	inode_free (hash[n]);
	hash[n] = next;
      }
  acl_release (&root);
  close (root.fd);
}

struct fs_inode *
inode_get (fuse_ino_t ino)
{
  if (ino == FUSE_ROOT_ID)
    return &root;
  return (struct fs_inode *) (uintptr_t) ino;
}

fuse_ino_t
inode_number (const struct fs_inode *inode)
{
  if (inode == &root)
    return FUSE_ROOT_ID;
  return (uintptr_t) inode;
}

/* Under the table lock. */
static struct fs_inode *
lookup_locked (dev_t dev, ino_t ino)
{
  struct fs_inode *inode;

  if (dev == root.dev && ino == root.ino)
    return &root;
  for (inode = hash[hash_of (dev, ino)]; inode; inode = inode->hash_next)
    if (inode->dev == dev && inode->ino == ino)
      return inode;
  return NULL;
}

struct fs_inode *
inode_find (const struct stat *st)
{
  struct fs_inode *inode;

  pthread_mutex_lock (&table_lock);
  inode = lookup_locked (st->st_dev, st->st_ino);
  pthread_mutex_unlock (&table_lock);
  return inode;
}

struct fs_inode *
inode_insert (int fd, const struct stat *st)
{
  struct fs_inode *inode, *fresh;

  /* Allocated outside the lock; mostly used, as most lookups are of
     names the kernel has forgotten since. */
  fresh = calloc (1, sizeof *fresh);
  pthread_mutex_lock (&table_lock);
  inode = lookup_locked (st->st_dev, st->st_ino);
  if (inode)
    {
      inode->nlookup++;
      pthread_mutex_unlock (&table_lock);
      close (fd);
      free (fresh);
      return inode;
    }
  if (!fresh)
    {
      pthread_mutex_unlock (&table_lock);
      close (fd);
      errno = ENOMEM;
      return NULL;
    }
  fresh->fd = fd;
  fresh->dev = st->st_dev;
  fresh->ino = st->st_ino;
  fresh->type = st->st_mode & S_IFMT;
  fresh->nlookup = 1;
  pthread_mutex_init (&fresh->lock, NULL);
  fresh->hash_next = hash[hash_of (st->st_dev, st->st_ino)];
  hash[hash_of (st->st_dev, st->st_ino)] = fresh;
  pthread_mutex_unlock (&table_lock);
  return fresh;
}

void
inode_forget (struct fs_inode *inode, uint64_t nlookup)
{
  struct fs_inode **p;

  if (inode == &root)
    return;
  pthread_mutex_lock (&table_lock);
  if (nlookup < inode->nlookup)
    {
      inode->nlookup -= nlookup;
      pthread_mutex_unlock (&table_lock);
      return;
    }
  for (p = &hash[hash_of (inode->dev, inode->ino)]; *p; p = &(*p)->hash_next)
    if (*p == inode)
      {
	*p = inode->hash_next;
	break;
      }
  pthread_mutex_unlock (&table_lock);
  inode_free (inode);
}

int
inode_stat (const struct fs_inode *inode, struct stat *st)
{
  return fstatat (inode->fd, "", st, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW);
}

void
proc_fd_path (int fd, char *buf)
{
  snprintf (buf, PROC_FD_PATH_MAX, "/proc/self/fd/%d", fd);
}
