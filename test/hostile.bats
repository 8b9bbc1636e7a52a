#!/usr/bin/env bats
# Hostile trees (issue 5, item 4): getrichacl -R and setrichacl -R over
# trees that someone else controls (-j: one walker and parallel ones).  A
# directory swapped for a symlink to a directory outside the tree while the
# walk runs (test/helpers/swap_race, many iterations), symlink loops,
# directories without search permission, files removed mid-walk, and
# names with newlines, tabs, invalid UTF-8 and leading dashes.  Nothing
# outside the tree is ever read or written: the sentinel directory outside
# keeps its ctime (which any setxattr or chmod would advance, even one that
# writes the same bytes), mode and xattrs, and its files' names never
# appear in any output -- one of them has invalid ACL bytes, which either
# tool would report if it read them.
#
# The assertions hold on every iteration whatever the timing of the race;
# only how often the walk notices the race (and reports it) varies.

load "$TEST_HELPERS/common"
load "$TEST_HELPERS/hostile"

ACL='owner@:rwpx:fd:allow user:30001:r:fd:allow everyone@:r::allow'

setup() {
	richacl_setup
	[ -x "$SWAP_RACE" ] || fail "missing $SWAP_RACE (make check builds it)"
	RACERS=()
}

teardown() {
	stop_races
	[ -z "${USER_DIR:-}" ] || rm -rf "$USER_DIR"
}

# --- The swap race --------------------------------------------------------

@test "swap_race: exchanges a directory and a symlink and ends as it began" {
	mkdir d out
	ln -s out d.link
	run -0 "$SWAP_RACE" -n 1000 d d.link
	assert_output "swaps 1000"
	[ -d d ] && [ ! -L d ]
	[ -L d.link ] && [ "$(readlink d.link)" = out ]
	run -0 "$SWAP_RACE" -t 0.2 d d.link
	[ -d d ] && [ ! -L d ]
}

@test "race: a directory swapped for a symlink to outside during setrichacl -R --set" {
	local iter before errors=0
	make_tree tree
	make_outside "$PWD/outside"
	ln -s "$PWD/outside" tree/dir.link
	before=$(outside_state outside)
	start_race tree/dir tree/dir.link
	for ((iter = 0; iter < HOSTILE_ITERATIONS; iter++)); do
		# One walker, and parallel ones.
		run --separate-stderr setrichacl -R -j $((1 + iter % 4)) \
			--set "$ACL" tree
		[ "$status" -le 1 ] || fail "iteration $iter: status $status: $stderr"
		[ "$status" -eq 0 ] || errors=$((errors + 1))
		refute_sentinel
	done
	stop_races
	assert_equal "$(outside_state outside)" "$before"
	echo "# $HOSTILE_ITERATIONS runs, $errors noticed the race" >&3
	# After the race the walk covers the tree.
	run -0 setrichacl -R --set "$ACL" tree
	run -0 getrichacl -R tree
	assert_line '# file: tree/dir/sub/f2'
}

@test "race: a directory swapped for a symlink to outside during getrichacl -R" {
	local iter before errors=0
	make_tree tree
	make_outside "$PWD/outside"
	ln -s "$PWD/outside" tree/dir.link
	before=$(outside_state outside)
	start_race tree/dir tree/dir.link
	for ((iter = 0; iter < HOSTILE_ITERATIONS; iter++)); do
		run --separate-stderr getrichacl -R -j $((1 + iter % 4)) tree
		[ "$status" -le 1 ] || fail "iteration $iter: status $status: $stderr"
		[ "$status" -eq 0 ] || errors=$((errors + 1))
		refute_sentinel
	done
	stop_races
	assert_equal "$(outside_state outside)" "$before"
	echo "# $HOSTILE_ITERATIONS runs, $errors noticed the race" >&3
}

@test "race: --modify and --remove -R while a directory and a file are swapped for symlinks" {
	local iter before
	make_tree tree
	make_outside "$PWD/outside"
	ln -s "$PWD/outside" tree/dir.link
	ln -s "$PWD/outside/SENTINEL-file" tree/a/f1.link
	before=$(outside_state outside)
	start_race tree/dir tree/dir.link
	start_race tree/a/f1 tree/a/f1.link
	for ((iter = 0; iter < HOSTILE_ITERATIONS / 2; iter++)); do
		run --separate-stderr setrichacl -R --modify 'user:30002:w::allow' tree
		[ "$status" -le 1 ] || fail "modify $iter: status $status: $stderr"
		refute_sentinel
		run --separate-stderr setrichacl -R --remove tree
		[ "$status" -le 1 ] || fail "remove $iter: status $status: $stderr"
		refute_sentinel
	done
	stop_races
	assert_equal "$(outside_state outside)" "$before"
}

@test "a symlink to outside, found in the tree or given as the operand: -P never follows it" {
	local before
	make_tree tree
	make_outside "$PWD/outside"
	ln -s "$PWD/outside" tree/dir.link
	before=$(outside_state outside)
	# Found inside the tree, a symlink is skipped, never followed.
	run --separate-stderr setrichacl -R --set "$ACL" tree
	assert_equal "$status" 0
	run --separate-stderr getrichacl -R tree
	assert_equal "$status" 0
	refute_sentinel
	# Given as the operand, -P (the default) does not follow it either.
	run --separate-stderr setrichacl -R --set "$ACL" tree/dir.link
	refute_sentinel
	run --separate-stderr getrichacl -R -P tree/dir.link
	refute_sentinel
	assert_equal "$(outside_state outside)" "$before"
}

# --- Symlink loops --------------------------------------------------------

@test "symlink loops: -P skips them, the walk ends, nothing is visited twice" {
	make_tree tree
	ln -s . tree/self
	ln -s .. tree/a/up
	ln -s ../../a tree/a/b/loop
	ln -s dangling tree/dangling
	ln -s selfloop tree/selfloop
	run --separate-stderr timeout 60 setrichacl -R --set "$ACL" tree
	assert_equal "$status" 0
	run --separate-stderr timeout 60 getrichacl -R tree
	assert_equal "$status" 0
	# Each real file once.
	assert_equal "$(grep -c '^# file: ' <<<"$output")" \
		"$(find tree ! -type l | wc -l)"
	assert_equal "$(grep '^# file: ' <<<"$output" | sort | uniq -d)" ""
	refute_line --partial '# file: tree/self'
}

@test "symlink loops: -L reports each cycle and still ends, exit 1" {
	make_tree tree
	ln -s . tree/self
	ln -s ../../a tree/a/b/loop
	run --separate-stderr timeout 60 getrichacl -R -L tree
	assert_equal "$status" 1
	[[ "$stderr" == *cycle* ]] || fail "no cycle reported: $stderr"
	# Every real file is still shown, each directory once.
	assert_line '# file: tree/z/f2'
	assert_equal "$(grep '^# file: ' <<<"$output" | sort | uniq -d)" ""
	run --separate-stderr timeout 60 setrichacl -R -L --set "$ACL" tree
	assert_equal "$status" 1
	assert_equal "$(xattr_hex tree/z/f2 | cut -c1-4)" 0x00
}

@test "a symlink to outside given with -L is followed, as asked, and only then" {
	make_outside "$PWD/outside"
	mkdir tree
	ln -s "$PWD/outside" tree/out.link
	run --separate-stderr getrichacl -R tree
	refute_sentinel
	run --separate-stderr getrichacl -R -L tree
	assert_equal "$status" 1
	assert_line '# file: tree/out.link/SENTINEL-file'
	# The canary works: reading its ACL is reported.
	[[ "$stderr" == *SENTINEL-garbage*invalid\ ACL* ]] || fail "$stderr"
}

# --- Permissions (as a user: root would bypass them) ----------------------

# A directory for rtalice, outside the 0700 bats tree: $USER_DIR, which
# teardown removes (so not to be called in a subshell).
user_dir() {
	USER_DIR=$(mktemp -d /tmp/richacl-hostile.XXXXXX) || return 1
	chmod 755 "$USER_DIR"
	chown 30001:30001 "$USER_DIR"
}

# as_alice CMD...: run CMD as rtalice, with ACLs in user.richacl.
as_alice() {
	setpriv --reuid=30001 --regid=30001 --init-groups \
		env RICHACL_XATTR_NAME=user.richacl PATH="$PATH" "$@"
}

@test "directories without search or read permission: reported, the rest of the tree done, exit 1" {
	local u
	user_dir
	u=$USER_DIR
	# alice's tree, with three directories of bob's that alice may
	# list but not search (noexec), search but not list (noread), or
	# neither (closed).
	as_alice bash -c "cd '$u' && mkdir -p t/open && touch t/open/f t/z"
	mkdir "$u/t/noexec" "$u/t/noread" "$u/t/closed"
	touch "$u/t/noexec/f" "$u/t/noread/f" "$u/t/closed/f"
	chown -R 30002:30002 "$u/t/noexec" "$u/t/noread" "$u/t/closed"
	chmod 744 "$u/t/noexec"
	chmod 711 "$u/t/noread"
	chmod 700 "$u/t/closed"
	# Sanity: alice is subject to permissions here.
	run as_alice ls "$u/t/noexec/f"
	assert_failure
	run --separate-stderr as_alice setrichacl -R --set "$ACL" "$u/t"
	assert_equal "$status" 1
	[[ "$stderr" == *noexec* ]] || fail "$stderr"
	[[ "$stderr" == *noread* ]] || fail "$stderr"
	[[ "$stderr" == *closed* ]] || fail "$stderr"
	# The rest of the tree got the ACL, as user.richacl.
	[ "$(xattr_hex "$u/t/open/f" user.richacl)" != none ]
	[ "$(xattr_hex "$u/t/z" user.richacl)" != none ]
	# Nothing behind the closed doors changed.
	local f
	for f in noexec noexec/f noread noread/f closed closed/f; do
		assert_equal "$(xattr_hex "$u/t/$f" user.richacl)" none
	done
	run --separate-stderr as_alice getrichacl -R "$u/t"
	assert_equal "$status" 1
	assert_line "# file: ${u#/}/t/open/f"
	assert_line "# file: ${u#/}/t/z"
	refute_line "# file: ${u#/}/t/noexec/f"
	refute_line "# file: ${u#/}/t/noread/f"
	refute_line "# file: ${u#/}/t/closed/f"
	[[ "$stderr" == *noexec* ]] || fail "$stderr"
	[[ "$stderr" == *closed* ]] || fail "$stderr"
}

@test "a directory that becomes unsearchable during the walk (race): never a crash" {
	local u iter
	user_dir
	u=$USER_DIR
	as_alice bash -c "cd '$u' && mkdir -p t/a/b t/c && touch t/a/f t/a/b/f t/c/f"
	setpriv --reuid=30001 --regid=30001 --init-groups \
		bash -c "cd '$u/t' && while :; do chmod 0 a; chmod 755 a; done" 3>&- &
	RACERS+=($!)
	for ((iter = 0; iter < HOSTILE_ITERATIONS / 3; iter++)); do
		run --separate-stderr as_alice setrichacl -R --set "$ACL" "$u/t"
		[ "$status" -le 1 ] || fail "iteration $iter: status $status: $stderr"
		run --separate-stderr as_alice getrichacl -R "$u/t"
		[ "$status" -le 1 ] || fail "iteration $iter: status $status: $stderr"
	done
	stop_races
	[ "$(getfattr --only-values -n user.richacl "$u/t/c/f" | wc -c)" -gt 0 ]
}

# --- Files removed (and created) during the walk --------------------------

@test "files removed and recreated during the walk: never a crash, only tree paths" {
	local iter before
	make_tree tree
	make_outside "$PWD/outside"
	before=$(outside_state outside)
	bash -c 'cd tree/a && while :; do
		touch gone1 gone2 gone3 gone4; mkdir -p gd/x; touch gd/x/f
		rm -rf gone1 gone2 gone3 gone4 gd; done' 3>&- &
	RACERS+=($!)
	for ((iter = 0; iter < HOSTILE_ITERATIONS / 2; iter++)); do
		run --separate-stderr setrichacl -R --set "$ACL" tree
		[ "$status" -le 1 ] || fail "set $iter: status $status: $stderr"
		refute_sentinel
		run --separate-stderr getrichacl -R tree
		[ "$status" -le 1 ] || fail "get $iter: status $status: $stderr"
		refute_sentinel
		# Every error names a file that came and went.
		if [ -n "$stderr" ]; then
			grep -qv 'gone\|gd' <<<"$stderr" &&
				fail "get $iter: an error about a stable file: $stderr"
		fi
		# Every record is complete: a header and at least one entry.
		grep -q '^# file: tree/z/f2$' <<<"$output" ||
			fail "get $iter: tree/z/f2 missing"
	done
	stop_races
	assert_equal "$(outside_state outside)" "$before"
}

# --- Hostile names --------------------------------------------------------

make_named_tree() {
	mkdir -p tree/sub
	: >tree/$'new\nline'
	: >tree/$'tab\there'
	: >tree/$'bad\xff\xfeutf8'
	: >tree/-rf
	: >tree/--set=x
	: >tree/-
	: >tree/' leading space'
	: >tree/'back\slash'
	mkdir tree/$'dir\nwith newline'
	: >tree/$'dir\nwith newline'/$'\n'
	: >tree/sub/--
}

@test "names with newlines, tabs, invalid UTF-8 and leading dashes: -R sets each one" {
	make_named_tree
	run -0 setrichacl -R --set "$ACL" tree
	local f n=0
	while IFS= read -r -d '' f; do
		[ "$(xattr_hex "$f" | cut -c1-4)" = 0x00 ] ||
			fail "no ACL on $(printf %q "$f")"
		n=$((n + 1))
	done < <(find tree -print0)
	assert_equal "$n" 13
}

@test "names with newlines, tabs, invalid UTF-8 and leading dashes: getrichacl -R escapes them, one line per header" {
	make_named_tree
	run -0 setrichacl -R --set "$ACL" tree
	run --separate-stderr getrichacl -R tree
	assert_equal "$status" 0
	assert_line '# file: tree/new\012line'
	assert_line '# file: tree/tab\011here'
	assert_line '# file: tree/bad\377\376utf8'
	assert_line '# file: tree/-rf'
	assert_line '# file: tree/--set=x'
	assert_line '# file: tree/-'
	assert_line '# file: tree/back\134slash'
	assert_line '# file: tree/dir\012with newline/\012'
	assert_line '# file: tree/sub/--'
	assert_equal "$(grep -c '^# file: ' <<<"$output")" 13
	# No header line is anything but a header or part of a record.
	refute_line 'line'
	refute_line 'here'
}

@test "names with newlines, tabs, invalid UTF-8 and leading dashes: a backup restores exactly" {
	local before
	make_named_tree
	run -0 setrichacl -R --set "$ACL" tree
	run -0 setrichacl --set 'owner@:rw::allow' tree/$'new\nline' tree/-rf \
		tree/$'bad\xff\xfeutf8'
	before=$(cd tree && getfattr -R -P -d -m - -e hex . 2>/dev/null)
	getrichacl -R --raw tree >backup
	run -0 setrichacl -R --set 'owner@:rwx::allow' tree
	[ "$(cd tree && getfattr -R -P -d -m - -e hex . 2>/dev/null)" != "$before" ]
	run -0 setrichacl --restore=backup
	assert_equal "$(cd tree && getfattr -R -P -d -m - -e hex . 2>/dev/null)" "$before"
}

@test "operands with leading dashes after --, and a file named like an option" {
	: >-rf
	: >--remove
	run -0 setrichacl --set "$ACL" -- -rf --remove
	[ "$(xattr_hex ./-rf)" != none ]
	[ "$(xattr_hex ./--remove)" != none ]
	run -0 getrichacl -- --remove
	assert_line -- '--remove:'
}
