#!/usr/bin/env bats
# Where ACLs live: --xattr-name and $RICHACL_XATTR_NAME, the stock-kernel
# advice for system.richacl, "the tools do what the kernel would" under an
# alternate name (chmod behind the tools' back), invalid stored bytes, and
# files with POSIX ACLs.

load "$TEST_HELPERS/common"

setup() {
	richacl_setup
}

ACL='owner@:rwpx::allow user:rtalice:rw::allow everyone@:r::allow'

# The message for system.richacl on a kernel without RichACLs.
nosupport() {
	echo "$1: $2: this kernel does not support RichACLs in system.richacl; use --xattr-name=trusted.richacl (or set RICHACL_XATTR_NAME) to store them under another name"
}

# --- Choosing the attribute name ---------------------------------------------

@test "--xattr-name=trusted.richacl works without the environment variable" {
	unset RICHACL_XATTR_NAME
	mkfile f 644
	run -0 setrichacl --xattr-name=trusted.richacl --set "$ACL" f
	run -0 xattr_names f
	assert_output trusted.richacl
	run -0 getrichacl --xattr-name=trusted.richacl f
	assert_output - <<'EOF'
f:
       owner@:rwpx---------::allow
 user:rtalice:rw-----------::allow
    everyone@:r------------::allow
EOF
}

@test "--xattr-name NAME (separate argument) works too" {
	unset RICHACL_XATTR_NAME
	mkfile f 644
	run -0 setrichacl --xattr-name trusted.richacl --set "$ACL" f
	run -0 getrichacl --xattr-name trusted.richacl --raw --unaligned f
	assert_output - <<'EOF'
f:
owner:rwpx::mask
group:rw::mask
other:r::mask
owner@:rwpx::allow
user:rtalice:rw::allow
everyone@:r::allow
EOF
}

@test "RICHACL_XATTR_NAME selects the attribute" {
	mkfile f 644
	RICHACL_XATTR_NAME=trusted.richacl setrichacl --set "$ACL" f
	run -0 xattr_names f
	assert_output trusted.richacl
	run -0 xattr_hex f
	assert_output 0x00000300270000000300000001000000000000402700000000000000000000000300000031750000000000400100000002000000
}

@test "user.richacl via --xattr-name" {
	unset RICHACL_XATTR_NAME
	mkfile f 644
	run -0 setrichacl --xattr-name=user.richacl --set "$ACL" f
	run -0 xattr_names f
	assert_output user.richacl
	run -0 getrichacl --xattr-name=user.richacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwpx::allow
user:rtalice:rw::allow
everyone@:r::allow
EOF
}

@test "user.richacl via RICHACL_XATTR_NAME" {
	export RICHACL_XATTR_NAME=user.richacl
	mkfile f 644
	run -0 setrichacl --set "$ACL" f
	run -0 xattr_names f
	assert_output user.richacl
	run -0 getrichacl --access=rtalice f
	assert_output "rw  f"
}

@test "--xattr-name overrides RICHACL_XATTR_NAME" {
	export RICHACL_XATTR_NAME=user.richacl
	mkfile f 644
	run -0 setrichacl --xattr-name=trusted.richacl --set "$ACL" f
	run -0 xattr_names f
	assert_output trusted.richacl
}

@test "the same bytes are written under either name" {
	mkfile f 644
	mkfile g 644
	setrichacl --xattr-name=trusted.richacl --set "$ACL" f
	setrichacl --xattr-name=user.richacl --set "$ACL" g
	run -0 xattr_hex g user.richacl
	assert_output "$(xattr_hex f trusted.richacl)"
}

@test "getrichacl under another name does not see the ACL (shows the mode)" {
	mkfile f 644
	setrichacl --set "$ACL" f
	run -0 getrichacl --xattr-name=user.richacl f
	assert_output - <<'EOF'
f:
    owner@:rwpx---------::allow
    group@:rwp----------::allow
 everyone@:r------------::allow
EOF
}

@test "--remove under one name leaves an ACL under another name alone" {
	mkfile f 644
	setrichacl --xattr-name=trusted.richacl --set "$ACL" f
	setrichacl --xattr-name=user.richacl --set "$ACL" f
	run -0 setrichacl --xattr-name=user.richacl --remove f
	run -0 xattr_names f
	assert_output trusted.richacl
}

@test "getrichacl: a name without a namespace is a usage error" {
	mkfile f 644
	run --separate-stderr getrichacl --xattr-name=richacl f
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "getrichacl: invalid extended attribute name 'richacl'
Try 'getrichacl --help' for more information."
}

@test "setrichacl: a name without a namespace is a usage error, nothing changes" {
	mkfile f 644
	run --separate-stderr setrichacl --xattr-name=richacl --set "$ACL" f
	assert_failure 2
	assert_equal "$stderr" "setrichacl: invalid extended attribute name 'richacl'
Try 'setrichacl --help' for more information."
	run -0 snapshot f
	assert_output "644 none"
}

@test "an invalid name in RICHACL_XATTR_NAME is a usage error too" {
	mkfile f 644
	export RICHACL_XATTR_NAME=richacl
	run --separate-stderr getrichacl f
	assert_failure 2
	assert_equal "$stderr" "getrichacl: invalid extended attribute name 'richacl'
Try 'getrichacl --help' for more information."
	run --separate-stderr setrichacl --set "$ACL" f
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "setrichacl: invalid extended attribute name 'richacl'"
}

@test "a name with an empty attribute part (trusted.) is a usage error" {
	mkfile f 644
	run --separate-stderr getrichacl --xattr-name=trusted. f
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "getrichacl: invalid extended attribute name 'trusted.'"
}

@test "a valid --xattr-name fixes an invalid RICHACL_XATTR_NAME" {
	mkfile f 644
	export RICHACL_XATTR_NAME=richacl
	run -0 setrichacl --xattr-name=trusted.richacl --set "$ACL" f
	run -0 xattr_names f
	assert_output trusted.richacl
}

# --- system.richacl on a stock kernel -------------------------------------------

@test "setrichacl under system.richacl on a stock kernel: exit 1, advice to use --xattr-name" {
	unset RICHACL_XATTR_NAME
	mkfile f 644
	run --separate-stderr setrichacl --set 'owner@:rwp::allow everyone@:r::allow' f
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "$(nosupport setrichacl f)"
	run -0 snapshot f
	assert_output "644 none"
}

@test "the same command with --xattr-name=trusted.richacl succeeds" {
	unset RICHACL_XATTR_NAME
	mkfile f 600
	run -0 setrichacl --xattr-name=trusted.richacl --set 'owner@:rwp::allow user:rtalice:r::allow everyone@:r::allow' f
	run -0 getrichacl --xattr-name=trusted.richacl f
	assert_output - <<'EOF'
f:
       owner@:rwp----------::allow
 user:rtalice:r------------::allow
    everyone@:r------------::allow
EOF
}

@test "an empty RICHACL_XATTR_NAME means system.richacl" {
	export RICHACL_XATTR_NAME=
	mkfile f 644
	run --separate-stderr setrichacl --set "$ACL" f
	assert_failure 1
	assert_equal "$stderr" "$(nosupport setrichacl f)"
}

@test "setrichacl --modify under system.richacl on a stock kernel: exit 1, same advice" {
	unset RICHACL_XATTR_NAME
	mkfile f 644
	run --separate-stderr setrichacl --modify 'user:rtalice:r::allow' f
	assert_failure 1
	assert_equal "$stderr" "$(nosupport setrichacl f)"
	run -0 snapshot f
	assert_output "644 none"
}

@test "system.richacl on a stock kernel: every file fails, each named" {
	unset RICHACL_XATTR_NAME
	mkfile a 644
	mkfile b 644
	run --separate-stderr setrichacl --set "$ACL" a b
	assert_failure 1
	assert_equal "$stderr" "$(nosupport setrichacl a)
$(nosupport setrichacl b)"
}

@test "getrichacl under system.richacl on a stock kernel shows the mode's ACL" {
	unset RICHACL_XATTR_NAME
	mkfile f 640
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 owner@:rwp----------::allow
 group@:r------------::allow
EOF
}

@test "getrichacl under system.richacl ignores an ACL kept in trusted.richacl" {
	mkfile f 644
	setrichacl --set "$ACL" f
	unset RICHACL_XATTR_NAME
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwpx::allow
group@:rwp::allow
everyone@:r::allow
EOF
}

# --- chmod behind the tools' back (seed 008) ----------------------------------------

@test "after chmod 600, --raw shows flags mw and the masks of mode 600" {
	mkfile f 644
	setrichacl --set "$ACL" f
	chmod 600 f
	run -0 getrichacl --raw f
	assert_output - <<'EOF'
f:
        flags:mw
        owner:rwp-------------::mask
        group:----------------::mask
        other:----------------::mask
       owner@:rwpx------------::allow
 user:rtalice:rw--------------::allow
    everyone@:r---------------::allow
EOF
}

@test "after chmod 600, the default view shows only the owner's reduced permissions" {
	mkfile f 644
	setrichacl --set "$ACL" f
	chmod 600 f
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 owner@:rwp----------::allow
EOF
}

@test "after chmod 640, the group class keeps at most r" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rwpx::allow group@:rx::allow everyone@:r::allow' f
	chmod 640 f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
flags:mw
owner:rwp::mask
group:r::mask
other:::mask
owner@:rwpx::allow
user:rtalice:rwpx::allow
group@:rx::allow
everyone@:r::allow
EOF
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
       owner@:rwp----------::allow
 user:rtalice:r------------::allow
       group@:r------------::allow
EOF
}

@test "chmod on a directory: delete_child follows the write bit" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:rwpxd::allow everyone@:rx::allow' d
	chmod 730 d
	run -0 getrichacl --raw --unaligned d
	assert_output - <<'EOF'
d:
flags:mw
owner:rwpxd::mask
group:wpxd::mask
other:::mask
owner@:rwpxd::allow
user:rtalice:rwpxd::allow
everyone@:rx::allow
EOF
}

@test "chmod of an auto_inherit ACL also sets protected" {
	mkfile f 644
	setrichacl --set 'flags:a owner@:rwp::allow user:rtalice:r::allow everyone@:r::allow' f
	chmod 600 f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
flags:mwap
owner:rwp::mask
group:::mask
other:::mask
owner@:rwp::allow
user:rtalice:r::allow
everyone@:r::allow
EOF
}

@test "getrichacl after chmod does not rewrite the stored bytes" {
	mkfile f 644
	setrichacl --set "$ACL" f
	before=$(xattr_hex f)
	chmod 600 f
	run -0 getrichacl --raw f
	run -0 xattr_hex f
	assert_output "$before"
}

@test "a mode that matches the masks leaves the ACL unmasked" {
	mkfile f 644
	setrichacl --set "$ACL" f
	chmod 764 f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
owner:rwpx::mask
group:rw::mask
other:r::mask
owner@:rwpx::allow
user:rtalice:rw::allow
everyone@:r::allow
EOF
}

@test "--modify after chmod starts from the chmod'ed state" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rwpx::allow group@:rx::allow everyone@:r::allow' f
	chmod 640 f
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

@test "--modify after chmod 600: the permissions chmod took away stay away" {
	mkfile f 644
	setrichacl --set "$ACL" f
	chmod 600 f
	run -0 setrichacl --modify 'user:rtbob:r::allow' f
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
     owner@:rwp----------::allow
 user:rtbob:r------------::allow
EOF
	run -0 stat -c %a f
	assert_output 640
	run -0 getrichacl --access=rtalice f
	assert_output "-  f"
}

@test "--set after chmod replaces the ACL and sets the mode from the new masks" {
	mkfile f 644
	setrichacl --set "$ACL" f
	chmod 600 f
	run -0 setrichacl --set 'owner@:rwp::allow user:rtbob:r::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
owner:rwp::mask
group:r::mask
other:::mask
owner@:rwp::allow
user:rtbob:r::allow
EOF
	run -0 stat -c %a f
	assert_output 640
}

# --- Invalid stored bytes (seed 011) ------------------------------------------------

invalid() {
	echo "getrichacl: $1: invalid ACL stored in 'trusted.richacl'"
}

@test "a too short attribute: exit 1, the error names the file and the attribute" {
	mkfile f 644
	plant_xattr f 0100
	run --separate-stderr getrichacl f
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "$(invalid f)"
}

@test "a wrong version: exit 1" {
	mkfile f 644
	plant_xattr f 01000000000000000000000000000000
	run --separate-stderr getrichacl f
	assert_failure 1
	assert_equal "$stderr" "$(invalid f)"
}

@test "unknown ACL flags: exit 1" {
	mkfile f 644
	plant_xattr f 00080000000000000000000000000000
	run --separate-stderr getrichacl --raw f
	assert_failure 1
	assert_equal "$stderr" "$(invalid f)"
}

@test "a count that does not match the size: exit 1" {
	mkfile f 644
	plant_xattr f 00000100000000000000000000000000
	run --separate-stderr getrichacl f
	assert_failure 1
	assert_equal "$stderr" "$(invalid f)"
}

@test "trailing bytes after the entries: exit 1" {
	mkfile f 644
	plant_xattr f 0000010007000000000000000000000000000040070000000000000000
	run --separate-stderr getrichacl f
	assert_failure 1
	assert_equal "$stderr" "$(invalid f)"
}

@test "an unknown entry flag: exit 1" {
	mkfile f 644
	plant_xattr f 00000100070000000000000000000000000010400700000000000000
	run --separate-stderr getrichacl f
	assert_failure 1
	assert_equal "$stderr" "$(invalid f)"
}

@test "a special id greater than 2: exit 1" {
	mkfile f 644
	plant_xattr f 00000100070000000000000000000000000000400700000003000000
	run --separate-stderr getrichacl f
	assert_failure 1
	assert_equal "$stderr" "$(invalid f)"
}

@test "an entry type greater than deny: exit 1" {
	mkfile f 644
	plant_xattr f 00000100070000000000000000000000020000400700000000000000
	run --separate-stderr getrichacl f
	assert_failure 1
	assert_equal "$stderr" "$(invalid f)"
}

@test "a mask bit outside the valid mask: exit 1" {
	mkfile f 644
	plant_xattr f 00000100070000000000000000000000000000400708000000000000
	run --separate-stderr getrichacl f
	assert_failure 1
	assert_equal "$stderr" "$(invalid f)"
}

@test "an invalid ACL does not stop the other files" {
	mkfile a 600
	mkfile f 644
	mkfile z 640
	plant_xattr f 0100
	run --separate-stderr getrichacl a f z
	assert_failure 1
	assert_output - <<'EOF'
a:
 owner@:rwp----------::allow

z:
 owner@:rwp----------::allow
 group@:r------------::allow
EOF
	assert_equal "$stderr" "$(invalid f)"
}

@test "setrichacl --modify on invalid bytes: exit 1, bytes untouched" {
	mkfile f 644
	plant_xattr f 0100
	run --separate-stderr setrichacl -m 'user:rtalice:r::allow' f
	assert_failure 1
	assert_equal "$stderr" "setrichacl: f: invalid ACL stored in 'trusted.richacl'"
	run -0 snapshot f
	assert_output "644 0x0100"
}

@test "setrichacl --remove gets rid of invalid bytes" {
	mkfile f 644
	plant_xattr f 0100
	run -0 setrichacl --remove f
	run -0 xattr_hex f
	assert_output none
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
    owner@:rwp----------::allow
 everyone@:r------------::allow
EOF
}

@test "valid bytes planted by hand are read (seed 011 layout)" {
	mkfile f 644
	# owner@:rwp::allow user:30002:r::allow everyone@:r::allow,
	# masks rwp/r/r
	plant_xattr f 00000300070000000100000001000000000000400700000000000000000000000100000032750000000000400100000002000000
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
user:rtbob:r::allow
everyone@:r::allow
EOF
}

@test "a valid group entry planted by hand (IDENTIFIER_GROUP) shows as group:" {
	mkfile f 640
	# owner@:rwp::allow group:30010:r::allow, masks rwp/r/0
	plant_xattr f 0000020007000000010000000000000000000040070000000000000000004000010000003a750000
	run -0 getrichacl --unaligned f
	assert_output - <<'EOF'
f:
owner@:rwp::allow
group:rtstaff:r::allow
EOF
}

# --- POSIX ACLs ----------------------------------------------------------------

@test "setrichacl refuses a file with a POSIX ACL; nothing changes" {
	mkfile f 644
	setfacl -m u:rtalice:r f
	before=$(getfacl -cp f; stat -c %a f)
	run --separate-stderr setrichacl --set 'owner@:rwp::allow everyone@:r::allow' f
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "setrichacl: f: file has a POSIX ACL"
	run -0 xattr_hex f
	assert_output none
	run -0 bash -c 'getfacl -cp f; stat -c %a f'
	assert_output "$before"
}

@test "setrichacl --modify refuses a file with a POSIX ACL" {
	mkfile f 644
	setfacl -m u:rtalice:r f
	run --separate-stderr setrichacl -m 'user:rtbob:r::allow' f
	assert_failure 1
	assert_equal "$stderr" "setrichacl: f: file has a POSIX ACL"
	run -0 xattr_hex f
	assert_output none
}

@test "setrichacl refuses a directory with only a default POSIX ACL" {
	mkdirm d 755
	setfacl -d -m u:rtalice:rx d
	run --separate-stderr setrichacl --set 'owner@:rwpxd::allow user:rtalice:rx::allow' d
	assert_failure 1
	assert_equal "$stderr" "setrichacl: d: file has a POSIX ACL"
	run -0 snapshot d
	assert_output "755 none"
}

@test "getrichacl refuses a file with a POSIX ACL" {
	mkfile f 644
	setfacl -m u:rtalice:r f
	run --separate-stderr getrichacl f
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "getrichacl: f: file has a POSIX ACL"
}

@test "a POSIX ACL on one file does not stop the others" {
	mkfile a 644
	mkfile f 644
	mkfile z 644
	setfacl -m u:rtalice:r f
	run --separate-stderr setrichacl --set 'owner@:rwp::allow user:rtbob:r::allow' a f z
	assert_failure 1
	assert_equal "$stderr" "setrichacl: f: file has a POSIX ACL"
	run -0 getrichacl --unaligned a z
	assert_output - <<'EOF'
a:
owner@:rwp::allow
user:rtbob:r::allow

z:
owner@:rwp::allow
user:rtbob:r::allow
EOF
}
