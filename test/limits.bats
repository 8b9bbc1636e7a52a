#!/usr/bin/env bats
# Resource bounds (issue 5, item 5): an ACL whose xattr would exceed the
# size limit (the VFS's 65536 bytes, which is at most 5460 entries, or
# the filesystem's own, smaller one: ext4 keeps xattrs in one block) is
# refused with a clear error and exit status 1, and the file is left
# byte-identical (xattr and mode).

load "$TEST_HELPERS/common"

setup() {
	richacl_setup
}

teardown() {
	[ -z "${SHM_DIR:-}" ] || rm -rf "$SHM_DIR"
}

OLD_ACL='owner@:rwx::allow user:30001:rx::allow group@:r::allow everyone@:x::allow'

# acl_text N [FIRST-ID] [PERMS]: an ACL of owner@ plus N-1 numeric user
# entries, one per line.
acl_text() {
	awk -v n="$1" -v first="${2:-40000}" -v perms="${3:-r}" 'BEGIN {
		print "owner@:rwp::allow"
		for (i = 1; i < n; i++)
			printf "user:%d:%s::allow\n", first + i, perms
	}'
}

# A directory on tmpfs, which stores xattrs up to the VFS limit:
# $SHM_DIR, which teardown removes (so not to be called in a subshell).
shm_dir() {
	[ -d /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ] ||
		skip "no tmpfs at /dev/shm"
	SHM_DIR=$(mktemp -d /dev/shm/richacl-limits.XXXXXX) || return 1
	touch "$SHM_DIR/probe" &&
		setfattr -n trusted.test -v 1 "$SHM_DIR/probe" ||
		skip "tmpfs without trusted.* xattrs"
}

@test "an ACL with more entries than an xattr can hold: clear error, exit 1, file unchanged" {
	local before
	acl_text 5461 >big.acl
	mkfile f 644
	setrichacl --set "$OLD_ACL" f
	before=$(snapshot f)
	run --separate-stderr setrichacl --set-file big.acl f
	assert_equal "$status" 1
	[[ "$stderr" =~ too\ large ]] || fail "unclear message: $stderr"
	assert_equal "${#stderr_lines[@]}" 1
	assert_equal "$(snapshot f)" "$before"
}

@test "5460 entries is the most an xattr can hold: stored exactly on tmpfs" {
	local d
	shm_dir
	d=$SHM_DIR
	acl_text 5460 >"$d/max.acl"
	mkfile "$d/f" 644
	run -0 setrichacl --set-file "$d/max.acl" "$d/f"
	# 16 bytes of header and 12 per entry: 65536 bytes, as hex.
	[ "$(xattr_hex "$d/f" | wc -c)" -eq $((2 + 2 * 65536 + 1)) ]
	run -0 getrichacl -n --unaligned "$d/f"
	assert_equal "$(grep -c '^user:' <<<"$output")" 5459
}

@test "--modify that grows the ACL beyond the xattr limit: 'too large', exit 1, file unchanged" {
	local d before
	shm_dir
	d=$SHM_DIR
	acl_text 3000 >"$d/base.acl"
	acl_text 3000 50000 w | sed 1d >"$d/more.acl"
	mkfile "$d/f" 644
	run -0 setrichacl --set-file "$d/base.acl" "$d/f"
	before=$(snapshot "$d/f")
	run --separate-stderr setrichacl --modify-file "$d/more.acl" "$d/f"
	assert_equal "$status" 1
	[[ "$stderr" =~ ^(.*/)?setrichacl:\ .*/f:\ the\ ACL\ is\ too\ large\ to\ store ]] ||
		fail "unclear message: $stderr"
	assert_equal "${#stderr_lines[@]}" 1
	assert_equal "$(snapshot "$d/f")" "$before"
}

@test "the filesystem's own xattr size limit: clear error, exit 1, file and mode unchanged" {
	local n before
	mkfile f 644
	setrichacl --set "$OLD_ACL" f
	before=$(snapshot f)
	# Whatever the filesystem: each size either is stored exactly or
	# refused with a clear message, and the file left as it was.
	for n in 100 400 1000 3000 5460; do
		acl_text "$n" >a.acl
		run --separate-stderr setrichacl --set-file a.acl f
		if [ "$status" -eq 0 ]; then
			run -0 getrichacl -n --unaligned f
			assert_equal "$(grep -c '^user:' <<<"$output")" $((n - 1))
			setrichacl --set "$OLD_ACL" f
			assert_equal "$(snapshot f)" "$before"
			continue
		fi
		assert_equal "$status" 1
		[[ "$stderr" =~ ^(.*/)?setrichacl:\ f:\ the\ ACL\ is\ too\ large\ to\ store:\ (No\ space\ left\ on\ device|Argument\ list\ too\ long)$ ]] ||
			fail "$n entries: $stderr"
		# The mode was narrowed before the xattr was refused: put back.
		assert_equal "$(snapshot f)" "$before"
	done
}

@test "ext4-sized refusal of a file without an ACL leaves it without one" {
	mkfile f 640
	acl_text 1000 >a.acl
	run --separate-stderr setrichacl --set-file a.acl f
	if [ "$status" -eq 0 ]; then
		# This filesystem holds large xattrs: nothing to refuse.
		run -0 getrichacl -n f
		return 0
	fi
	assert_equal "$status" 1
	[[ "$stderr" =~ too\ large\ to\ store ]] || fail "$stderr"
	assert_equal "$(snapshot f)" "640 none"
}

@test "a refused ACL on one file does not stop the others" {
	local before
	acl_text 1000 >a.acl
	mkfile f 644
	mkfile g 644
	before=$(snapshot f)
	run --separate-stderr setrichacl --set-file a.acl f g
	if [ "$status" -eq 0 ]; then
		return 0	# a filesystem that holds it
	fi
	assert_equal "$status" 1
	assert_equal "${#stderr_lines[@]}" 2
	assert_equal "$(snapshot f)" "$before"
	assert_equal "$(snapshot g)" "$before"
	# A small ACL after a refused one still works.
	run -0 setrichacl --set "$OLD_ACL" f g
}
