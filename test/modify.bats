#!/usr/bin/env bats
# setrichacl --modify / --modify-file: the editing rules of SPEC section 7.
#
#   - an entry with the same type, inherited flag and who replaces the
#     existing entry's mask and flags, in place;
#   - an empty mask deletes that entry;
#   - a new deny entry goes after the leading deny entries of its section,
#     a new allow entry at the end of its section;
#   - inherited entries (flag a) form the second section;
#   - a file without an ACL starts from its from_mode ACL.

load "$TEST_HELPERS/common"

setup() {
	richacl_setup
}

# A stored (not mode-equivalent) starting point: mode 0754.
BASE='owner@:rwpx::allow user:rtalice:r::allow group@:rx::allow everyone@:r::allow'

@test "same type and who: the mask is replaced in place" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl --modify 'user:rtalice:rw::allow' f
	assert_output ""
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
       owner@:rwpx---------::allow
 user:rtalice:rw-----------::allow
       group@:r--x---------::allow
    everyone@:r------------::allow
EOF
	run -0 stat -c %a f
	assert_output 774
}

@test "-m is the short form of --modify" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -m 'user:rtalice:x::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwpx::allow
user:rtalice:x::allow
group@:rx::allow
everyone@:r::allow
EOF
}

@test "same type and who: the flags are replaced too" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:rx::allow everyone@:rx::allow' d
	run -0 setrichacl -m 'user:rtalice:rx:fd:allow' d
	run -0 getrichacl --unaligned d
	assert_output - <<'EOF'
d:
owner@:rwpxd::allow
user:rtalice:rx:fd:allow
everyone@:rx::allow
EOF
}

@test "replacing the owner@ entry" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -m 'owner@:rw::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rw::allow
user:rtalice:r::allow
group@:rx::allow
everyone@:r::allow
EOF
	run -0 stat -c %a f
	assert_output 754
}

@test "an empty mask deletes the entry" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:r::allow user:rtbob:r::allow' f
	run -0 setrichacl -m 'user:rtalice:::allow' f
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
     owner@:rwp----------::allow
 user:rtbob:r------------::allow
EOF
}

@test "deleting the last entry that a mode cannot express leaves the mode alone" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -m 'user:rtalice:::allow' f
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 754
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
    owner@:rwpx---------::allow
    group@:r--x---------::allow
 everyone@:r------------::allow
EOF
}

@test "deleting an entry that does not exist changes nothing" {
	mkfile f 644
	setrichacl --set "$BASE" f
	before=$(snapshot f)
	run -0 setrichacl -m 'user:rtbob:::allow' f
	run -0 snapshot f
	assert_output "$before"
}

@test "an empty mask deletes only the entry of that type" {
	mkfile f 644
	setrichacl --set 'user:rtalice:w::deny owner@:rwp::allow user:rtalice:rw::allow' f
	run -0 setrichacl -m 'user:rtalice:::deny' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtalice:rw::allow
EOF
}

@test "a new deny entry goes first when there are no deny entries" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -m 'user:rtbob:w::deny' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
user:rtbob:w::deny
owner@:rwpx::allow
user:rtalice:r::allow
group@:rx::allow
everyone@:r::allow
EOF
}

@test "a new deny entry goes after the leading deny entries" {
	mkfile f 644
	setrichacl --set 'user:rtbob:w::deny owner@:rwpx::allow group@:rx::allow user:rtbob:x::deny everyone@:r::allow' f
	run -0 setrichacl -m 'user:rtalice:x::deny' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
user:rtbob:w::deny
user:rtalice:x::deny
owner@:rwpx::allow
group@:rx::allow
user:rtbob:x::deny
everyone@:r::allow
EOF
}

@test "a new allow entry goes at the end" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -m 'user:rtbob:rw::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwpx::allow
user:rtalice:r::allow
group@:rx::allow
everyone@:r::allow
user:rtbob:rw::allow
EOF
}

@test "same who but another type is a new entry" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -m 'user:rtalice:w::deny' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
user:rtalice:w::deny
owner@:rwpx::allow
user:rtalice:r::allow
group@:rx::allow
everyone@:r::allow
EOF
}

@test "a user and a group with the same number are different entries" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:30010:r::allow' f
	run -0 setrichacl -m 'group:30010:rw::allow' f
	run -0 getrichacl -n --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:30010:r::allow
group:30010:rw::allow
EOF
}

@test "a new allow entry goes before the inherited entries" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow everyone@:r::allow owner@:rw:a:allow user:rtbob:r:a:allow' f
	run -0 setrichacl -m 'user:rtalice:r::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
everyone@:r::allow
user:rtalice:r::allow
owner@:rw:a:allow
user:rtbob:r:a:allow
EOF
}

@test "a new inherited allow entry goes at the very end" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow everyone@:r::allow owner@:rw:a:allow user:rtbob:r:a:allow' f
	run -0 setrichacl -m 'user:rtalice:r:a:allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
everyone@:r::allow
owner@:rw:a:allow
user:rtbob:r:a:allow
user:rtalice:r:a:allow
EOF
}

@test "a new inherited deny entry goes after the leading deny entries of the inherited section" {
	mkfile f 644
	setrichacl --set 'user:rtbob:w::deny owner@:rwp::allow everyone@:r::allow user:rtbob:x:a:deny owner@:rw:a:allow' f
	run -0 setrichacl -m 'user:rtalice:w:a:deny' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
user:rtbob:w::deny
owner@:rwp::allow
everyone@:r::allow
user:rtbob:x:a:deny
user:rtalice:w:a:deny
owner@:rw:a:allow
EOF
}

@test "a new deny entry without the inherited flag stays in the first section" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow everyone@:r::allow user:rtbob:x:a:deny owner@:rw:a:allow' f
	run -0 setrichacl -m 'user:rtalice:w::deny' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
user:rtalice:w::deny
owner@:rwp::allow
everyone@:r::allow
user:rtbob:x:a:deny
owner@:rw:a:allow
EOF
}

@test "the inherited flag is part of the match: no a does not replace an inherited entry" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:r:a:allow' f
	run -0 setrichacl -m 'user:rtalice:rw::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtalice:rw::allow
user:rtalice:r:a:allow
EOF
}

@test "an inherited entry is replaced by an entry with the inherited flag" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:r:a:allow everyone@:r:a:allow' f
	run -0 setrichacl -m 'user:rtalice:rw:a:allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtalice:rw:a:allow
everyone@:r:a:allow
EOF
}

@test "several changes at once: delete, replace and add" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -m 'user:rtalice:::allow,group@:r::allow user:rtbob:rw::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwpx::allow
group@:r::allow
everyone@:r::allow
user:rtbob:rw::allow
EOF
}

@test "modify recomputes the masks and the mode" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 stat -c %a f
	assert_output 754
	setrichacl -m 'everyone@:rw::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
owner:rwpx::mask
group:rwx::mask
other:rw::mask
owner@:rwpx::allow
user:rtalice:r::allow
group@:rx::allow
everyone@:rw::allow
EOF
	run -0 stat -c %a f
	assert_output 776
}

# --- Starting from the mode --------------------------------------------------------

@test "modify on a file without an ACL starts from its from_mode ACL" {
	mkfile f 644
	run -0 setrichacl -m 'user:rtalice:rw::allow' f
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
       owner@:rwp----------::allow
    everyone@:r------------::allow
 user:rtalice:rw-----------::allow
EOF
	run -0 stat -c %a f
	assert_output 664
}

@test "modify on a directory without an ACL starts from its from_mode ACL" {
	mkdirm d 750
	run -0 setrichacl -m 'user:rtbob:rx::allow' d
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
     owner@:rwpxd--------::allow
     group@:r--x---------::allow
 user:rtbob:r--x---------::allow
EOF
	run -0 stat -c %a d
	assert_output 750
}

@test "modify on a 0604 file keeps the group@ deny entry of from_mode" {
	mkfile f 604
	run -0 setrichacl -m 'user:rtalice:rw::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
group@:r::deny
everyone@:r::allow
user:rtalice:rw::allow
EOF
	run -0 stat -c %a f
	assert_output 664
}

@test "modify that keeps a file mode-equivalent stores only the new mode" {
	mkfile f 644
	run -0 setrichacl -m 'everyone@:::allow' f
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 600
}

# --- Other forms ---------------------------------------------------------------------

@test "--modify-file reads the changes from a file" {
	mkfile f 644
	setrichacl --set "$BASE" f
	printf '# give bob access\nuser:rtbob:r::allow\nuser:rtalice:::allow\n' >changes
	run -0 setrichacl --modify-file changes f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwpx::allow
group@:rx::allow
everyone@:r::allow
user:rtbob:r::allow
EOF
}

@test "-M - reads the changes from standard input" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -M - f <<'EOF'
user:rtalice:rwp::allow
EOF
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwpx::allow
user:rtalice:rwp::allow
group@:rx::allow
everyone@:r::allow
EOF
}

@test "modify on several files edits each file's own ACL" {
	mkfile f 644
	mkfile g 644
	setrichacl --set "$BASE" f
	setrichacl --set 'owner@:rw::allow user:rtbob:r::allow' g
	run -0 setrichacl -m 'user:rtalice:rwx::allow' f g
	run -0 getrichacl --unaligned f g
	assert_output - <<'EOF'
f:
owner@:rwpx::allow
user:rtalice:rwx::allow
group@:rx::allow
everyone@:r::allow

g:
owner@:rw::allow
user:rtbob:r::allow
user:rtalice:rwx::allow
EOF
}

@test "a mask given to --modify is kept and makes the ACL masked" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -m 'group:r::mask' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
flags:m
owner:rwpx::mask
group:r::mask
other:r::mask
owner@:rwpx::allow
user:rtalice:r::allow
group@:rx::allow
everyone@:r::allow
EOF
	run -0 stat -c %a f
	assert_output 744
}

@test "a flags line given to --modify sets the ACL flags" {
	mkfile f 644
	setrichacl --set "$BASE" f
	run -0 setrichacl -m 'flags:a' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
flags:a
owner:rwpx::mask
group:rx::mask
other:r::mask
owner@:rwpx::allow
user:rtalice:r::allow
group@:rx::allow
everyone@:r::allow
EOF
}

@test "modify on a masked ACL edits what the file grants, then unmasks it" {
	mkfile f 644
	setrichacl --set 'owner:rwp::mask group:r::mask other:::mask owner@:rwpx::allow user:rtalice:rwx::allow everyone@:rx::allow' f
	run -0 setrichacl -m 'user:rtbob:r::allow' f
	run -0 getrichacl --raw f
	assert_output - <<'EOF'
f:
        owner:rwp-------------::mask
        group:r---------------::mask
        other:----------------::mask
       owner@:rwp-------------::allow
 user:rtalice:r---------------::allow
       group@:r---------------::allow
   user:rtbob:r---------------::allow
EOF
	run -0 stat -c %a f
	assert_output 640
}

@test "a new inheritable entry on a directory is added in the first section" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd::allow everyone@:rx::allow owner@:rwpxd:fda:allow' d
	run -0 setrichacl -m 'user:rtalice:rx:fd:allow' d
	run -0 getrichacl --unaligned d
	assert_output - <<'EOF'
d:
owner@:rwpxd::allow
everyone@:rx::allow
user:rtalice:rx:fd:allow
owner@:rwpxd:fda:allow
EOF
}
