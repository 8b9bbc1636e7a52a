/*
 * richaclfs.h - what the parts of the FUSE daemon share.
 *
 * richaclfs stacks over a backing directory and enforces RichACLs with the
 * semantics of the kernel patch set (seeds 002-010): every request is
 * checked here, for the caller that fuse_req_ctx() names, and then carried
 * out as root in the backing directory.  ACLs live in the backing files
 * under an alternate xattr name (trusted.richacl by default), kept with the
 * same rules as getrichacl/setrichacl --xattr-name (tools/common/storage.c),
 * and are shown to clients as system.richacl.
 */
#ifndef RICHACLFS_H
#define RICHACLFS_H

/* The libfuse 3.12 API: fuse_loop_cfg_*() for the multi-threaded loop. */
#define FUSE_USE_VERSION 312
#include <fuse_lowlevel.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/richacl.h>

/* --- richaclfs.c: options ------------------------------------------------ */

struct richaclfs_options
{
  bool acl_cache;	/* keep decoded ACLs per inode (--no-acl-cache) */
  double entry_timeout;	/* --entry-timeout: 0, or seconds names found in
			   directories anyone may search stay cached */
  bool debug;		/* -d */
};
extern struct richaclfs_options fs_options;

/* --- inode.c: the inode table -------------------------------------------- */

/*
 * One object of the backing directory that the kernel knows.  Requests
 * name it by its fuse_ino_t, which is the address of this structure (the
 * root is FUSE_ROOT_ID).  The O_PATH descriptor pins the backing inode, so
 * no request ever re-resolves a path the client gave.
 */
struct fs_inode
{
  struct fs_inode *hash_next;	/* table chain, under the table lock */
  int fd;			/* O_PATH | O_NOFOLLOW */
  dev_t dev;
  ino_t ino;
  mode_t type;			/* S_IFMT bits; never change */
  uint64_t nlookup;		/* the kernel's references, table lock */

  /* The ACL cache (acl_cache.c), under @lock.  @lock also serializes
     changes of the ACL, mode and owner made through the mount. */
  pthread_mutex_t lock;
  struct richacl *acl;		/* effective ACL, NULL when not cached */
  bool acl_stored;		/* it was stored (not derived from the mode) */
  struct timespec acl_ctime;	/* the inode's status when it was loaded */
  mode_t acl_mode;
  uid_t acl_uid;
  gid_t acl_gid;
};

/* Open @backing as the root and set up the table.  -1 with errno. */
int inode_table_init (const char *backing);
void inode_table_destroy (void);
struct fs_inode *inode_get (fuse_ino_t ino);
fuse_ino_t inode_number (const struct fs_inode *inode);
/*
 * The inode of the object @fd refers to (status @st), with one more
 * lookup reference.  Takes over @fd: keeps it for a new inode, closes it
 * for a known one.  NULL with errno ENOMEM.
 */
struct fs_inode *inode_insert (int fd, const struct stat *st);
/* The known inode of @st, or NULL; no reference taken. */
struct fs_inode *inode_find (const struct stat *st);
void inode_forget (struct fs_inode *inode, uint64_t nlookup);
/* fstat of the inode itself. */
int inode_stat (const struct fs_inode *inode, struct stat *st);
/* "/proc/self/fd/N" for @fd: calls on it reach the inode, not a path. */
#define PROC_FD_PATH_MAX 32
void proc_fd_path (int fd, char *buf);

/* --- acl_cache.c: the per-inode ACL cache -------------------------------- */

/*
 * The effective ACL of @inode, whose current status is @st: the stored
 * ACL (with chmod semantics applied when the mode changed behind our
 * back), or the mode's equivalent.  A copy the caller frees; *@stored says
 * whether it was stored.  Served from the cache while the inode's ctime,
 * mode and owner are those of the cached copy.  NULL with errno.
 */
struct richacl *acl_get (struct fs_inode *inode, const struct stat *st,
			 bool *stored);
/* Drop the cached ACL (after any change through the mount). */
void acl_forget (struct fs_inode *inode);
void acl_release (struct fs_inode *inode);

/* --- permission.c: who may do what --------------------------------------- */

/*
 * The permission requests of the VFS (MAY_* in include/linux/fs.h and
 * seed 002); permission.c maps them to RICHACE_* bits as seed 004 does.
 */
enum
{
  MAY_EXEC = 0x1,
  MAY_WRITE = 0x2,
  MAY_READ = 0x4,
  MAY_APPEND = 0x8,
  MAY_CREATE_FILE = 0x100,
  MAY_CREATE_DIR = 0x200,
  MAY_DELETE_CHILD = 0x400,
  MAY_DELETE_SELF = 0x800,
  MAY_TAKE_OWNERSHIP = 0x1000,
  MAY_CHMOD = 0x2000,
  MAY_SET_TIMES = 0x4000,
  /* Not in the kernel: the named attribute permissions the issue asks
     for on xattrs other than system.richacl. */
  MAY_READ_NAMED = 0x10000,
  MAY_WRITE_NAMED = 0x20000
};

/* The process a request comes from. */
struct caller
{
  fuse_req_t req;
  uid_t uid;		/* fsuid */
  gid_t gid;		/* fsgid */
  mode_t umask;
  int n_groups;		/* -1 until fetched */
  gid_t *groups;	/* fsgid and the supplementary groups */
  gid_t group_buf[32];
};

void caller_init (struct caller *c, fuse_req_t req);
void caller_release (struct caller *c);
/* Is the caller in group @gid?  -1 with errno when the groups cannot be
   read (the request must then be refused). */
int caller_in_group (struct caller *c, gid_t gid);
static inline bool
caller_is_root (const struct caller *c)
{
  return c->uid == 0;
}

/*
 * inode_permission() of the kernel: may the caller do @want (MAY_*) on
 * @inode (status @st)?  0, or a negative errno (-EACCES).  Root gets the
 * kernel's capability overrides.
 */
int may_access (struct caller *c, struct fs_inode *inode,
		const struct stat *st, int want);
/*
 * May every caller search the directory @inode (status @st)?  Only then
 * may a name found in it stay in the kernel's dentry cache: the kernel
 * walks through a cached name without asking the daemon, which refuses
 * nobody only if nobody could be refused.
 */
bool searchable_by_all (struct fs_inode *inode, const struct stat *st);

/* The MAY_* requests of open(2) with open flags @flags. */
int open_want (int flags);
/* may_access() of the object @name in @dir, whose status is @st. */
int may_access_name (struct caller *c, struct fs_inode *dir, const char *name,
		     const struct stat *st, int want);
/* may_create(): add an entry for a new object to directory @dir. */
int may_create (struct caller *c, struct fs_inode *dir,
		const struct stat *dir_st, bool isdir);
/*
 * may_delete(): remove the entry @name (whose status is @victim_st) from
 * @dir.  @replace is 0, or MAY_CREATE_FILE/MAY_CREATE_DIR for the object
 * that takes the victim's place in a rename.
 */
int may_delete (struct caller *c, struct fs_inode *dir,
		const struct stat *dir_st, const char *name,
		const struct stat *victim_st, int replace);
/* Seed 002: chmod, set times, take ownership. */
bool owner_permitted (struct caller *c, struct fs_inode *inode,
		      const struct stat *st, int want);
/* utimensat(): explicit times, or both "now" (@now). */
int may_set_times (struct caller *c, struct fs_inode *inode,
		   const struct stat *st, bool now);
int may_chown (struct caller *c, struct fs_inode *inode,
	       const struct stat *st, uid_t uid, gid_t gid);

/* --- the operations ------------------------------------------------------ */

/* The kernel's open flag of execve() (__FMODE_EXEC): open asks for
   execute, not read. */
#define FS_FMODE_EXEC 0x20

/* Entry and attribute timeouts: 0, so that every path walk comes back
   for a lookup, which is where search permission is checked (but see
   --entry-timeout and searchable_by_all()). */
#define FS_TIMEOUT 0.0

/* Fill @e for the backing object @name in @dir and take a reference.
   0 or a positive errno. */
int make_entry (struct fs_inode *dir, const char *name,
		struct fuse_entry_param *e);
/* What a newly created object gets: its mode and inherited ACL. */
struct richacl *inherit_at_create (struct caller *c, struct fs_inode *dir,
				   const struct stat *dir_st, mode_t *mode);
/* Give the new object @fd (created in the directory whose status is
   @dir_st) to the caller and set its mode and ACL.  0 or a positive
   errno. */
int finish_create (struct caller *c, const struct stat *dir_st, int fd,
		   mode_t mode, const struct richacl *acl);
/*
 * open(2) of @inode for the caller with open flags @flags: may_open()'s
 * checks (read, write or append, execute for an exec), then the backing
 * open.  A descriptor, or a negative errno.
 */
int open_checked (struct caller *c, struct fs_inode *inode, int flags);
/* Load the stored ACL of the object @fd refers to, bypassing the cache. */
struct richacl *acl_load_fd (int fd, const struct stat *st, bool *stored);

void op_lookup (fuse_req_t req, fuse_ino_t parent, const char *name);
void op_forget (fuse_req_t req, fuse_ino_t ino, uint64_t nlookup);
void op_forget_multi (fuse_req_t req, size_t count,
		      struct fuse_forget_data *forgets);
void op_getattr (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_readlink (fuse_req_t req, fuse_ino_t ino);
void op_access (fuse_req_t req, fuse_ino_t ino, int mask);
void op_statfs (fuse_req_t req, fuse_ino_t ino);

void op_setattr (fuse_req_t req, fuse_ino_t ino, struct stat *attr,
		 int valid, struct fuse_file_info *fi);

void op_mknod (fuse_req_t req, fuse_ino_t parent, const char *name,
	       mode_t mode, dev_t rdev);
void op_mkdir (fuse_req_t req, fuse_ino_t parent, const char *name,
	       mode_t mode);
void op_symlink (fuse_req_t req, const char *link, fuse_ino_t parent,
		 const char *name);
void op_link (fuse_req_t req, fuse_ino_t ino, fuse_ino_t parent,
	      const char *name);
void op_create (fuse_req_t req, fuse_ino_t parent, const char *name,
		mode_t mode, struct fuse_file_info *fi);

void op_unlink (fuse_req_t req, fuse_ino_t parent, const char *name);
void op_rmdir (fuse_req_t req, fuse_ino_t parent, const char *name);
void op_rename (fuse_req_t req, fuse_ino_t parent, const char *name,
		fuse_ino_t newparent, const char *newname,
		unsigned int flags);

void op_open (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_read (fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
	      struct fuse_file_info *fi);
void op_write_buf (fuse_req_t req, fuse_ino_t ino, struct fuse_bufvec *in,
		   off_t off, struct fuse_file_info *fi);
void op_flush (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_release (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_fsync (fuse_req_t req, fuse_ino_t ino, int datasync,
	       struct fuse_file_info *fi);
void op_fallocate (fuse_req_t req, fuse_ino_t ino, int mode, off_t offset,
		   off_t length, struct fuse_file_info *fi);
void op_lseek (fuse_req_t req, fuse_ino_t ino, off_t off, int whence,
	       struct fuse_file_info *fi);
void op_opendir (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_readdir (fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		 struct fuse_file_info *fi);
void op_releasedir (fuse_req_t req, fuse_ino_t ino,
		    struct fuse_file_info *fi);
void op_fsyncdir (fuse_req_t req, fuse_ino_t ino, int datasync,
		  struct fuse_file_info *fi);

void op_getxattr (fuse_req_t req, fuse_ino_t ino, const char *name,
		  size_t size);
void op_listxattr (fuse_req_t req, fuse_ino_t ino, size_t size);
void op_setxattr (fuse_req_t req, fuse_ino_t ino, const char *name,
		  const char *value, size_t size, int flags);
void op_removexattr (fuse_req_t req, fuse_ino_t ino, const char *name);

#endif
