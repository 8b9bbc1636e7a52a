# tree.bash - building and comparing directory trees for the recursive,
# restore and propagation suites.  Load after common:
#
#   load "$TEST_HELPERS/common"
#   load "$TEST_HELPERS/tree"

# Everything that a restore must bring back, for every file under each
# DIR (symlinks included, never followed), in a stable order: the path
# (names with newlines span lines, the same way each time), the raw
# mode in hex (file type, setuid/setgid/sticky and permission bits), the
# owner and group ids, and every extended attribute in hex.
tree_snapshot() {
	find "$@" -print0 | LC_ALL=C sort -z |
		xargs -0 stat -c '%n %f %u %g' --
	find "$@" -print0 | LC_ALL=C sort -z |
		xargs -0 getfattr -h --absolute-names -d -m - -e hex -- 2>&1
	return 0
}

# A directory that the unprivileged test user rtalice can reach (the
# per-test directory of bats is private to root), owned by rtalice.
# Sets RT_USER_DIR; removed again by tree_cleanup.
make_user_dir() {
	RT_USER_DIR=$(mktemp -d /tmp/richacl-rt.XXXXXX) || return 1
	chmod 755 "$RT_USER_DIR"
	chown "$RT_ALICE_UID:$RT_ALICE_UID" "$RT_USER_DIR"
}

tree_cleanup() {
	if [ -n "${RT_USER_DIR:-}" ] && [ -d "$RT_USER_DIR" ]; then
		chmod -R u+rwx "$RT_USER_DIR" 2>/dev/null
		rm -rf "$RT_USER_DIR"
	fi
	RT_USER_DIR=
}

# Run a command as rtalice (uid and gid 30001, with her supplementary
# groups), keeping ACLs in user.richacl, which she may use on her own
# files (only root may use trusted.*).
as_alice() {
	setpriv --reuid="$RT_ALICE_UID" --regid="$RT_ALICE_UID" --init-groups \
		env RICHACL_XATTR_NAME=user.richacl "$@"
}

# Skip unless rtalice can run the tools from where they were built and
# keep user.* attributes in RT_USER_DIR.
require_alice_tools() {
	command -v setpriv >/dev/null || skip "setpriv is not installed"
	as_alice getrichacl --version >/dev/null 2>&1 ||
		skip "rtalice cannot run the tools from the build directory"
	as_alice touch "$RT_USER_DIR/.probe" &&
	as_alice setfattr -n user.probe -v 1 "$RT_USER_DIR/.probe" 2>/dev/null ||
		skip "no user.* extended attributes in /tmp"
	rm -f "$RT_USER_DIR/.probe"
}

# rtalice's tree in RT_USER_DIR: t/a/f, t/locked/hidden (t/locked mode
# 000), t/z/g; ACLs in user.richacl.
mk_alice_tree() {
	make_user_dir
	require_alice_tools
	cd "$RT_USER_DIR"
	as_alice mkdir -p t/a t/locked t/z
	as_alice touch t/a/f t/locked/hidden t/z/g
	as_alice chmod 600 t/a/f t/locked/hidden t/z/g
	as_alice setrichacl --set 'owner@:rwp::allow user:rtbob:r::allow' t/a/f t/z/g
	as_alice chmod 000 t/locked
}
