## tools/richaclfs: Makefile fragment included by the top-level Makefile.am.
## richaclfs is built only when configure found libfuse3 (BUILD_RICHACLFS);
## its tests are always run and skip, saying why, when it was not built.

if BUILD_RICHACLFS
bin_PROGRAMS += tools/richaclfs/richaclfs
man_MANS += man/richaclfs.8
check_PROGRAMS += test/helpers/richaclfs-diff
endif

tools_richaclfs_richaclfs_SOURCES = \
	tools/richaclfs/richaclfs.h \
	tools/richaclfs/richaclfs.c \
	tools/richaclfs/inode.c \
	tools/richaclfs/acl_cache.c \
	tools/richaclfs/permission.c \
	tools/richaclfs/ops_entry.c \
	tools/richaclfs/ops_attr.c \
	tools/richaclfs/ops_create.c \
	tools/richaclfs/ops_remove.c \
	tools/richaclfs/ops_file.c \
	tools/richaclfs/ops_xattr.c
tools_richaclfs_richaclfs_CPPFLAGS = $(AM_CPPFLAGS) $(FUSE3_CFLAGS)
tools_richaclfs_richaclfs_LDADD = tools/common/libcommon.a \
	lib/librichacl_core.la gl/lib/libgnu.a $(FUSE3_LIBS) $(LTLIBINTL)

## The differential test's generator: random ACLs, principals and
## operations with a fixed seed, tried on the mount.
test_helpers_richaclfs_diff_SOURCES = test/helpers/richaclfs-diff.c
test_helpers_richaclfs_diff_LDADD = lib/librichacl_core.la

BATS_TESTS += test/richaclfs.bats test/richaclfs-diff.bats
EXTRA_DIST += man/richaclfs.8 bench/richaclfs-bench
