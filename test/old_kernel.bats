#!/usr/bin/env bats
# The tools on a kernel older than Linux 6.6 (Debian 12's own is 6.1):
# test/fault/old_kernel.so makes fchmodat2 and the *xattrat system calls
# fail with ENOSYS, so every xattr call goes through /proc/self/fd/N/NAME
# and every chmod through glibc's fchmodat (tools/common/at_calls.c).
# Each case runs the same command with and without the shim on two equal
# trees and compares what they print and what they leave behind, and
# checks from the shim's log that the fallback was taken.  (Operands, and
# every file of a -L walk, are named by path and need no fallback: only
# the files a -P walk finds are named relative to a directory.)  The races of
# hostile.bats are run here through the fallback too.
#
# `make check-old-kernel` runs every bats suite this way.

load "$TEST_HELPERS/common"
load "$TEST_HELPERS/tree"
load "$TEST_HELPERS/hostile"

OLD_KERNEL_SO=${OLD_KERNEL_SO:-$abs_top_builddir/test/fault/.libs/old_kernel.so}

ACL='owner@:rwpx:fd:allow user:rtalice:r:fd:allow everyone@:r::allow'

setup() {
	richacl_setup
	[ -f "$OLD_KERNEL_SO" ] || fail "missing $OLD_KERNEL_SO (make check builds it)"
	[ -x "$SWAP_RACE" ] || fail "missing $SWAP_RACE (make check builds it)"
	# Preloading puts the shim before the ASan runtime of a
	# --enable-sanitizers build, which ASan refuses by default.
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
	OLD_LOG=$BATS_TEST_TMPDIR/enosys.log
	: >"$OLD_LOG"
	chmod 666 "$OLD_LOG"
	RACERS=()
}

teardown() {
	stop_races
	tree_cleanup
}

# old CMD [ARG]...: run CMD on the "old kernel"; the shim's log then
# tells about this run only.
old() {
	: >"$OLD_LOG"
	LD_PRELOAD="$OLD_KERNEL_SO${LD_PRELOAD:+:$LD_PRELOAD}" \
		OLD_KERNEL_LOG="$OLD_LOG" "$@"
}

# refused xattrat|fchmodat2: the shim refused one of the *xattrat calls
# (the tools stop trying them after the first ENOSYS), or fchmodat2.
refused() {
	local nrs
	case $1 in
	xattrat) nrs='46[3-6]' ;;
	fchmodat2) nrs=452 ;;
	esac
	grep -qx "enosys $nrs" "$OLD_LOG" ||
		fail "no $1 call was refused: the fallback was not exercised"
}

# state DIR: every file's type, mode and xattrs (hex), in name order.
state() {
	(cd "$1" && find . -printf '%p %y %m\n' | LC_ALL=C sort &&
		getfattr -R -P -h -d -m - -e hex . 2>/dev/null)
}

# A tree with ACLs, odd names and symlinks (one to outside), twice.
make_twins() {
	make_tree a
	: >a/$'new\nline'
	: >a/-rf
	ln -s "$PWD/outside" a/dir/out.link
	ln -s f1 a/z/f1.link
	setrichacl --set "$ACL" a/dir a/z/f1
	setrichacl --set 'owner@:rw::allow group@:r::allow user:rtbob:w::deny' \
		a/a/b/f2
	chmod 640 a/file
	cp -a a b
}

@test "the shim refuses fchmodat2 and the *xattrat calls; the tools fall back" {
	mkdir d e
	: >d/f
	: >e/f
	# d and e are operands, named by path; their files are named
	# relative to the directory's descriptor, which is what falls back.
	run -0 old setrichacl -R --set 'owner@:rwx::allow everyone@:r::allow' d
	refused xattrat
	refused fchmodat2
	run -0 setrichacl -R --set 'owner@:rwx::allow everyone@:r::allow' e
	assert_equal "$(snapshot d/f)" "$(snapshot e/f)"
	assert_equal "$(stat -c %a d/f)" 744
	run -0 old getrichacl -R d
	refused xattrat
	assert_output "$(getrichacl -R d)"
}

@test "getrichacl -R through the fallback prints what it prints with the new calls" {
	make_outside "$PWD/outside"
	make_twins
	local j
	for j in 1 2; do
		run --separate-stderr -0 old getrichacl -R -j $j a
		refused xattrat
		assert_equal "$output" "$(getrichacl -R -j $j a)"
		run --separate-stderr -0 old getrichacl -R --raw -n -j $j a
		assert_equal "$output" "$(getrichacl -R --raw -n -j $j a)"
	done
	refute_sentinel
}

@test "setrichacl -R --set/--modify/--remove through the fallback: the same trees" {
	make_outside "$PWD/outside"
	make_twins
	local before
	before=$(outside_state outside)
	run -0 old setrichacl -R -m 'user:rtbob:rw::allow' a
	run -0 setrichacl -R -m 'user:rtbob:rw::allow' b
	refused xattrat
	assert_equal "$(state a)" "$(state b)"
	# Modes change: the chmod fallback.
	run -0 old setrichacl -R -j 2 --set 'owner@:rwx::allow everyone@:x::allow' a
	run -0 setrichacl -R -j 2 --set 'owner@:rwx::allow everyone@:x::allow' b
	refused fchmodat2
	assert_equal "$(state a)" "$(state b)"
	assert_equal "$(stat -c %a a/a/b/f2)" 711
	run -0 old setrichacl -R --remove a
	run -0 setrichacl -R --remove b
	refused xattrat
	assert_equal "$(state a)" "$(state b)"
	# The symlinks were skipped, never followed, on either path.
	assert_equal "$(outside_state outside)" "$before"
}

@test "automatic inheritance propagates through the fallback" {
	mkdir -p a/s/t b/s/t
	: >a/s/t/f
	: >b/s/t/f
	local ai='owner@:rwx:fdi:allow user:rtbob:r:fdi:allow'
	setrichacl --set "flags:a $ai" a/s a/s/t a/s/t/f b/s b/s/t b/s/t/f
	run -0 old setrichacl --set "flags:a owner@:rwx:fd:allow user:rtalice:rw:fd:allow" a
	run -0 setrichacl --set "flags:a owner@:rwx:fd:allow user:rtalice:rw:fd:allow" b
	refused xattrat
	assert_equal "$(state a)" "$(state b)"
	run -0 getrichacl a/s/t/f
	assert_line --partial 'user:rtalice:rw'
}

@test "as the owner, not root (user.richacl): an unreadable directory is reported, the rest done" {
	mk_alice_tree
	OLD_LOG=$RT_USER_DIR/enosys.log
	run --separate-stderr -1 as_alice env \
		LD_PRELOAD="$OLD_KERNEL_SO" OLD_KERNEL_LOG="$OLD_LOG" \
		setrichacl -R -m 'user:rtbob:rw::allow' t
	refused xattrat
	rm "$OLD_LOG"
	[[ $stderr == *t/locked* ]] || fail "no message names t/locked: $stderr"
	run -0 as_alice getrichacl --unaligned t/a/f t/z/g
	assert_output - <<'EOF'
t/a/f:
owner@:rwp::allow
user:rtbob:rw::allow

t/z/g:
owner@:rwp::allow
user:rtbob:rw::allow
EOF
	chmod 700 t/locked
	assert_equal "$(xattr_hex t/locked/hidden user.richacl)" none
}

@test "race through the fallback: a directory swapped for a symlink to outside (set and get)" {
	local iter before
	make_tree tree
	make_outside "$PWD/outside"
	ln -s "$PWD/outside" tree/dir.link
	before=$(outside_state outside)
	start_race tree/dir tree/dir.link
	for ((iter = 0; iter < HOSTILE_ITERATIONS / 3; iter++)); do
		run --separate-stderr old setrichacl -R -j $((1 + iter % 2)) \
			--set "$ACL" tree
		[ "$status" -le 1 ] || fail "set $iter: status $status: $stderr"
		refute_sentinel
		run --separate-stderr old getrichacl -R -j $((1 + iter % 2)) tree
		[ "$status" -le 1 ] || fail "get $iter: status $status: $stderr"
		refute_sentinel
	done
	stop_races
	refused xattrat
	assert_equal "$(outside_state outside)" "$before"
}

@test "race through the fallback: a file swapped for a symlink to outside (--modify, --remove)" {
	local iter before
	make_tree tree
	make_outside "$PWD/outside"
	ln -s "$PWD/outside/SENTINEL-file" tree/a/f1.link
	before=$(outside_state outside)
	start_race tree/a/f1 tree/a/f1.link
	for ((iter = 0; iter < HOSTILE_ITERATIONS / 3; iter++)); do
		run --separate-stderr old setrichacl -R --modify 'user:30002:w::allow' tree
		[ "$status" -le 1 ] || fail "modify $iter: status $status: $stderr"
		refute_sentinel
		run --separate-stderr old setrichacl -R --remove tree
		[ "$status" -le 1 ] || fail "remove $iter: status $status: $stderr"
		refute_sentinel
	done
	stop_races
	refused xattrat
	assert_equal "$(outside_state outside)" "$before"
}
