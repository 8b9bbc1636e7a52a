/*
 * walk.c - the files the tools work on: the operands, or with
 * --recursive every file of the trees they name.  The only code of the
 * tools that walks directories.
 *
 * Recursive walks use gnulib's fts with a virtual current directory
 * (FTS_CWDFD): fts opens each directory without following symlinks and
 * checks that it is the directory it listed; each file is then named
 * relative to that directory's descriptor (struct file_ref, at_calls.c).
 * A directory swapped for a symlink between the listing and the visit
 * cannot send a walk (run by root over a tree that others control)
 * anywhere outside the tree.
 *
 * fts keeps only the directories on the path to the current one and the
 * entries of the directory being read, so memory does not grow with the
 * size of the tree.
 *
 * With more than one job, the thread that runs fts hands the files to
 * worker threads through a ring of WALK_RING slots, and each file's
 * output and messages are collected and printed in walk order: the
 * output is the same as with one job.
 */
#include <config.h>
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "fts_.h"
#include "xalloc.h"

struct walk_options walk_options;

/* Siblings in name order: output and restore do not depend on the order
   in which the file system lists a directory. */
static int
compare_names (FTSENT const **a, FTSENT const **b)
{
  return strcmp ((*a)->fts_name, (*b)->fts_name);
}

FILE *
walk_stdout (struct walk_file *f)
{
  return f->sink ? f->sink->out : stdout;
}

/* One operand, without --recursive: follow symlinks, as chmod does. */
static bool
walk_operand (char *operand, walk_visit_fn visit, walk_release_fn release,
	      void *arg)
{
  struct walk_file f = { 0 };
  struct stat st;
  int result;

  if (stat (operand, &st))
    {
      report_file_error (operand, errno);
      return false;
    }
  f.path = operand;
  f.file.dirfd = AT_FDCWD;
  f.file.name = operand;
  f.st = &st;
  result = visit (&f, arg);
  if (f.data && release)
    release (f.data);
  return !(result & WALK_FAILED);
}

/* Report a problem fts found with the file at @path. */
static void
report_entry_error (const char *path, int info, int errnum)
{
  switch (info)
    {
    case FTS_DNR:
      file_error (path, errnum, "%s", _("cannot read directory"));
      break;
    case FTS_DC:
      file_error (path, 0, "%s", _("not descending: directory cycle (a "
				   "symlink or bind mount leads back to a "
				   "directory above it)"));
      break;
    case FTS_SLNONE:
      file_error (path, 0, "%s", _("cannot operate on dangling symlink"));
      break;
    default:
      report_file_error (path, errnum);
      break;
    }
}

/* Should fts entry @ent be visited, or is it a problem to report? */
enum entry_kind { ENTRY_VISIT, ENTRY_SKIP, ENTRY_ERROR, ENTRY_LEAVE };

static enum entry_kind
classify (const FTSENT *ent)
{
  switch (ent->fts_info)
    {
    case FTS_D:
    case FTS_F:
    case FTS_DEFAULT:
      return ENTRY_VISIT;
    case FTS_DP:
      return ENTRY_LEAVE;
    case FTS_SL:
      /* Not followed (--physical): symlinks have no ACL of their own. */
      return ENTRY_SKIP;
    case FTS_NSOK:
      /* Not stat'ed (FTS_NOSTAT): the type is known from the directory
	 entry, or not at all (0); the visit's thread stats it. */
      return S_ISLNK (ent->fts_statp->st_mode) ? ENTRY_SKIP : ENTRY_VISIT;
    case FTS_DNR:
      /* fts has visited the directory as FTS_D (its own ACL could be
	 read and changed); only its contents are out of reach, and
	 there will be no FTS_DP. */
    default:
      return ENTRY_ERROR;
    }
}

/* How system calls name @ent. */
static void
entry_file_ref (const FTS *fts, const FTSENT *ent,
		const struct walk_options *opts, struct file_ref *ref)
{
  ref->dirfd = fts->fts_cwd_fd;
  ref->name = ent->fts_accpath;
  ref->flags = 0;
  /* --logical walks by path and follows everything; otherwise only an
     operand given with follow_operands is followed. */
  if (!opts->logical && !(ent->fts_level == 0 && opts->follow_operands))
    ref->flags = STORAGE_NOFOLLOW;
}

static FTS *
open_walk (char **operands, const struct walk_options *opts, int more_flags)
{
  int fts_flags = FTS_CWDFD | more_flags
		  | (opts->logical ? FTS_LOGICAL : FTS_PHYSICAL);
  FTS *fts;

  if (opts->one_file_system)
    fts_flags |= FTS_XDEV;
  if (opts->follow_operands)
    fts_flags |= FTS_COMFOLLOW;
  fts = fts_open (operands, fts_flags, compare_names);
  if (!fts)
    xalloc_die ();		/* fts_open fails only for lack of memory */
  return fts;
}

static bool
close_walk (FTS *fts)
{
  bool ok = true;

  if (errno != 0)
    {
      error (0, errno, _("fts_read failed"));
      ok = false;
    }
  if (fts_close (fts) != 0)
    {
      error (0, errno, _("fts_close failed"));
      ok = false;
    }
  return ok;
}

/* --- one job --------------------------------------------------------- */

static bool
walk_serial (char **operands, const struct walk_options *opts,
	     walk_visit_fn visit, walk_release_fn release, void *arg)
{
  FTS *fts = open_walk (operands, opts, 0);
  bool ok = true;
  FTSENT *ent;

  while ((ent = fts_read (fts)) != NULL)
    {
      struct walk_file f = { 0 };
      int result;

      switch (classify (ent))
	{
	case ENTRY_VISIT:
	  f.path = ent->fts_path;
	  entry_file_ref (fts, ent, opts, &f.file);
	  f.st = ent->fts_statp;
	  f.level = ent->fts_level;
	  f.parent_data = ent->fts_parent ? ent->fts_parent->fts_pointer
					  : NULL;
	  result = visit (&f, arg);
	  ent->fts_pointer = f.data;
	  if (result & WALK_FAILED)
	    ok = false;
	  if ((result & WALK_PRUNE) && ent->fts_info == FTS_D)
	    fts_set (fts, ent, FTS_SKIP);
	  break;
	case ENTRY_ERROR:
	  report_entry_error (ent->fts_path, ent->fts_info, ent->fts_errno);
	  ok = false;
	  /* fall through */
	case ENTRY_LEAVE:
	  if (ent->fts_pointer && release)
	    release (ent->fts_pointer);
	  ent->fts_pointer = NULL;
	  break;
	case ENTRY_SKIP:
	  break;
	}
    }
  return close_walk (fts) && ok;
}

/* --- several jobs ---------------------------------------------------- */

/* Files in flight at most; bounds memory whatever the tree. */
#define WALK_RING 1024
/* Files handed over, and taken, at a time. */
#define WALK_BATCH 32

/* A directory descriptor shared by the files in flight from it (fts
   closes its own when it moves on). */
struct dir_ref
{
  int fd;
  unsigned int users;
};

enum slot_state { SLOT_FREE, SLOT_QUEUED, SLOT_DONE };

/* The output of the files a worker took at once, in one buffer: a
   stream per file would cost more than the file's system calls. */
struct out_batch
{
  FILE *fp;
  char *buf;
  size_t len;
  unsigned int unprinted;	/* slots whose output is still in buf */
};

struct slot
{
  enum slot_state state;
  char *path;			/* a copy of fts_path */
  const char *name;		/* fts_accpath, in the same allocation */
  struct dir_ref *dir;
  struct stat st;
  int level, flags;
  bool need_stat;		/* fts did not stat it */
  int info, errnum;		/* an fts problem to report instead */
  int result;
  struct walk_sink sink;	/* .out is the batch's stream */
  struct out_batch *batch;
  off_t out_start, out_end;	/* this file's output in batch->buf */
};

struct parallel_walk
{
  pthread_mutex_t lock;
  pthread_cond_t work;		/* a slot was queued, or the walk ended */
  pthread_cond_t space;		/* a slot was freed */
  struct slot *ring;
  unsigned long filled;		/* slots filled by the producer */
  unsigned long room;		/* it may fill up to this one */
  unsigned long queued;		/* slots handed to the workers */
  unsigned long taken;		/* slots taken by workers */
  unsigned long printed;	/* slots printed and freed */
  bool finished;		/* nothing more will be queued */
  int idle;			/* workers waiting for work */
  int started;			/* workers */
  bool full;			/* the producer waits for space */
  bool ok;
  walk_visit_fn visit;
  void *arg;
};

static void
dir_ref_put (struct dir_ref *dir)
{
  if (dir && __atomic_sub_fetch (&dir->users, 1, __ATOMIC_ACQ_REL) == 0)
    {
      if (dir->fd != AT_FDCWD)
	close (dir->fd);
      free (dir);
    }
}

/* Print the finished slots in walk order; called with the lock held. */
static void
print_finished (struct parallel_walk *w)
{
  while (w->printed < w->taken)
    {
      struct slot *s = &w->ring[w->printed % WALK_RING];

      if (s->state != SLOT_DONE)
	break;
      if (s->out_end > s->out_start)
	fwrite (s->batch->buf + s->out_start, 1, s->out_end - s->out_start,
		stdout);
      if (--s->batch->unprinted == 0)
	{
	  fclose (s->batch->fp);
	  free (s->batch->buf);
	  free (s->batch);
	}
      if (s->sink.err)
	{
	  fclose (s->sink.err);
	  fflush (stdout);
	  fwrite (s->sink.err_buf, 1, s->sink.err_len, stderr);
	  free (s->sink.err_buf);
	}
      if (s->result & WALK_FAILED)
	w->ok = false;
      dir_ref_put (s->dir);
      free (s->path);
      memset (s, 0, sizeof *s);
      w->printed++;
      if (w->full)
	pthread_cond_signal (&w->space);
    }
}

/* Work on slot @s (without the lock: the slot is this thread's now). */
static void
run_slot (struct parallel_walk *w, struct slot *s, struct out_batch *batch)
{
  s->batch = batch;
  s->sink.out = batch->fp;
  s->out_start = ftello (batch->fp);
  set_message_sink (&s->sink);
  if (s->info)
    {
      report_entry_error (s->path, s->info, s->errnum);
      s->result = WALK_FAILED;
    }
  else
    {
      struct walk_file f = { 0 };

      f.path = s->path;
      f.file.dirfd = s->dir ? s->dir->fd : AT_FDCWD;
      f.file.name = s->name;
      f.file.flags = s->flags;
      f.st = &s->st;
      f.level = s->level;
      f.sink = &s->sink;
      if (s->need_stat && at_stat (&f.file, &s->st))
	{
	  /* Removed since the directory was read, for example. */
	  report_file_error (s->path, errno);
	  s->result = WALK_FAILED;
	}
      else if (s->need_stat && S_ISLNK (s->st.st_mode))
	s->result = WALK_OK;	/* as FTS_SL */
      else
	s->result = w->visit (&f, w->arg);
    }
  set_message_sink (NULL);
  s->out_end = ftello (batch->fp);
}

static void *
worker (void *arg)
{
  struct parallel_walk *w = arg;

  pthread_mutex_lock (&w->lock);
  for (;;)
    {
      unsigned long first, end, n;
      struct out_batch *batch;

      while (w->taken == w->queued && !w->finished)
	{
	  w->idle++;
	  pthread_cond_wait (&w->work, &w->lock);
	  w->idle--;
	}
      if (w->taken == w->queued)
	break;
      /* A few files at a time: each costs only a few system calls, so
	 taking the lock for each would cost as much. */
      first = w->taken;
      end = w->queued - first > WALK_BATCH ? first + WALK_BATCH : w->queued;
      w->taken = end;
      pthread_mutex_unlock (&w->lock);
      batch = xzalloc (sizeof *batch);
      batch->fp = open_memstream (&batch->buf, &batch->len);
      if (!batch->fp)
	xalloc_die ();
      batch->unprinted = end - first;
      for (n = first; n < end; n++)
	run_slot (w, &w->ring[n % WALK_RING], batch);
      /* Makes batch->buf hold everything written. */
      if (fflush (batch->fp))
	xalloc_die ();
      pthread_mutex_lock (&w->lock);
      for (n = first; n < end; n++)
	w->ring[n % WALK_RING].state = SLOT_DONE;
      print_finished (w);
    }
  pthread_mutex_unlock (&w->lock);
  return NULL;
}

/* The descriptor of the directory fts is in now, shared while it stays
   there.  fts moves only between an FTS_D or FTS_DP entry and the next
   entry, so *current is dropped at those. */
static struct dir_ref *
current_dir (const FTS *fts, struct dir_ref **current)
{
  if (!*current)
    {
      struct dir_ref *dir = xmalloc (sizeof *dir);

      dir->fd = fts->fts_cwd_fd;
      if (dir->fd != AT_FDCWD)
	{
	  dir->fd = fcntl (fts->fts_cwd_fd, F_DUPFD_CLOEXEC, 0);
	  if (dir->fd < 0)
	    {
	      free (dir);
	      return NULL;
	    }
	}
      dir->users = 1;		/* *current's; slots add theirs */
      *current = dir;
    }
  return *current;
}

/* Hand the slots filled so far to the workers, and wait until there is
   room for more; called with the lock held. */
static void
publish (struct parallel_walk *w)
{
  w->queued = w->filled;
  if (w->idle)
    pthread_cond_broadcast (&w->work);
  while (w->filled - w->printed >= WALK_RING)
    {
      w->full = true;
      pthread_cond_wait (&w->space, &w->lock);
      w->full = false;
    }
  w->room = w->printed + WALK_RING;
}

/* Wait until everything queued so far is done: a visit that changes a
   directory's mode may take its search permission away for a moment
   (storage_store), so its entries must not be visited meanwhile. */
static void
wait_for_all (struct parallel_walk *w)
{
  pthread_mutex_lock (&w->lock);
  publish (w);
  while (w->printed < w->filled)
    {
      w->full = true;
      pthread_cond_wait (&w->space, &w->lock);
      w->full = false;
    }
  pthread_mutex_unlock (&w->lock);
}

/* Queue @ent (or the problem @info with it) for a worker. */
static void
queue_entry (struct parallel_walk *w, const FTS *fts, const FTSENT *ent,
	     const struct walk_options *opts, struct dir_ref *dir, int info,
	     int errnum)
{
  size_t path_len = strlen (ent->fts_path), name_len;
  struct file_ref ref;
  struct slot *s;

  /* Slots up to w->room are free, and no worker looks at a slot
     before it is published. */
  s = &w->ring[w->filled % WALK_RING];
  entry_file_ref (fts, ent, opts, &ref);
  name_len = strlen (ref.name);
  s->path = xmalloc (path_len + name_len + 2);
  memcpy (s->path, ent->fts_path, path_len + 1);
  memcpy (s->path + path_len + 1, ref.name, name_len + 1);
  s->name = s->path + path_len + 1;
  s->dir = dir;
  s->flags = ref.flags;
  s->level = ent->fts_level;
  s->info = info;
  s->errnum = errnum;
  s->need_stat = ent->fts_info == FTS_NSOK;
  if (!info && !s->need_stat)
    s->st = *ent->fts_statp;
  s->state = SLOT_QUEUED;
  if (dir)
    __atomic_add_fetch (&dir->users, 1, __ATOMIC_RELAXED);
  w->filled++;

  /* Publish in batches, and at once when the workers have nothing. */
  if (w->filled == w->room || w->filled - w->queued >= WALK_BATCH
      || __atomic_load_n (&w->idle, __ATOMIC_RELAXED) == w->started)
    {
      pthread_mutex_lock (&w->lock);
      publish (w);
      pthread_mutex_unlock (&w->lock);
    }
}

static bool
walk_parallel (char **operands, const struct walk_options *opts,
	       walk_visit_fn visit, void *arg)
{
  struct parallel_walk w = { 0 };
  struct dir_ref *current = NULL;
  pthread_t *threads;
  FTS *fts;
  FTSENT *ent;
  bool ok = true;
  int n, started;

  pthread_mutex_init (&w.lock, NULL);
  pthread_cond_init (&w.work, NULL);
  pthread_cond_init (&w.space, NULL);
  w.ring = xcalloc (WALK_RING, sizeof *w.ring);
  w.ok = true;
  w.visit = visit;
  w.arg = arg;
  threads = xnmalloc (opts->jobs, sizeof *threads);
  w.room = WALK_RING;
  for (started = 0; started < opts->jobs; started++)
    if (pthread_create (&threads[started], NULL, worker, &w))
      break;
  w.started = started;
  if (started == 0)
    {
      free (threads);
      free (w.ring);
      return walk_serial (operands, opts, visit, NULL, arg);
    }

  /* The workers stat the files that are not directories: the walk's own
     thread then only reads directories, and the work is shared.  The
     types from the directory entries are enough to skip symlinks. */
  fts = open_walk (operands, opts,
		   opts->logical ? 0 : FTS_NOSTAT | FTS_DEFER_STAT);
  while ((ent = fts_read (fts)) != NULL)
    {
      struct dir_ref *dir;

      switch (classify (ent))
	{
	case ENTRY_VISIT:
	  dir = current_dir (fts, &current);
	  if (dir)
	    queue_entry (&w, fts, ent, opts, dir, 0, 0);
	  else
	    queue_entry (&w, fts, ent, opts, NULL, FTS_ERR, errno);
	  if (opts->dirs_first && ent->fts_info == FTS_D)
	    wait_for_all (&w);
	  break;
	case ENTRY_ERROR:
	  queue_entry (&w, fts, ent, opts, NULL, ent->fts_info,
		       ent->fts_errno);
	  break;
	case ENTRY_LEAVE:
	case ENTRY_SKIP:
	  break;
	}
      if (ent->fts_info == FTS_D || ent->fts_info == FTS_DP
	  || ent->fts_info == FTS_DNR)
	{
	  /* fts changes directory before the next entry. */
	  dir_ref_put (current);
	  current = NULL;
	  pthread_mutex_lock (&w.lock);
	  publish (&w);
	  pthread_mutex_unlock (&w.lock);
	}
    }
  ok = close_walk (fts);

  dir_ref_put (current);
  pthread_mutex_lock (&w.lock);
  publish (&w);
  w.finished = true;
  pthread_cond_broadcast (&w.work);
  pthread_mutex_unlock (&w.lock);
  for (n = 0; n < started; n++)
    pthread_join (threads[n], NULL);
  free (threads);
  free (w.ring);
  pthread_mutex_destroy (&w.lock);
  pthread_cond_destroy (&w.work);
  pthread_cond_destroy (&w.space);
  return ok && w.ok;
}

bool
walk (char **operands, const struct walk_options *opts, walk_visit_fn visit,
      walk_release_fn release, void *arg)
{
  bool ok = true;

  if (!opts->recursive)
    {
      for (; *operands; operands++)
	ok &= walk_operand (*operands, visit, release, arg);
      return ok;
    }
  /* Visits that pass data down the tree need the serial walk. */
  if (opts->jobs > 1 && !release)
    return walk_parallel (operands, opts, visit, arg);
  return walk_serial (operands, opts, visit, release, arg);
}
