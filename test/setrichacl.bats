#!/usr/bin/env bats
# setrichacl: --set, --set-file, --remove; masks, modes, round trips
# (SPEC sections 3 and 7).  --modify has its own file (modify.bats),
# usage and parse errors theirs (errors.bats).

load "$TEST_HELPERS/common"

setup() {
	richacl_setup
}

EX1='owner@:rwpx::allow group@:rx::allow user:2000:w::deny everyone@:r::allow'

# --- --set ------------------------------------------------------------------

@test "--set stores the ACL; getrichacl shows it back" {
	mkfile f 644
	run -0 setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow group@:r::allow everyone@:r::allow' f
	assert_output ""
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
       owner@:rwpx---------::allow
 user:rtalice:rw-----------::allow
       group@:r------------::allow
    everyone@:r------------::allow
EOF
}

@test "-s is the short form of --set" {
	mkfile f 644
	run -0 setrichacl -s 'owner@:rwp::allow user:rtbob:r::allow' f
	run -0 getrichacl --raw f
	assert_output - <<'EOF'
f:
      owner:rwp-------------::mask
      group:r---------------::mask
      other:----------------::mask
     owner@:rwp-------------::allow
 user:rtbob:r---------------::allow
EOF
}

@test "--set=ACL (with an equals sign) works too" {
	mkfile f 644
	run -0 setrichacl --set='owner@:rwp::allow user:rtbob:r::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtbob:r::allow
EOF
}

@test "--set replaces the whole previous ACL" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:rw::allow user:rtbob:r::allow' f
	run -0 setrichacl --set 'owner@:rw::allow group:rtstaff:r::allow' f
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
        owner@:rw-----------::allow
 group:rtstaff:r------------::allow
EOF
}

@test "--set writes the documented binary xattr (seed 011)" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:r::allow' f
	run -0 xattr_hex f
	assert_output 0x00000200270000000100000000000000000000402700000000000000000000000100000031750000
}

@test "--set of the SPEC example 1 ACL stores it (not a mode)" {
	mkfile f 644
	run -0 setrichacl --set "$EX1" f
	run -0 xattr_hex f
	refute_output none
	run -0 stat -c %a f
	assert_output 754
}

@test "entries may be separated by commas, spaces and newlines" {
	mkfile f 644
	run -0 setrichacl --set 'owner@:rwp::allow,user:rtalice:r::allow
user:rtbob:w::deny  everyone@:r::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtalice:r::allow
user:rtbob:w::deny
everyone@:r::allow
EOF
}

@test "u: and g: prefixes, numbers, long names, - and case in the input" {
	mkfile f 644
	run -0 setrichacl --set 'OWNER@:r-w-p::ALLOW u:30001:READ_DATA/write_data::allow g:rtstaff:r::Deny Everyone@:r::allow' f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtalice:rw::allow
group:rtstaff:r::deny
everyone@:r::allow
EOF
}

# --- Masks and the file mode -------------------------------------------------

@test "masks not given are computed (max masks)" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow group:rtstaff:x::allow everyone@:r::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
owner:rwpx::mask
group:rwx::mask
other:r::mask
owner@:rwpx::allow
user:rtalice:rw::allow
group:rtstaff:x::allow
everyone@:r::allow
EOF
}

@test "the file permission bits follow the computed masks" {
	mkfile f 600
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow' f
	run -0 stat -c %a f
	assert_output 760
}

@test "permission bits follow the masks on a directory" {
	mkdirm d 700
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:rx::allow everyone@:x::allow' d
	run -0 stat -c %a d
	assert_output 751
}

@test "a deny for one user does not shrink the group mask that others need" {
	mkfile f 666
	setrichacl --set 'user:rtbob:w::deny owner@:rw::allow user:rtalice:r::allow everyone@:rw::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
owner:rw::mask
group:rw::mask
other:rw::mask
user:rtbob:w::deny
owner@:rw::allow
user:rtalice:r::allow
everyone@:rw::allow
EOF
	run -0 stat -c %a f
	assert_output 666
}

@test "a deny ahead of the same user's allow hides the denied bits from the group mask" {
	mkfile f 644
	setrichacl --set 'user:rtalice:w::deny user:rtalice:rw::allow owner@:rw::allow everyone@:r::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
owner:rw::mask
group:r::mask
other:r::mask
user:rtalice:w::deny
user:rtalice:rw::allow
owner@:rw::allow
everyone@:r::allow
EOF
	run -0 stat -c %a f
	assert_output 644
}

@test "setting an ACL keeps the sticky bit" {
	mkdirm d 1777
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:rx::allow' d
	run -0 stat -c %a d
	assert_output 1750
}

@test "given masks are kept and make the ACL masked" {
	mkfile f 644
	setrichacl --set 'owner:rwp::mask group:r::mask other:::mask owner@:rwpx::allow user:rtalice:rwx::allow everyone@:rx::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
flags:m
owner:rwp::mask
group:r::mask
other:::mask
owner@:rwpx::allow
user:rtalice:rwx::allow
everyone@:rx::allow
EOF
	run -0 stat -c %a f
	assert_output 640
}

@test "one given mask: the others are computed, the ACL is masked" {
	mkfile f 644
	setrichacl --set 'group:r::mask owner@:rwpx::allow user:rtalice:rwx::allow everyone@:r::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
flags:m
owner:rwpx::mask
group:r::mask
other:r::mask
owner@:rwpx::allow
user:rtalice:rwx::allow
everyone@:r::allow
EOF
	run -0 stat -c %a f
	assert_output 744
}

@test "given flags and masks are both kept as given" {
	mkfile f 644
	setrichacl --set 'flags:mw owner:rw::mask group:r::mask other:::mask owner@:rwp::allow user:rtalice:rw::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
flags:mw
owner:rw::mask
group:r::mask
other:::mask
owner@:rwp::allow
user:rtalice:rw::allow
EOF
	run -0 stat -c %a f
	assert_output 640
}

@test "given flags without masks: flags kept, masks computed" {
	mkfile f 644
	setrichacl --set 'flags:a owner@:rwp::allow user:rtalice:r::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
flags:a
owner:rwp::mask
group:r::mask
other:::mask
owner@:rwp::allow
user:rtalice:r::allow
EOF
}

# --- ACLs equivalent to a mode ------------------------------------------------

@test "an ACL equivalent to a mode is stored as the mode alone" {
	mkfile f 600
	run -0 setrichacl --set 'owner@:rwp::allow group@:r::allow everyone@:r::allow' f
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 644
}

@test "setting a mode-equivalent ACL removes a previously stored ACL" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:r::allow' f
	run -0 xattr_hex f
	refute_output none
	run -0 setrichacl --set 'owner@:rwpx::allow group@:rx::allow' f
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 750
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 owner@:rwpx---------::allow
 group@:r--x---------::allow
EOF
}

@test "everyone@:rwpx::allow on a file is mode 0777" {
	mkfile f 600
	setrichacl --set 'everyone@:rwpx::allow' f
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 777
}

@test "a directory ACL equivalent to 0755 is stored as the mode" {
	mkdirm d 700
	setrichacl --set 'owner@:rwpxd::allow everyone@:rx::allow' d
	run -0 xattr_hex d
	assert_output none
	run -0 stat -c %a d
	assert_output 755
}

@test "a directory owner without delete_child is not mode 7: stored as an ACL" {
	mkdirm d 700
	setrichacl --set 'owner@:rwpx::allow everyone@:rx::allow' d
	run -0 xattr_hex d
	refute_output none
	run -0 stat -c %a d
	assert_output 755
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
    owner@:rwpx---------::allow
 everyone@:r--x---------::allow
EOF
}

@test "delete_child on a file makes no difference to equivalence" {
	mkfile f 600
	setrichacl --set 'owner@:rwpxd::allow group@:rx::allow' f
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 750
}

@test "an ACL with an ACL flag is not a mode" {
	mkfile f 600
	setrichacl --set 'flags:a owner@:rwp::allow everyone@:r::allow' f
	run -0 xattr_hex f
	refute_output none
	run -0 stat -c %a f
	assert_output 644
}

@test "an ACL with inheritance flags is not a mode" {
	mkdirm d 700
	setrichacl --set 'owner@:rwpxd:fd:allow everyone@:rx:fd:allow' d
	run -0 xattr_hex d
	refute_output none
	run -0 stat -c %a d
	assert_output 755
}

@test "a user entry is not a mode, even for the owner's own uid" {
	mkfile f 600
	setrichacl --set 'user:root:rwp::allow everyone@:r::allow' f
	run -0 xattr_hex f
	refute_output none
	run -0 stat -c %a f
	assert_output 664
}

@test "mode-equivalent with deny entries: owner@ deny keeps the group's bits from the owner" {
	mkfile f 600
	setrichacl --set 'owner@:wp::deny owner@:r::allow group@:rwp::allow' f
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 460
}

# --- --set-file ----------------------------------------------------------------

@test "--set-file reads the ACL from a file" {
	mkfile f 644
	printf 'owner@:rwp::allow\nuser:rtalice:r::allow\n' >acl
	run -0 setrichacl --set-file acl f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtalice:r::allow
EOF
}

@test "-S is the short form of --set-file" {
	mkfile f 644
	printf 'owner@:rwp::allow user:rtbob:rw::allow\n' >acl
	run -0 setrichacl -S acl f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtbob:rw::allow
EOF
}

@test "--set-file - reads standard input" {
	mkfile f 644
	run -0 setrichacl --set-file - f <<'EOF'
owner@:rwp::allow
group:rtstaff:r::allow
EOF
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
group:rtstaff:r::allow
EOF
}

@test "--set-file ignores comments and blank lines" {
	mkfile f 644
	cat >acl <<'EOF'
# an ACL for f

owner@:rwp::allow   # the owner
# nobody else but alice
user:rtalice:r::allow

EOF
	run -0 setrichacl --set-file acl f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtalice:r::allow
EOF
}

@test "--set-file skips a first line FILE: as getrichacl prints it" {
	mkfile f 644
	printf 'some/other/file:\nowner@:rwp::allow\nuser:rtalice:rw::allow\n' >acl
	run -0 setrichacl --set-file acl f
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtalice:rw::allow
EOF
}

@test "round trip: getrichacl | setrichacl --set-file - | getrichacl is identical" {
	mkfile f 644
	mkfile g 600
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow group:rtstaff:r::allow user:rtbob:x::deny group@:r::allow everyone@:r::allow' f
	getrichacl f >before
	getrichacl f | setrichacl --set-file - g
	getrichacl g | sed '1s/^g:/f:/' >after
	run -0 diff before after
	run -0 stat -c %a g
	assert_output "$(stat -c %a f)"
}

@test "round trip with --numeric-ids output" {
	mkfile f 644
	mkfile g 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:rw::allow group:rtstaff:r::allow' f
	getrichacl -n f >acl
	run -0 setrichacl -S acl g
	run -0 getrichacl g
	assert_output - <<'EOF'
g:
        owner@:rwp----------::allow
  user:rtalice:rw-----------::allow
 group:rtstaff:r------------::allow
EOF
}

@test "round trip with --long output" {
	mkdirm d 755
	mkdirm e 755
	setrichacl --set 'owner@:rwpxd:fd:allow user:rtalice:rx:fdi:allow everyone@:rx::allow' d
	getrichacl --long d >acl
	run -0 setrichacl -S acl e
	run -0 getrichacl --raw e
	assert_output "$(getrichacl --raw d | sed '1s/^d:/e:/')"
}

@test "round trip of --raw output keeps flags and masks of a masked ACL" {
	mkfile f 644
	mkfile g 644
	setrichacl --set 'flags:mw owner:rwp::mask group:r::mask other:::mask owner@:rwpx::allow user:rtalice:rw::allow everyone@:r::allow' f
	getrichacl --raw f >acl
	run -0 setrichacl -S acl g
	run -0 xattr_hex g
	assert_output "$(xattr_hex f)"
	run -0 stat -c %a g
	assert_output 640
}

@test "round trip of a directory ACL with inheritance and ACL flags" {
	mkdirm d 755
	mkdirm e 700
	setrichacl --set 'flags:ap owner@:rwpxd:fd:allow user:rtalice:r:fdi:allow group:rtstaff:rx:dn:allow everyone@:rx:a:allow' d
	getrichacl d | setrichacl -S - e
	run -0 xattr_hex e
	assert_output "$(xattr_hex d)"
}

# --- --remove --------------------------------------------------------------------

@test "--remove deletes the stored ACL and keeps the mode" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow' f
	run -0 setrichacl --remove f
	assert_output ""
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 760
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 owner@:rwpx---------::allow
 group@:rwp----------::allow
EOF
}

@test "-b is the short form of --remove" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:r::allow' f
	run -0 setrichacl -b f
	run -0 xattr_hex f
	assert_output none
}

@test "--remove on a file without an ACL succeeds and changes nothing" {
	mkfile f 640
	run -0 setrichacl --remove f
	assert_output ""
	run -0 snapshot f
	assert_output "640 none"
}

@test "--remove on several files" {
	mkfile a 644
	mkfile b 644
	mkdirm c 755
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:r::allow' a b c
	run -0 setrichacl --remove a b c
	run -0 xattr_hex a
	assert_output none
	run -0 xattr_hex b
	assert_output none
	run -0 xattr_hex c
	assert_output none
}

@test "--remove leaves other extended attributes alone" {
	mkfile f 644
	setfattr -n user.comment -v hello f
	setrichacl --set 'owner@:rwp::allow user:rtalice:r::allow' f
	run -0 setrichacl --remove f
	run -0 xattr_names f
	assert_output "user.comment"
}

# --- Several files ------------------------------------------------------------------

@test "--set on several files changes every one of them" {
	mkfile a 600
	mkfile b 666
	setrichacl --set 'owner@:rwp::allow user:rtalice:r::allow' a b
	run -0 getrichacl a b
	assert_output - <<'EOF'
a:
       owner@:rwp----------::allow
 user:rtalice:r------------::allow

b:
       owner@:rwp----------::allow
 user:rtalice:r------------::allow
EOF
	run -0 stat -c %a a b
	assert_output "640
640"
}

@test "--set on a file and a directory: masks follow each" {
	mkfile f 600
	mkdirm d 700
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:rx::allow' f d
	run -0 stat -c %a f d
	assert_output "750
750"
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
       owner@:rwpxd--------::allow
 user:rtalice:r--x---------::allow
EOF
}

# --- --help and --version ------------------------------------------------------

@test "--help goes to stdout, exits 0, and shows the usage line" {
	run --separate-stderr setrichacl --help
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 "Usage: setrichacl [OPTION]... {--set=ACL|--set-file=FILE|--remove} FILE..."
	assert_line --index 1 "  or:  setrichacl [OPTION]... EDIT... FILE..."
	assert_line --index 2 "  or:  setrichacl [OPTION]... --restore=FILE"
}

@test "--help lists every option" {
	run -0 setrichacl --help
	assert_line --regexp '^  -s, --set=ACL +'
	assert_line --regexp '^  -S, --set-file=FILE +'
	assert_line --regexp '^  -m, --modify=ACL +'
	assert_line --regexp '^  -M, --modify-file=FILE'
	assert_line --regexp '^  -b, --remove +'
	assert_line --regexp '^      --xattr-name=NAME +'
	assert_line --regexp '^      --help +'
	assert_line --regexp '^      --version +'
}

@test "--help explains the entry syntax and the exit statuses" {
	run -0 setrichacl --help
	assert_line "ACL entries have the form WHO:PERMISSIONS:FLAGS:TYPE, for example"
	assert_line "Exit status: 0 if OK, 1 if some file could not be processed,"
	assert_line "2 on a usage error."
}

@test "--version exits 0 and names the program and package" {
	run --separate-stderr setrichacl --version
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 --regexp '^setrichacl \(richacl\) [0-9]+\.[0-9]+'
}

@test "--version prints the same version as getrichacl" {
	run -0 setrichacl --version
	local set_version=${lines[0]#setrichacl }
	run -0 getrichacl --version
	assert_equal "${lines[0]#getrichacl }" "$set_version"
}
