# richaclfs.bash - mounting richaclfs in the bats tests.
#
# Load after common:   load "$TEST_HELPERS/common"; load "$TEST_HELPERS/richaclfs"
#
# fs_setup (call from setup) mounts a fresh backing directory $B at $M and
# changes to $M; fs_teardown (call from teardown) unmounts it and stops the
# daemon, so that no mount and no daemon survive a test, even a failed one.
# Both live under a directory of /tmp that every test user can search (the
# bats temporary directories cannot be searched by others).
#
# ACLs are shown through the mount under system.richacl, so the tools run
# there without --xattr-name; on the backing directory they need
# --xattr-name=trusted.richacl (the function `backing_getrichacl`).

RICHACLFS=${RICHACLFS:-${abs_top_builddir:-.}/tools/richaclfs/richaclfs}
RICHACLFS_HELPER=${RICHACLFS_HELPER:-${abs_top_builddir:-.}/test/helpers/richaclfs-diff}

# Skip (with the reason) when richaclfs cannot run here.
fs_require() {
	[ "$(id -u)" = 0 ] || skip "richaclfs tests need root"
	[ -c /dev/fuse ] || skip "no /dev/fuse: FUSE is not available"
	[ -x "$RICHACLFS" ] ||
		skip "richaclfs was not built (configure found no libfuse3, or --without-richaclfs)"
}

# Is $1 a richaclfs mount?
fs_mounted() {
	awk -v m="$1" '$2 == m && $3 == "fuse.richaclfs" { found = 1 }
		END { exit !found }' /proc/self/mounts
}

# fs_mount BACKING MOUNTPOINT [OPTION...]: start the daemon in the
# foreground (in the background of the test) and wait for the mount.
fs_mount() {
	local backing=$1 mnt=$2 n
	shift 2
	"$RICHACLFS" -f "$@" "$backing" "$mnt" 2>"$FS_ROOT/daemon.log" &
	FS_PID=$!
	echo "$FS_PID" >>"$FS_ROOT/pids"
	for n in $(seq 200); do
		fs_mounted "$mnt" && return 0
		kill -0 "$FS_PID" 2>/dev/null || break
		sleep 0.05
	done
	echo "richaclfs did not mount:" >&2
	cat "$FS_ROOT/daemon.log" >&2
	return 1
}

fs_umount() {
	local mnt=$1
	fs_mounted "$mnt" || return 0
	umount "$mnt" 2>/dev/null || umount -l "$mnt"
}

fs_setup() {
	fs_require
	richacl_setup || return 1
	# Through the mount the ACL is system.richacl, the tools' default.
	unset RICHACL_XATTR_NAME
	FS_ROOT=$(mktemp -d /tmp/richaclfs-test.XXXXXX) || return 1
	chmod 755 "$FS_ROOT"
	B=$FS_ROOT/backing
	M=$FS_ROOT/mnt
	mkdir "$B" "$M"
	chmod 755 "$B"
	fs_mount "$B" "$M" "$@" || return 1
	cd "$M" || return 1
}

# Unmount, then make sure every daemon this test started has exited.
fs_teardown() {
	local pid n
	[ -n "${FS_ROOT:-}" ] || return 0
	cd /
	fs_umount "$FS_ROOT/mnt"
	if [ -f "$FS_ROOT/pids" ]; then
		while read -r pid; do
			for n in $(seq 100); do
				kill -0 "$pid" 2>/dev/null || break
				sleep 0.05
			done
			if kill -0 "$pid" 2>/dev/null; then
				echo "richaclfs $pid still running after unmount" >&2
				kill "$pid"
				return 1
			fi
		done <"$FS_ROOT/pids"
	fi
	rm -rf "$FS_ROOT"
}

# as USER CMD...: run CMD as rtalice/rtbob with their groups from the
# group database; as_ids UID GID[,GID...] CMD... with exactly those ids.
as() {
	local user=$1
	shift
	setpriv --reuid="$user" --regid="$user" --init-groups "$@"
}
as_ids() {
	local uid=$1 groups=$2
	shift 2
	setpriv --reuid="$uid" --regid="${groups%%,*}" --groups="$groups" "$@"
}

backing_getrichacl() {
	getrichacl --xattr-name=trusted.richacl "$@"
}
