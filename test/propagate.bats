#!/usr/bin/env bats
# Automatic inheritance propagation (SPEC section 4, issue 4 item 6):
# when setrichacl changes the ACL of a directory and the new ACL has
# auto_inherit, each descendant with auto_inherit and not protected gets
# its inherited entries (flag a) replaced by what it inherits now; its
# explicit entries stay, first.  Defaulted ACLs are replaced whole.
# Protected and non-auto_inherit descendants keep their ACL and their
# subtrees are not visited.  Symlinks are never followed.

load "$TEST_HELPERS/common"
load "$TEST_HELPERS/tree"

setup() {
	richacl_setup
}

teardown() {
	tree_cleanup
}

# The ACL of FILE as stored, unaligned, without the "FILE:" line.
raw_of() {
	getrichacl --raw --unaligned "$1" | sed '1d;/^$/d'
}

# What a directory / file inherited from the old root ACL, after its
# explicit entries.
OLD_DIR='owner@:rwpxd:fda:allow everyone@:rx:fda:allow'
OLD_FILE='owner@:rwpx:a:allow everyone@:rx:a:allow'
# The root's new ACL.
NEW='flags:a owner@:rwpxd:fd:allow group:rtstaff:rx:fd:allow everyone@:r:fd:allow'

# An auto-inherit directory DIR (flags, explicit entries given) holding an
# auto-inherit file DIR/f.
ai_dir() {
	local dir=$1 flags=$2 explicit=$3
	mkdirm "$dir" 755
	setrichacl --no-propagate --set "flags:$flags $explicit $OLD_DIR" "$dir"
	mkfile "$dir/f" 644
	setrichacl --set "flags:a user:rtbob:w::allow $OLD_FILE" "$dir/f"
}

# The ten-level tree (levels 0 to 9 are directories, each with a file f):
#
#   r                                  flags:a, the root
#   r/d1 ... /d9                       flags:a, explicit user:rtbob:r
#   r/d1/d2/d3                         also an explicit inheritable entry
#                                      group:rtother:r:fd:allow
#   .../d6                             defaulted (flags:ad)
#   .../d8                             protected (flags:ap)
#   r/d1/d2/p (protected) /c           auto-inherit file below it
#   r/d1/d2/d3/d4/n (no auto_inherit) /c   auto-inherit file below it
#   r/d1/d2/d3/pf                      protected file
#   .../d7/plain                       file without auto_inherit
#   r/d1/ln -> ../../outside           outside: auto-inherit dir and file
D1=r/d1
D2=$D1/d2
D3=$D2/d3
D4=$D3/d4
D5=$D4/d5
D6=$D5/d6
D7=$D6/d7
D8=$D7/d8
D9=$D8/d9

mk_ai_tree() {
	mkdirm r 755
	setrichacl --no-propagate --set 'flags:a owner@:rwpxd:fd:allow everyone@:rx:fd:allow' r
	mkfile r/f 644
	setrichacl --set "flags:a $OLD_FILE" r/f
	ai_dir $D1 a 'user:rtbob:r::allow'
	ai_dir $D2 a 'user:rtbob:r::allow'
	ai_dir $D3 a 'user:rtbob:r::allow group:rtother:r:fd:allow'
	ai_dir $D4 a 'user:rtbob:r::allow'
	ai_dir $D5 a 'user:rtbob:r::allow'
	ai_dir $D6 ad 'user:rtbob:r::allow'
	ai_dir $D7 a 'user:rtbob:r::allow'
	ai_dir $D8 ap 'user:rtbob:r::allow'
	ai_dir $D9 a 'user:rtbob:r::allow'
	ai_dir $D2/p ap 'user:rtalice:r::allow'
	mkfile $D2/p/c 644
	setrichacl --set "flags:a $OLD_FILE" $D2/p/c
	mkdirm $D4/n 755
	setrichacl --set "user:rtalice:r::allow $OLD_DIR" $D4/n
	mkfile $D4/n/c 644
	setrichacl --set "flags:a $OLD_FILE" $D4/n/c
	mkfile $D3/pf 644
	setrichacl --set "flags:ap $OLD_FILE" $D3/pf
	mkfile $D7/plain 644
	setrichacl --set "user:rtalice:r::allow $OLD_FILE" $D7/plain
	mkdirm outside 755
	setrichacl --no-propagate --set "flags:a $OLD_DIR" outside
	mkfile outside/f 644
	setrichacl --set "flags:a $OLD_FILE" outside/f
	ln -s ../../outside $D1/ln
}

# Build the tree, remember what must not change, set the root's new ACL.
propagate_root() {
	mk_ai_tree
	untouched=$(tree_snapshot $D2/p $D4/n $D3/pf $D7/plain $D8 outside)
	run --separate-stderr setrichacl --set "$NEW" r
}

# --- The ten-level tree ----------------------------------------------------------------

@test "10 levels: setting the root's ACL succeeds silently" {
	propagate_root
	assert_success
	assert_output ""
	assert_equal "$stderr" ""
	run -0 raw_of r
	assert_output - <<'EOF'
flags:a
owner:rwpxd::mask
group:rx::mask
other:r::mask
owner@:rwpxd:fd:allow
group:rtstaff:rx:fd:allow
everyone@:r:fd:allow
EOF
}

@test "10 levels, level 1: explicit entries first, inherited ones replaced" {
	propagate_root
	run -0 raw_of $D1
	assert_output - <<'EOF'
flags:a
owner:rwpxd::mask
group:rx::mask
other:r::mask
user:rtbob:r::allow
owner@:rwpxd:fda:allow
group:rtstaff:rx:fda:allow
everyone@:r:fda:allow
EOF
	run -0 stat -c %a $D1
	assert_output 754
}

@test "10 levels: files inherit without inheritance flags and delete_child" {
	propagate_root
	for f in $D1/f $D2/f; do
		run -0 raw_of $f
		assert_output - <<'EOF'
flags:a
owner:rwpx::mask
group:rwx::mask
other:r::mask
user:rtbob:w::allow
owner@:rwpx:a:allow
group:rtstaff:rx:a:allow
everyone@:r:a:allow
EOF
		run -0 stat -c %a $f
		assert_output 774
	done
	run -0 raw_of r/f
	assert_output - <<'EOF'
flags:a
owner:rwpx::mask
group:rx::mask
other:r::mask
owner@:rwpx:a:allow
group:rtstaff:rx:a:allow
everyone@:r:a:allow
EOF
}

@test "10 levels, level 3: an explicit inheritable entry is kept" {
	propagate_root
	run -0 raw_of $D3
	assert_output - <<'EOF'
flags:a
owner:rwpxd::mask
group:rx::mask
other:r::mask
user:rtbob:r::allow
group:rtother:r:fd:allow
owner@:rwpxd:fda:allow
group:rtstaff:rx:fda:allow
everyone@:r:fda:allow
EOF
}

@test "10 levels, levels 4 and 5: each directory passes on its own new ACL" {
	propagate_root
	for d in $D4 $D5; do
		run -0 raw_of $d
		assert_output - <<'EOF'
flags:a
owner:rwpxd::mask
group:rx::mask
other:r::mask
user:rtbob:r::allow
group:rtother:r:fda:allow
owner@:rwpxd:fda:allow
group:rtstaff:rx:fda:allow
everyone@:r:fda:allow
EOF
	done
	run -0 raw_of $D5/f
	assert_output - <<'EOF'
flags:a
owner:rwpx::mask
group:rwx::mask
other:r::mask
user:rtbob:w::allow
group:rtother:r:a:allow
owner@:rwpx:a:allow
group:rtstaff:rx:a:allow
everyone@:r:a:allow
EOF
}

@test "10 levels, level 6: a defaulted ACL is replaced as a whole" {
	propagate_root
	run -0 raw_of $D6
	assert_output - <<'EOF'
flags:ad
owner:rwpxd::mask
group:rx::mask
other:r::mask
group:rtother:r:fda:allow
owner@:rwpxd:fda:allow
group:rtstaff:rx:fda:allow
everyone@:r:fda:allow
EOF
}

@test "10 levels, level 7: below a defaulted directory the walk goes on" {
	propagate_root
	run -0 raw_of $D7
	assert_output - <<'EOF'
flags:a
owner:rwpxd::mask
group:rx::mask
other:r::mask
user:rtbob:r::allow
group:rtother:r:fda:allow
owner@:rwpxd:fda:allow
group:rtstaff:rx:fda:allow
everyone@:r:fda:allow
EOF
	run -0 raw_of $D7/f
	assert_line -n 4 'user:rtbob:w::allow'
	assert_line -n 5 'group:rtother:r:a:allow'
	assert_line -n 7 'group:rtstaff:rx:a:allow'
}

@test "10 levels, levels 8 and 9: a protected directory and all below it are untouched" {
	propagate_root
	run -0 raw_of $D8
	assert_output - <<'EOF'
flags:ap
owner:rwpxd::mask
group:rx::mask
other:rx::mask
user:rtbob:r::allow
owner@:rwpxd:fda:allow
everyone@:rx:fda:allow
EOF
	# d9 has auto_inherit and is not protected, but is below d8.
	run -0 raw_of $D9
	assert_line -n 5 'owner@:rwpxd:fda:allow'
	assert_line -n 6 'everyone@:rx:fda:allow'
}

@test "10 levels: protected, non-auto-inherit and symlinked subtrees are byte-identical" {
	propagate_root
	assert_success
	assert_equal "$(tree_snapshot $D2/p $D4/n $D3/pf $D7/plain $D8 outside)" "$untouched"
}

@test "10 levels: --no-propagate changes the root only" {
	mk_ai_tree
	before=$(tree_snapshot r/*)
	run -0 setrichacl --no-propagate --set "$NEW" r
	assert_equal "$(tree_snapshot r/*)" "$before"
	run -0 raw_of r
	assert_line -n 5 'group:rtstaff:rx:fd:allow'
}

@test "10 levels: --test shows the changes it would propagate, changes nothing" {
	mk_ai_tree
	before=$(tree_snapshot r outside)
	run -0 setrichacl --test --set "$NEW" r
	assert_equal "$(tree_snapshot r outside)" "$before"
	assert_line -n 0 '# file: r'
	run -0 grep '^# file:' <<<"$output"
	assert_line "# file: $D1"
	assert_line "# file: $D6"
	assert_line "# file: $D7/f"
	refute_line "# file: $D8"
	refute_line "# file: $D9"
	refute_line "# file: $D2/p/c"
	refute_line "# file: $D4/n/c"
	refute_line "# file: $D3/pf"
	refute_line --partial outside
}

@test "10 levels: with -R nothing propagates, every file gets the ACL as given" {
	mk_ai_tree
	mkfile reff 644
	mkdirm refd 755
	setrichacl --no-propagate --set "$NEW" reff refd
	run -0 setrichacl -R --set "$NEW" r
	for d in r $D1 $D6 $D8 $D9 $D2/p $D4/n; do
		assert_equal "$(xattr_hex $d)" "$(xattr_hex refd)"
	done
	for f in r/f $D3/pf $D7/plain $D9/f $D4/n/c; do
		assert_equal "$(xattr_hex $f)" "$(xattr_hex reff)"
	done
}

# --- Small trees: what is inherited ------------------------------------------------------

@test "--modify of an auto-inherit directory propagates to its files" {
	mkdirm d 755
	setrichacl --set "flags:a $OLD_DIR" d
	mkfile d/f 644
	setrichacl --set "flags:a user:rtbob:w::allow $OLD_FILE" d/f
	# The new entry is explicit: it goes into the first section of d's
	# ACL, before the inherited entries, and d/f inherits it first.
	run -0 setrichacl -m 'group:rtstaff:r:f:allow' d
	run -0 raw_of d/f
	assert_output - <<'EOF'
flags:a
owner:rwpx::mask
group:rwx::mask
other:rx::mask
user:rtbob:w::allow
group:rtstaff:r:a:allow
owner@:rwpx:a:allow
everyone@:rx:a:allow
EOF
}

@test "-x of an inheritable entry removes the inherited copies below" {
	mkdirm d 755
	setrichacl --set "flags:a group:rtstaff:rx:fd:allow $OLD_DIR" d
	mkdirm d/e 755
	setrichacl --set "flags:a user:rtbob:r::allow group:rtstaff:rx:fda:allow $OLD_DIR" d/e
	mkfile d/e/f 644
	setrichacl --set "flags:a group:rtstaff:rx:a:allow $OLD_FILE" d/e/f
	run -0 setrichacl -x group:rtstaff d
	run -0 raw_of d/e
	refute_output --partial rtstaff
	assert_line -n 4 'user:rtbob:r::allow'
	run -0 raw_of d/e/f
	assert_output - <<'EOF'
flags:a
owner:rwpx::mask
group:rx::mask
other:rx::mask
owner@:rwpx:a:allow
everyone@:rx:a:allow
EOF
}

@test "a file_inherit-only entry: inherit-only on subdirectories, effective on files" {
	mkdirm d 755
	mkdirm d/e 755
	mkfile d/e/f 644
	setrichacl --set "flags:a $OLD_DIR" d/e
	setrichacl --set "flags:a $OLD_FILE" d/e/f
	run -0 setrichacl --set 'flags:a owner@:rwpxd::allow user:rtalice:rw:f:allow' d
	run -0 raw_of d/e
	assert_output - <<'EOF'
flags:a
owner:::mask
group:::mask
other:::mask
user:rtalice:rw:fia:allow
EOF
	run -0 raw_of d/e/f
	assert_output - <<'EOF'
flags:a
owner:rw::mask
group:rw::mask
other:::mask
user:rtalice:rw:a:allow
EOF
}

@test "a directory_inherit-only entry reaches subdirectories, not files" {
	mkdirm d 755
	mkdirm d/e 755
	mkfile d/f 644
	setrichacl --set "flags:a user:rtbob:r::allow" d/e d/f
	run -0 setrichacl --set 'flags:a owner@:rwpxd::allow group:rtstaff:rx:d:allow' d
	run -0 raw_of d/e
	assert_output - <<'EOF'
flags:a
owner:rx::mask
group:rx::mask
other:::mask
user:rtbob:r::allow
group:rtstaff:rx:da:allow
EOF
	run -0 raw_of d/f
	assert_output - <<'EOF'
flags:a
owner:r::mask
group:r::mask
other:::mask
user:rtbob:r::allow
EOF
}

@test "a no_propagate entry reaches one level only" {
	mkdirm d 755
	mkdirm d/e 755
	mkdirm d/e/g 755
	setrichacl --no-propagate --set "flags:a user:rtbob:r::allow" d/e d/e/g
	run -0 setrichacl --set 'flags:a owner@:rwpxd::allow group:rtstaff:rx:fdn:allow' d
	run -0 raw_of d/e
	assert_line 'group:rtstaff:rx:a:allow'
	run -0 raw_of d/e/g
	refute_output --partial rtstaff
}

@test "a new ACL without auto_inherit propagates nothing" {
	mk_ai_tree
	before=$(tree_snapshot r/*)
	run -0 setrichacl --set 'owner@:rwpxd:fd:allow group:rtstaff:rx:fd:allow' r
	assert_equal "$(tree_snapshot r/*)" "$before"
}

@test "propagation never follows symlinks, not even with -L" {
	mk_ai_tree
	before=$(tree_snapshot outside)
	run -0 setrichacl -L --set "$NEW" r
	assert_equal "$(tree_snapshot outside)" "$before"
	run -0 setrichacl --set "$NEW" $D1
	assert_equal "$(tree_snapshot outside)" "$before"
}

# --- Failures ----------------------------------------------------------------------------

@test "a descendant with a corrupt ACL is reported, exit 1, the others updated" {
	mkdirm d 755
	setrichacl --set "flags:a $OLD_DIR" d
	for f in a b c; do
		mkfile d/$f 644
		setrichacl --set "flags:a $OLD_FILE" d/$f
	done
	plant_xattr d/b 0100
	run --separate-stderr -1 setrichacl --set "$NEW" d
	[[ $stderr == *d/b* ]] || fail "no message names d/b: $stderr"
	assert_equal "$(xattr_hex d/b)" 0x0100
	for f in a c; do
		run -0 raw_of d/$f
		assert_line 'group:rtstaff:rx:a:allow'
	done
}

@test "an unreadable directory below is reported, exit 1, the rest updated" {
	make_user_dir
	require_alice_tools
	cd "$RT_USER_DIR"
	as_alice mkdir -p d/a d/locked d/z
	as_alice touch d/a/f d/locked/f d/z/f
	as_alice setrichacl --set "flags:a $OLD_DIR" d d/a d/z
	as_alice setrichacl --set "flags:a $OLD_FILE" d/a/f d/z/f d/locked/f
	# Mode 0100 from the masks: alice may not read d/locked or its ACL.
	# (Set by root: alice could not write the ACL once the mode is 0100.)
	RICHACL_XATTR_NAME=user.richacl setrichacl --no-propagate --set 'flags:a owner@:x:fda:allow' d/locked
	run -0 stat -c %a d/locked
	assert_output 100
	run --separate-stderr -1 as_alice setrichacl --set "$NEW" d
	[[ $stderr == *d/locked* ]] || fail "no message names d/locked: $stderr"
	for f in d/a d/a/f d/z d/z/f; do
		run -0 as_alice getrichacl --raw --unaligned $f
		assert_line --partial 'group:rtstaff:rx:'
	done
	chmod 755 d/locked
	run -0 as_alice getrichacl --raw --unaligned d/locked/f
	refute_output --partial rtstaff
}

@test "explicit entries keep their order, in front of the new inherited ones" {
	mkdirm d 755
	setrichacl --set "flags:a $OLD_DIR" d
	mkfile d/f 644
	setrichacl --set 'flags:a owner@:rwpx:a:allow user:rtbob:w::allow everyone@:r:a:allow group:rtother:x::deny user:rtalice:r::allow' d/f
	run -0 setrichacl --set "$NEW" d
	run -0 raw_of d/f
	assert_output - <<'EOF2'
flags:a
owner:rwpx::mask
group:rwx::mask
other:r::mask
user:rtbob:w::allow
group:rtother:x::deny
user:rtalice:r::allow
owner@:rwpx:a:allow
group:rtstaff:rx:a:allow
everyone@:r:a:allow
EOF2
}

@test "a defaulted file loses its explicit entries too" {
	mkdirm d 755
	setrichacl --set "flags:a $OLD_DIR" d
	mkfile d/f 644
	setrichacl --set "flags:ad user:rtbob:w::allow $OLD_FILE" d/f
	run -0 setrichacl --set "$NEW" d
	run -0 raw_of d/f
	assert_output - <<'EOF2'
flags:ad
owner:rwpx::mask
group:rx::mask
other:r::mask
owner@:rwpx:a:allow
group:rtstaff:rx:a:allow
everyone@:r:a:allow
EOF2
}

@test "a symlink to an auto-inherit file is not followed" {
	mkdirm d 755
	setrichacl --set "flags:a $OLD_DIR" d
	mkfile target 644
	setrichacl --set "flags:a $OLD_FILE" target
	ln -s ../target d/link
	mkfile d/f 644
	setrichacl --set "flags:a $OLD_FILE" d/f
	before=$(snapshot target)
	run -0 setrichacl --set "$NEW" d
	assert_equal "$(snapshot target)" "$before"
	run -0 raw_of d/f
	assert_line 'group:rtstaff:rx:a:allow'
}
