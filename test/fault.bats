#!/usr/bin/env bats
# Fault injection (issue 5, item 3): with test/fault/fault_inject.so
# preloaded, the N-th setxattr, getxattr, removexattr, chmod, malloc or
# write of a run fails; for every N the run either succeeds completely or
# fails with a clear one-line message, a non-zero exit status, and the file
# byte-identical to before (the trusted.richacl bytes and the mode); no
# output is printed as if successful.  And a failure between the xattr and
# the mode never leaves a state that grants more than the old or the new
# one.

load "$TEST_HELPERS/common"
load "$TEST_HELPERS/fault"

setup() {
	fault_setup
}

# Numeric ids only: a malloc failure inside glibc's NSS code (getpwnam_r
# and friends) crashes glibc itself (nss_database.c), which is not ours
# to test.  30001 = rtalice, 30002 = rtbob, 30010 = rtstaff.
OLD_ACL='owner@:rwx::allow user:30001:rx::allow group@:r::allow everyone@:x::allow'
NEW_ACL='owner@:rw::allow user:30002:rw::allow everyone@:r::allow'

# --- Fixtures: each makes ./f afresh, in a known old state --------------

# A file without a stored ACL, mode 644.
fx_plain() {
	rm -f f && mkfile f 644 && chown 30002:30010 f
}
# A file with OLD_ACL stored (mode 751).
fx_acl() {
	rm -f f && mkfile f 644 && chown 30002:30010 f &&
		setrichacl --set "$OLD_ACL" f
}
# A directory with an inheritable ACL.
fx_dir() {
	rm -rf f && mkdirm f 755 && chown 30002:30010 f &&
		setrichacl --set 'owner@:rwxpd:fd:allow user:30001:rx:fd:allow everyone@:x::allow' f
}

# fault_loop GROUP ERRNO MESSAGE FIXTURE CMD [ARG]...
#
# Runs CMD once without faults after FIXTURE (it must succeed: that gives
# the new state and the number C of calls of GROUP), then, for N = 1..C,
# after FIXTURE again, with the N-th call of GROUP failing with ERRNO.
# Each run must either succeed with exactly the new state and nothing on
# stderr, or exit 1 with exactly one line "PROG: f: MESSAGE" on stderr,
# nothing on stdout, and ./f byte-identical to the fixture's state.  At
# least one N must fail (or the loop proved nothing).
fault_loop() {
	local group=$1 err=$2 message=$3 fixture=$4 prog=$5
	shift 4
	local old new calls nth failed=0 succeeded=0

	$fixture
	old=$(snapshot f)
	run --separate-stderr with_fault "" "$@"
	[ "$status" -eq 0 ] || fail "without faults: status $status: $stderr"
	new=$(snapshot f)
	calls=$(fault_calls "$group")
	[ "${calls:-0}" -ge 1 ] || fail "$* makes no $group call"

	for ((nth = 1; nth <= calls; nth++)); do
		$fixture
		[ "$(snapshot f)" = "$old" ] || fail "fixture not reproducible"
		run --separate-stderr with_fault "$group:$nth:1:$err" "$@"
		[ "$(fault_injected)" -eq 1 ] ||
			fail "$group #$nth of $calls: no fault injected"
		if [ "$status" -eq 0 ]; then
			# A failure the tool may tolerate (a probe): then the
			# result must be exactly the unfaulted one.
			[ "$(snapshot f)" = "$new" ] ||
				fail "$group #$nth: exit 0 but state $(snapshot f), not $new"
			[ -z "$stderr" ] || fail "$group #$nth: exit 0 with: $stderr"
			succeeded=$((succeeded + 1))
			continue
		fi
		failed=$((failed + 1))
		[ "$status" -eq 1 ] ||
			fail "$group #$nth: status $status (stderr: $stderr)"
		[ "$(snapshot f)" = "$old" ] ||
			fail "$group #$nth: state $(snapshot f), was $old"
		[ "${#stderr_lines[@]}" -eq 1 ] ||
			fail "$group #$nth: not one line: $stderr"
		[[ "$stderr" =~ ^(.*/)?$prog:\ f:\ $message$ ]] ||
			fail "$group #$nth: message: $stderr"
		[ -z "$output" ] || fail "$group #$nth: stdout: $output"
	done
	[ "$failed" -ge 1 ] || fail "no $group failure made $prog fail"
	echo "# $group: $calls calls, $failed failed runs, $succeeded tolerated" >&3
}

# --- setxattr -----------------------------------------------------------

@test "setxattr fails (EIO): --set on a file without an ACL is rolled back" {
	fault_loop setxattr EIO 'Input/output error' fx_plain \
		setrichacl --set "$NEW_ACL" f
}

@test "setxattr fails (EIO): --set replacing an ACL, mode narrowed first, is rolled back" {
	fault_loop setxattr EIO 'Input/output error' fx_acl \
		setrichacl --set "$NEW_ACL" f
}

@test "setxattr fails (ENOSPC): the ACL is too large to store, file unchanged" {
	fault_loop setxattr ENOSPC \
		'the ACL is too large to store: No space left on device' \
		fx_acl setrichacl --set "$NEW_ACL" f
}

@test "setxattr fails (E2BIG): the ACL is too large to store, file unchanged" {
	fault_loop setxattr E2BIG \
		'the ACL is too large to store: Argument list too long' \
		fx_plain setrichacl --set "$NEW_ACL" f
}

@test "setxattr fails (EDQUOT): --modify is rolled back" {
	fault_loop setxattr EDQUOT 'Disk quota exceeded' fx_acl \
		setrichacl --modify 'user:30003:w::allow' f
}

@test "setxattr fails (EIO): --set on a directory is rolled back" {
	fault_loop setxattr EIO 'Input/output error' fx_dir \
		setrichacl --set "$NEW_ACL" f
}

# --- chmod --------------------------------------------------------------

@test "chmod fails (EPERM): --set needing two mode changes is rolled back at each" {
	fault_loop chmod EPERM 'Operation not permitted' fx_acl \
		setrichacl --set "$NEW_ACL" f
	# OLD_ACL gives 751, NEW_ACL 664: narrow to 640, then widen.
	[ "$(fault_calls chmod)" -ge 2 ]
}

@test "chmod fails (EIO): --set on a file without an ACL is rolled back" {
	fault_loop chmod EIO 'Input/output error' fx_plain \
		setrichacl --set "$NEW_ACL" f
}

@test "chmod fails (EIO): an ACL equivalent to a mode (stored as the mode alone) is rolled back" {
	fault_loop chmod EIO 'Input/output error' fx_acl \
		setrichacl --set 'owner@:rwp::allow group@:rwp::allow' f
}

@test "chmod fails (EROFS): --modify is rolled back" {
	fault_loop chmod EROFS 'Read-only file system' fx_acl \
		setrichacl --modify 'everyone@:rw::allow' f
}

# --- removexattr --------------------------------------------------------

@test "removexattr fails (EIO): --remove leaves the ACL" {
	fault_loop removexattr EIO 'Input/output error' fx_acl \
		setrichacl --remove f
}

@test "removexattr fails (EIO): --set of a mode-equivalent ACL is rolled back" {
	fault_loop removexattr EIO 'Input/output error' fx_acl \
		setrichacl --set 'owner@:rwp::allow group@:rwp::allow' f
}

# --- getxattr -----------------------------------------------------------

@test "getxattr fails (EIO): --set fails before changing anything" {
	fault_loop getxattr EIO 'Input/output error' fx_acl \
		setrichacl --set "$NEW_ACL" f
}

@test "getxattr fails (EIO): --modify fails before changing anything" {
	fault_loop getxattr EIO 'Input/output error' fx_acl \
		setrichacl --modify 'user:30003:w::allow' f
}

@test "getxattr fails (EIO): getrichacl prints nothing for the file and exits 1" {
	local calls nth expected
	fx_acl
	expected=$(getrichacl -n f)
	run --separate-stderr with_fault "" getrichacl -n f
	calls=$(fault_calls getxattr)
	[ "$calls" -ge 1 ]
	for ((nth = 1; nth <= calls; nth++)); do
		run --separate-stderr with_fault "getxattr:$nth:1:EIO" getrichacl -n f
		if [ "$status" -eq 0 ]; then
			assert_equal "$output" "$expected"
			continue
		fi
		assert_equal "$status" 1
		assert_equal "$output" ""
		[[ "$stderr" =~ ^(.*/)?getrichacl:\ f:\ Input/output\ error$ ]] ||
			fail "#$nth: $stderr"
	done
}

@test "getxattr fails for one of several files: the others are still shown, exit 1" {
	local n
	fx_acl
	cp -a f g
	cp -a f h
	# The second file's first getxattr.
	run --separate-stderr with_fault "" getrichacl -n f g h
	n=$(fault_calls getxattr)
	n=$((n / 3 + 1))
	run --separate-stderr with_fault "getxattr:$n:1:EIO" getrichacl -n f g h
	assert_equal "$status" 1
	[[ "$stderr" =~ ^(.*/)?getrichacl:\ g:\ Input/output\ error$ ]] ||
		fail "$stderr"
	assert_equal "$(grep -c '^[fgh]:$' <<<"$output")" 2
	assert_line f:
	assert_line h:
	refute_line g:
}

# --- A fault in a recursive walk ---------------------------------------

# rec_tree: ./t with a directory, a subdirectory and files, all with
# OLD_ACL.
rec_tree() {
	rm -rf t
	mkdir -p t/d/e
	touch t/a t/b t/d/c t/d/e/f
	chown -R 30002:30010 t
	setrichacl -R --set "$OLD_ACL" t
}

# tree_state: "PATH MODE XATTR" of every file under ./t.
tree_state() {
	local f
	find t | sort | while IFS= read -r f; do
		echo "$f $(snapshot "$f")"
	done
}

@test "setxattr fails for one file of a recursive --set: that file unchanged, the others set, exit 1" {
	local jobs calls nth old new line file
	for jobs in 1 4; do
		rec_tree
		old=$(tree_state)
		run --separate-stderr with_fault "" setrichacl -R -j "$jobs" --set "$NEW_ACL" t
		assert_equal "$status" 0
		new=$(tree_state)
		calls=$(fault_calls setxattr)
		assert_equal "$calls" 7
		for ((nth = 1; nth <= calls; nth++)); do
			rec_tree
			run --separate-stderr with_fault "setxattr:$nth" \
				setrichacl -R -j "$jobs" --set "$NEW_ACL" t
			assert_equal "$status" 1
			assert_equal "${#stderr_lines[@]}" 1
			[[ "$stderr" =~ ^(.*/)?setrichacl:\ (t[^:]*):\ Input/output\ error$ ]] ||
				fail "-j $jobs setxattr #$nth: $stderr"
			file=${BASH_REMATCH[2]}
			# The file named is as before, every other one as after.
			while IFS= read -r line; do
				if [ "${line%% *}" = "$file" ]; then
					grep -qxF -- "$line" <<<"$old" ||
						fail "-j $jobs #$nth: $file changed: $line"
				else
					grep -qxF -- "$line" <<<"$new" ||
						fail "-j $jobs #$nth: not set: $line"
				fi
			done < <(tree_state)
		done
	done
}

# --- malloc -------------------------------------------------------------

# malloc_loop FIXTURE CMD [ARG]...: for every N, the N-th allocation fails:
# the run succeeds with the unfaulted result, or exits 1 with exactly
# "PROG: memory exhausted" and ./f unchanged; never a crash, a usage error
# or another message.
malloc_loop() {
	local fixture=$1 prog=$2
	shift
	local old new calls nth failed=0 good_out

	# make check-valgrind: valgrind replaces malloc in every object,
	# the shim's included, so no allocation can be made to fail there.
	[ -z "${RICHACL_VALGRIND_LOG:-}" ] ||
		skip "under valgrind, allocations cannot be made to fail"
	$fixture
	old=$(snapshot f)
	run --separate-stderr with_fault "" "$@"
	[ "$status" -eq 0 ] || fail "without faults: $stderr"
	new=$(snapshot f)
	good_out=$output
	calls=$(fault_calls malloc)
	[ "${calls:-0}" -ge 1 ]
	for ((nth = 1; nth <= calls; nth++)); do
		$fixture
		run --separate-stderr with_fault "malloc:$nth" "$@"
		if [ "$status" -eq 0 ]; then
			[ "$(snapshot f)" = "$new" ] ||
				fail "malloc #$nth: exit 0 but state $(snapshot f)"
			[ "$output" = "$good_out" ] ||
				fail "malloc #$nth: exit 0 but output: $output"
			continue
		fi
		failed=$((failed + 1))
		[ "$status" -eq 1 ] ||
			fail "malloc #$nth of $calls: status $status: $stderr"
		[[ "$stderr" =~ ^(.*/)?$prog:\ memory\ exhausted$ ]] ||
			fail "malloc #$nth of $calls: stderr: $stderr"
		[ "$(snapshot f)" = "$old" ] ||
			fail "malloc #$nth: state $(snapshot f), was $old"
		# Whatever was printed is a prefix of the real output.
		[ "${good_out#"$output"}" != "$good_out" ] || [ -z "$output" ] ||
			fail "malloc #$nth: output not a prefix: $output"
	done
	[ "$failed" -ge 1 ] || fail "no allocation failure made $prog fail"
	echo "# malloc: $calls calls, $failed failed runs" >&3
}

@test "malloc fails: setrichacl --set exits cleanly with 'memory exhausted', file unchanged" {
	malloc_loop fx_acl setrichacl --set "$NEW_ACL" f
}

@test "malloc fails: setrichacl --modify exits cleanly with 'memory exhausted', file unchanged" {
	malloc_loop fx_acl setrichacl --modify 'user:30003:w::allow group:30010:r:fd:deny' f
}

@test "malloc fails: setrichacl --set-file exits cleanly with 'memory exhausted'" {
	echo "$NEW_ACL" >acl.txt
	malloc_loop fx_acl setrichacl --set-file acl.txt f
}

@test "malloc fails: getrichacl exits cleanly with 'memory exhausted'" {
	malloc_loop fx_acl getrichacl -n f
}

@test "malloc fails: getrichacl --raw --long on a directory exits cleanly" {
	malloc_loop fx_dir getrichacl -n --raw --long f
}

# --- write (standard output) ---------------------------------------------

# Files whose listing is several stdio buffers long.
many_files() {
	local i
	for ((i = 0; i < 150; i++)); do
		mkfile "file$i" 644
		setrichacl --set "$OLD_ACL" "file$i"
	done
}

@test "write fails at the N-th write of standard output: getrichacl exits 1 with 'write error'" {
	local calls nth expected
	many_files
	expected=$(getrichacl -n file*)
	[ "${#expected}" -gt 20000 ]
	run --separate-stderr with_fault "" getrichacl -n file*
	assert_equal "$output" "$expected"
	calls=$(fault_calls write)
	[ "$calls" -ge 2 ]
	for ((nth = 1; nth <= calls; nth++)); do
		run --separate-stderr with_fault "write:$nth:1:EIO" getrichacl -n file*
		assert_equal "$status" 1
		# gnulib's close_stdout names the errno only when the last
		# flush failed; an earlier failed write is "write error".
		[[ "$stderr" =~ ^(.*/)?getrichacl:\ write\ error(:\ Input/output\ error)?$ ]] ||
			fail "write #$nth: $stderr"
		# Never the whole listing, as if all had gone well.
		[ "$output" != "$expected" ] || fail "write #$nth: all printed"
	done
}

@test "write fails with ENOSPC on the last write: getrichacl exits 1" {
	fx_acl
	run --separate-stderr with_fault "" getrichacl -n f
	run --separate-stderr with_fault "write:1:1:ENOSPC" getrichacl -n f
	assert_equal "$status" 1
	assert_equal "$output" ""
	[[ "$stderr" =~ ^(.*/)?getrichacl:\ write\ error:\ No\ space\ left\ on\ device$ ]] ||
		fail "$stderr"
}

@test "standard output is /dev/full: getrichacl exits 1 with 'write error'" {
	fx_acl
	run --separate-stderr getrichacl f
	assert_equal "$status" 0
	run --separate-stderr bash -c 'getrichacl f >/dev/full'
	assert_equal "$status" 1
	[[ "$stderr" =~ ^(.*/)?getrichacl:\ write\ error:\ No\ space\ left\ on\ device$ ]] ||
		fail "$stderr"
	run --separate-stderr bash -c 'getrichacl --access=30001 f >/dev/full'
	assert_equal "$status" 1
	[[ "$stderr" =~ write\ error ]] || fail "$stderr"
}

@test "standard output is /dev/full: --help and --version exit non-zero" {
	local prog opt
	for prog in getrichacl setrichacl; do
		for opt in --help --version; do
			run --separate-stderr bash -c "$prog $opt >/dev/full"
			[ "$status" -ne 0 ] || fail "$prog $opt: status 0"
			[[ "$stderr" =~ write\ error ]] || fail "$prog $opt: $stderr"
		done
	done
}

@test "a file size limit cuts standard output short: exit 1, what was printed is a prefix" {
	local expected k
	many_files
	expected=$(getrichacl -n file*)
	for k in 1 4 8 16; do
		run --separate-stderr bash -c \
			"trap '' XFSZ; ulimit -f $k; getrichacl -n file* >out"
		assert_equal "$status" 1
		[[ "$stderr" =~ ^(.*/)?getrichacl:\ write\ error:\ File\ too\ large$ ]] ||
			fail "limit ${k}K: $stderr"
		[ "$(stat -c %s out)" -le $((k * 1024)) ]
		[ "${expected#"$(cat out)"}" != "$expected" ] ||
			fail "limit ${k}K: not a prefix"
	done
}

# --- Ordering: no intermediate state grants more ------------------------

# What each of several principals is granted on FILE, one line each.
# 30002 owns the files; 30001 is in 30010 (the owning group); 30003 is a
# member of the owning group only; 30004 is in no group of the file.
PRINCIPALS='30002:30002 30001:30001:30010 30003:30010 30004:30011'
grants() {
	local p
	for p in $PRINCIPALS; do
		echo "$p $(getrichacl --access="$p" "$1" | sed 's/  .*//')"
	done
}

# subset A B: every principal's permissions in grants A are in grants B.
subset() {
	local a b pa pb ma mb c i
	while read -r pa ma && read -r pb mb <&3; do
		[ "$pa" = "$pb" ] || return 2
		[ "$ma" = - ] && continue
		for ((i = 0; i < ${#ma}; i++)); do
			c=${ma:i:1}
			[[ "$mb" == *"$c"* ]] || return 1
		done
	done <<<"$1" 3<<<"$2"
}

# ordering_case FIXTURE ACL: put ./f through every state a failure can
# leave it in when setting ACL (the single faults, which must roll back,
# and persistent faults, where the rollback fails too) and check that
# each state grants no principal more than the old state or no principal
# more than the new state.
ordering_case() {
	local fixture=$1 acl=$2 old new old_snap state spec
	$fixture
	old=$(grants f)
	old_snap=$(snapshot f)
	run -0 setrichacl --set "$acl" f
	new=$(grants f)
	echo "# old: $(echo $old) | new: $(echo $new)" >&3

	for spec in \
		chmod:1 chmod:2 setxattr:1 removexattr:1 \
		chmod:1:0 chmod:2:0 setxattr:1:0 removexattr:1:0 \
		chmod:2:0,setxattr:2:0,removexattr:1:0 \
		setxattr:1:0,chmod:2:0,removexattr:1:0 \
		chmod:1:0,setxattr:1:0,removexattr:1:0
	do
		$fixture
		run --separate-stderr with_fault "$spec" setrichacl --set "$acl" f
		state=$(grants f)
		if [ "$(fault_injected)" -eq 0 ]; then
			# This path makes no such call: the set went through.
			assert_equal "$status" 0
			assert_equal "$state" "$new"
			continue
		fi
		assert_equal "$status" 1
		case $spec in
		*:*:0*) ;;
		*) # A single fault: rolled back byte for byte.
		   assert_equal "$(snapshot f)" "$old_snap" ;;
		esac
		echo "# $spec: $(snapshot f) $(echo $state)" >&3
		subset "$state" "$old" || subset "$state" "$new" ||
			fail "after $spec the file grants more than before or after:
old:   $(echo $old)
new:   $(echo $new)
state: $(echo $state)"
	done
}

@test "ordering: replacing an ACL with one that needs a narrower and a wider mode" {
	# 751 -> 664: narrow to 640, set the xattr, widen to 664.
	ordering_case fx_acl "$NEW_ACL"
}

@test "ordering: a plain file (mode 644) gets an ACL with a group entry" {
	ordering_case fx_plain 'owner@:rw::allow user:30001:rw::allow everyone@:r::allow'
}

@test "ordering: an ACL that takes from the owner and gives to others" {
	ordering_case fx_acl 'owner@:r::allow user:30003:rwx::allow everyone@:rw::allow'
}

@test "ordering: an ACL replaced by a mode-equivalent one (stored as the mode)" {
	ordering_case fx_acl 'owner@:rwp::allow group@:rwp::allow'
}

@test "ordering: a directory's inheritable ACL replaced" {
	ordering_case fx_dir 'owner@:rwx::allow group@:rwxp:fd:allow user:30004:w::allow'
}

@test "the intermediate state between setting the xattr and the mode is observable and grants nothing" {
	# Both the second chmod and every later setxattr/removexattr fail:
	# the new ACL stays, under the mode with no permission bits that
	# the change goes through.
	fx_acl
	run --separate-stderr with_fault "chmod:2:0,setxattr:2:0,removexattr:1:0" \
		setrichacl --set "$NEW_ACL" f
	assert_equal "$status" 1
	assert_equal "$(stat -c %a f)" 0
	run -0 getrichacl -n --raw --unaligned f
	assert_line 'user:30002:rw::allow'
	run -0 grants f
	assert_output - <<'EOF'
30002:30002 -
30001:30001:30010 -
30003:30010 -
30004:30011 -
EOF
}

@test "not root, user.richacl: an ACL that takes the owner's write permission away can be set" {
	# Writing a user.* xattr needs write permission: the change must not
	# take the owner's w away before the attribute is written.
	local d
	d=$(mktemp -d /tmp/richacl-fault.XXXXXX)
	chmod 755 "$d"
	chown 30001:30001 "$d"
	run setpriv --reuid=30001 --regid=30001 --init-groups \
		env RICHACL_XATTR_NAME=user.richacl PATH="$PATH" bash -c "
		cd '$d' && touch f && chmod 644 f &&
		setrichacl --set 'owner@:r::allow group@:r::allow user:30002:r::allow' f &&
		stat -c %a f && getfattr --only-values -n user.richacl f | wc -c"
	rm -rf "$d"
	assert_success
	assert_line --index 0 440
	[ "${lines[1]}" -gt 0 ]
}
