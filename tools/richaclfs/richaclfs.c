/*
 * richaclfs.c - main: options, the FUSE session, the table of operations.
 *
 * richaclfs [OPTION]... BACKING MOUNTPOINT mounts BACKING at MOUNTPOINT
 * and enforces the RichACLs of its files for every process that uses the
 * mount.  It runs as root (it acts for every caller in the backing
 * directory) and mounts with allow_other, never with default_permissions:
 * with that option the kernel would apply POSIX mode rules that contradict
 * RichACL semantics, without it the kernel checks nothing, so the daemon
 * checks everything.
 */
#include <config.h>
#include "richaclfs.h"
#include "common.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "closeout.h"
#include "error.h"
#include "progname.h"
#include "quote.h"
#include "version-etc.h"
#include "xalloc.h"

#define PROGRAM_NAME "richaclfs"
#define DEFAULT_XATTR_NAME "trusted.richacl"

struct richaclfs_options fs_options = { .acl_cache = true };

enum
{
  XATTR_NAME_OPT = CHAR_MAX + 1,
  NO_ACL_CACHE_OPT,
  ENTRY_TIMEOUT_OPT,
  HELP_OPT,
  VERSION_OPT
};

static const struct option long_options[] = {
  {"foreground", no_argument, NULL, 'f'},
  {"debug", no_argument, NULL, 'd'},
  {"single-thread", no_argument, NULL, 's'},
  {"options", required_argument, NULL, 'o'},
  {"xattr-name", required_argument, NULL, XATTR_NAME_OPT},
  {"no-acl-cache", no_argument, NULL, NO_ACL_CACHE_OPT},
  {"entry-timeout", required_argument, NULL, ENTRY_TIMEOUT_OPT},
  {"help", no_argument, NULL, HELP_OPT},
  {"version", no_argument, NULL, VERSION_OPT},
  {NULL, 0, NULL, 0}
};

static _Noreturn void usage (int status);

/* The argument of --entry-timeout: a number of seconds, 0 to 3600. */
static double
parse_seconds (const char *arg)
{
  char *end;
  double seconds;

  errno = 0;
  seconds = strtod (arg, &end);
  if (end == arg || *end || errno || !(seconds >= 0 && seconds <= 3600))
    {
      error (0, 0, _("invalid number of seconds %s"), quote (arg));
      usage (EXIT_FAILURE);
    }
  return seconds;
}

static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    fprintf (stderr, _("Try '%s --help' for more information.\n"),
	     program_name);
  else
    {
      printf (_("Usage: %s [OPTION]... BACKING MOUNTPOINT\n"), program_name);
      fputs (_("\
Mount the directory BACKING at MOUNTPOINT and enforce the Rich Access\n\
Control Lists (RichACLs) of its files for every process that uses the\n\
mount, on a kernel without RichACL support.  ACLs are kept in an extended\n\
attribute of the backing files and shown as system.richacl on the mount.\n\
\n"), stdout);
      fputs (_("\
  -f, --foreground       stay in the foreground\n\
  -d, --debug            print every request (implies -f)\n\
  -s, --single-thread    serve one request at a time\n\
  -o OPT[,OPT...]        FUSE mount options (allow_other is always set;\n\
                           default_permissions is refused)\n\
      --xattr-name=NAME  keep the ACLs of the backing files in NAME\n\
                           (default: trusted.richacl)\n\
      --no-acl-cache     read each file's ACL again for every check\n\
                           (for measuring the cache)\n\
      --entry-timeout=SECONDS  let the kernel cache names found in\n\
                           directories that anyone may search (default 0:\n\
                           none; a narrowed search permission then takes\n\
                           up to SECONDS to apply to names already known)\n\
      --help             display this help and exit\n\
      --version          output version information and exit\n\
"), stdout);
      fputs (_("\n\
Run it as root.  Unmount with 'fusermount3 -u MOUNTPOINT' or\n\
'umount MOUNTPOINT'.\n"), stdout);
      printf (_("\nExit status: 0 after a clean unmount, 1 on an error.\n"));
      printf (_("Report bugs to: %s\n"), PACKAGE_BUGREPORT);
    }
  exit (status);
}

static void
op_init (void *userdata, struct fuse_conn_info *conn)
{
  (void) userdata;
  /* The umask is applied here, and only when nothing is inherited. */
  if (conn->capable & FUSE_CAP_DONT_MASK)
    conn->want |= FUSE_CAP_DONT_MASK;
  /* O_TRUNC must reach open, where it asks for write (not append). */
  if (conn->capable & FUSE_CAP_ATOMIC_O_TRUNC)
    conn->want |= FUSE_CAP_ATOMIC_O_TRUNC;
  /* Otherwise a write by a non-owner would come as a chmod that clears
     the setuid bit, which that caller may not do. */
  if (conn->capable & FUSE_CAP_HANDLE_KILLPRIV)
    conn->want |= FUSE_CAP_HANDLE_KILLPRIV;
  /* A file has one kind of ACL. */
  conn->want &= ~FUSE_CAP_POSIX_ACL;
  /* readdirplus would fill the kernel's cache with entries that skipped
     lookup, and with it the search check. */
  conn->want &= ~(FUSE_CAP_READDIRPLUS | FUSE_CAP_READDIRPLUS_AUTO);
}

static const struct fuse_lowlevel_ops ops = {
  .init = op_init,
  .lookup = op_lookup,
  .forget = op_forget,
  .forget_multi = op_forget_multi,
  .getattr = op_getattr,
  .setattr = op_setattr,
  .readlink = op_readlink,
  .mknod = op_mknod,
  .mkdir = op_mkdir,
  .symlink = op_symlink,
  .link = op_link,
  .unlink = op_unlink,
  .rmdir = op_rmdir,
  .rename = op_rename,
  .open = op_open,
  .create = op_create,
  .read = op_read,
  .write_buf = op_write_buf,
  .flush = op_flush,
  .release = op_release,
  .fsync = op_fsync,
  .fallocate = op_fallocate,
  .lseek = op_lseek,
  .opendir = op_opendir,
  .readdir = op_readdir,
  .releasedir = op_releasedir,
  .fsyncdir = op_fsyncdir,
  .statfs = op_statfs,
  .access = op_access,
  .getxattr = op_getxattr,
  .listxattr = op_listxattr,
  .setxattr = op_setxattr,
  .removexattr = op_removexattr,
};

/* Does the comma-separated option list @opts contain @name? */
static bool
has_option (const char *opts, const char *name)
{
  size_t len = strlen (name);
  const char *p = opts;

  while ((p = strstr (p, name)))
    {
      if ((p == opts || p[-1] == ',') && (p[len] == ',' || p[len] == 0))
	return true;
      p += len;
    }
  return false;
}

/* Run the session until it is unmounted; the loop's status. */
static int
serve (struct fuse_args *args, const char *mountpoint, bool foreground,
       bool single_thread)
{
  struct fuse_session *se;
  int ret = 1;

  se = fuse_session_new (args, &ops, sizeof ops, NULL);
  if (!se)
    return 1;
  if (fuse_set_signal_handlers (se) == 0)
    {
      if (fuse_session_mount (se, mountpoint) == 0)
	{
	  fuse_daemonize (foreground);
	  if (single_thread)
	    ret = fuse_session_loop (se);
	  else
	    {
	      struct fuse_loop_config *config = fuse_loop_cfg_create ();

	      fuse_loop_cfg_set_max_threads (config, 16);
	      ret = fuse_session_loop_mt (se, config);
	      fuse_loop_cfg_destroy (config);
	    }
	  fuse_session_unmount (se);
	}
      fuse_remove_signal_handlers (se);
    }
  fuse_session_destroy (se);
  return ret;
}

int
main (int argc, char **argv)
{
  const char *xattr_name = DEFAULT_XATTR_NAME;
  bool foreground = false, single_thread = false;
  struct fuse_args args = FUSE_ARGS_INIT (0, NULL);
  char *mount_opts, *backing;
  struct stat st;
  int c, ret;

  set_program_name (argv[0]);
  init_locale ();
  atexit (close_stdout);

  mount_opts = xstrdup ("allow_other,subtype=richaclfs");
  while ((c = getopt_long (argc, argv, "fdso:", long_options, NULL)) != -1)
    switch (c)
      {
      case 'f':
	foreground = true;
	break;
      case 'd':
	fs_options.debug = foreground = true;
	break;
      case 's':
	single_thread = true;
	break;
      case 'o':
	if (has_option (optarg, "default_permissions"))
	  {
	    error (0, 0, _("option %s would let the kernel apply POSIX "
			   "permissions instead of the ACLs"),
		   quote ("default_permissions"));
	    usage (EXIT_FAILURE);
	  }
	{
	  char *more = xmalloc (strlen (mount_opts) + strlen (optarg) + 2);

	  sprintf (more, "%s,%s", mount_opts, optarg);
	  free (mount_opts);
	  mount_opts = more;
	}
	break;
      case XATTR_NAME_OPT:
	xattr_name = optarg;
	break;
      case NO_ACL_CACHE_OPT:
	fs_options.acl_cache = false;
	break;
      case ENTRY_TIMEOUT_OPT:
	fs_options.entry_timeout = parse_seconds (optarg);
	break;
      case HELP_OPT:
	usage (EXIT_SUCCESS);
      case VERSION_OPT:
	version_etc (stdout, PROGRAM_NAME, PACKAGE_NAME, PACKAGE_VERSION,
		     (const char *) NULL);
	exit (EXIT_SUCCESS);
      default:
	usage (EXIT_FAILURE);
      }
  if (argc - optind != 2)
    {
      if (argc - optind < 2)
	error (0, 0, _("missing operand"));
      else
	error (0, 0, _("extra operand %s"), quote (argv[optind + 2]));
      usage (EXIT_FAILURE);
    }
  /* The name clients see cannot also be where the daemon keeps ACLs. */
  if (strcmp (xattr_name, RICHACL_XATTR) == 0 || !storage_select (xattr_name))
    {
      error (0, 0, _("invalid attribute name %s"), quote (xattr_name));
      usage (EXIT_FAILURE);
    }
  if (geteuid () != 0)
    error (EXIT_FAILURE, 0, _("must be run as root"));

  backing = realpath (argv[optind], NULL);
  if (!backing || stat (backing, &st))
    error (EXIT_FAILURE, errno, _("cannot access %s"), quoteaf (argv[optind]));
  if (!S_ISDIR (st.st_mode))
    error (EXIT_FAILURE, ENOTDIR, "%s", quotef (argv[optind]));
  /* Modes of new objects are set exactly; the umask is the caller's. */
  umask (0);
  if (inode_table_init (backing))
    error (EXIT_FAILURE, errno, _("cannot open %s"), quoteaf (backing));

  if (fuse_opt_add_arg (&args, argv[0])
      || fuse_opt_add_arg (&args, "-o")
      || fuse_opt_add_arg (&args, mount_opts)
      || (fs_options.debug && fuse_opt_add_arg (&args, "-d")))
    xalloc_die ();
  {
    /* fsname shows the backing directory in /proc/mounts; commas would
       end the option. */
    char *fsname = xmalloc (strlen (backing) + sizeof "fsname=");

    sprintf (fsname, "fsname=%s", backing);
    if (!strchr (backing, ',')
	&& (fuse_opt_add_arg (&args, "-o") || fuse_opt_add_arg (&args, fsname)))
      xalloc_die ();
    free (fsname);
  }

  ret = serve (&args, argv[optind + 1], foreground, single_thread);

  fuse_opt_free_args (&args);
  inode_table_destroy ();
  free (mount_opts);
  free (backing);
  return ret ? EXIT_FAILURE : EXIT_SUCCESS;
}
