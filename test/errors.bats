#!/usr/bin/env bats
# setrichacl and getrichacl errors: bad ACL text (one line on stderr that
# names the offending token, exit 2, nothing touched), usage errors
# (exit 2), per-file failures (exit 1, the other files still processed).

load "$TEST_HELPERS/common"

setup() {
	richacl_setup
	# A file with a stored ACL whose state must survive every failure.
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow everyone@:r::allow' f
	BEFORE=$(snapshot f)
}

# Run setrichacl with the given arguments, expect exit 2, exactly the
# message $expected on stderr, nothing on stdout, and f untouched.
expect_parse_error() {
	run --separate-stderr setrichacl "$@"
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "$expected"
	assert_equal "$(snapshot f)" "$BEFORE"
}

# --- Bad ACL text -------------------------------------------------------------

@test "an unknown permission letter" {
	expected="setrichacl: invalid permission 'rwz' in entry 'owner@:rwz::allow'"
	expect_parse_error --set 'owner@:rwz::allow' f
}

@test "permission letters are case-sensitive: K is not one" {
	expected="setrichacl: invalid permission 'rK' in entry 'everyone@:rK::allow'"
	expect_parse_error --set 'everyone@:rK::allow' f
}

@test "an unknown long permission name" {
	expected="setrichacl: invalid permission 'frobnicate' in entry 'owner@:read_data/frobnicate::allow'"
	expect_parse_error --set 'owner@:read_data/frobnicate::allow' f
}

@test "an unknown special who" {
	expected="setrichacl: invalid who 'bogus@' in entry 'bogus@:r::allow'"
	expect_parse_error --set 'bogus@:r::allow' f
}

@test "a user name without the user: prefix" {
	expected="setrichacl: invalid who 'rtalice' in entry 'rtalice:r::allow'"
	expect_parse_error --set 'rtalice:r::allow' f
}

@test "an unknown user name" {
	expected="setrichacl: unknown user 'nosuchuserxyz' in entry 'user:nosuchuserxyz:r::allow'"
	expect_parse_error --set 'user:nosuchuserxyz:r::allow' f
}

@test "an unknown group name" {
	expected="setrichacl: unknown group 'nosuchgroupxyz' in entry 'group:nosuchgroupxyz:r::allow'"
	expect_parse_error --set 'group:nosuchgroupxyz:r::allow' f
}

@test "an empty user name" {
	expected="setrichacl: missing user name in entry 'user::r::allow'"
	expect_parse_error --set 'user::r::allow' f
}

@test "an unknown entry type" {
	expected="setrichacl: invalid type 'permit' in entry 'owner@:r::permit'"
	expect_parse_error --set 'owner@:r::permit' f
}

@test "an unknown entry flag" {
	expected="setrichacl: invalid flag 'q' in entry 'owner@:r:q:allow'"
	expect_parse_error --set 'owner@:r:q:allow' f
}

@test "an entry with a missing field" {
	expected="setrichacl: missing field in entry 'owner@:r'"
	expect_parse_error --set 'owner@:r' f
}

@test "an entry with an extra field" {
	expected="setrichacl: unexpected field 'extra' in entry 'user:rtalice:r::allow:extra'"
	expect_parse_error --set 'user:rtalice:r::allow:extra' f
}

@test "an unknown ACL flag on the flags line" {
	expected="setrichacl: invalid flag 'z' in entry 'flags:z'"
	expect_parse_error --set 'flags:z owner@:r::allow' f
}

@test "a mask line whose type is not mask" {
	expected="setrichacl: invalid type 'allow' in entry 'owner:r::allow'"
	expect_parse_error --set 'owner:r::allow' f
}

@test "a bad permission on a mask line" {
	expected="setrichacl: invalid permission 'rwz' in entry 'group:rwz::mask'"
	expect_parse_error --set 'group:rwz::mask owner@:r::allow' f
}

@test "the error names the bad entry, not the first one" {
	expected="setrichacl: invalid permission 'q' in entry 'user:rtbob:q::allow'"
	expect_parse_error --set 'owner@:rwp::allow,user:rtalice:r::allow,user:rtbob:q::allow' f
}

@test "a stray word after the entries" {
	expected="setrichacl: missing field in entry 'junk'"
	expect_parse_error --set 'owner@:r::allow junk' f
}

@test "bad text given to --modify" {
	expected="setrichacl: invalid type 'alow' in entry 'user:rtbob:r::alow'"
	expect_parse_error --modify 'user:rtbob:r::alow' f
}

@test "bad text in --set-file names the file" {
	printf 'owner@:rw::allow\nuser:rtalice:q::allow\n' >acl
	expected="setrichacl: acl: invalid permission 'q' in entry 'user:rtalice:q::allow'"
	expect_parse_error --set-file acl f
}

@test "bad text on standard input is reported for -" {
	expected="setrichacl: -: invalid permission 'rwz' in entry 'owner@:rwz::allow'"
	expect_parse_error --set-file - f <<<'owner@:rwz::allow'
}

@test "bad text in --modify-file names the file" {
	printf 'user:nosuchuserxyz:r::allow\n' >changes
	expected="setrichacl: changes: unknown user 'nosuchuserxyz' in entry 'user:nosuchuserxyz:r::allow'"
	expect_parse_error --modify-file changes f
}

@test "bad text leaves every named file untouched" {
	mkfile g 600
	mkdirm d 750
	run --separate-stderr setrichacl --set 'owner@:rwp::allow user:rtbob:rz::allow' g f d
	assert_failure 2
	assert_equal "${#stderr_lines[@]}" 1
	run -0 snapshot g
	assert_output "600 none"
	run -0 snapshot d
	assert_output "750 none"
	assert_equal "$(snapshot f)" "$BEFORE"
}

@test "a permission bit that has no name cannot be set" {
	expected="setrichacl: the ACL has permissions, flags or types that cannot be stored"
	expect_parse_error --set 'everyone@:/0x1000::allow' f
}

# --- Usage errors ---------------------------------------------------------------

@test "two actions: --set and --remove" {
	expected="setrichacl: --set, --set-file, --remove and --restore cannot be combined with each other or with edits
Try 'setrichacl --help' for more information."
	expect_parse_error --set 'owner@:rwp::allow' --remove f
}

@test "two actions: --modify and --set" {
	expected="setrichacl: --set, --set-file, --remove and --restore cannot be combined with each other or with edits
Try 'setrichacl --help' for more information."
	expect_parse_error -m 'user:rtbob:r::allow' -s 'owner@:rwp::allow' f
}

@test "two actions: --set given twice" {
	expected="setrichacl: --set, --set-file, --remove and --restore cannot be combined with each other or with edits
Try 'setrichacl --help' for more information."
	expect_parse_error -s 'owner@:rwp::allow' -s 'owner@:rw::allow' f
}

@test "two actions: --remove and --modify-file" {
	printf 'user:rtbob:r::allow\n' >changes
	expected="setrichacl: --set, --set-file, --remove and --restore cannot be combined with each other or with edits
Try 'setrichacl --help' for more information."
	expect_parse_error --remove --modify-file changes f
}

@test "no action at all" {
	expected="setrichacl: no action given: use --set, --set-file, --remove, --restore, or edits such as --modify
Try 'setrichacl --help' for more information."
	expect_parse_error f
}

@test "no action and no file" {
	run --separate-stderr setrichacl
	assert_failure 2
	assert_equal "$stderr" "setrichacl: no action given: use --set, --set-file, --remove, --restore, or edits such as --modify
Try 'setrichacl --help' for more information."
}

@test "an action but no file operand" {
	run --separate-stderr setrichacl --set 'owner@:rwp::allow'
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "setrichacl: missing file operand
Try 'setrichacl --help' for more information."
}

@test "--set without its argument" {
	run --separate-stderr setrichacl --set
	assert_failure 2
	assert_equal "$stderr" "setrichacl: option '--set' requires an argument
Try 'setrichacl --help' for more information."
}

@test "an unknown option" {
	expected="setrichacl: unrecognized option '--frobnicate'
Try 'setrichacl --help' for more information."
	expect_parse_error --frobnicate --set 'owner@:rwp::allow' f
}

@test "--set-file that does not exist: error names it, nothing changes" {
	expected="setrichacl: nosuchfile: No such file or directory"
	run --separate-stderr setrichacl --set-file nosuchfile f
	assert_failure
	assert_equal "$stderr" "$expected"
	assert_equal "$(snapshot f)" "$BEFORE"
}

@test "--modify-file that does not exist" {
	run --separate-stderr setrichacl --modify-file nosuchfile f
	assert_failure
	assert_equal "$stderr" "setrichacl: nosuchfile: No such file or directory"
	assert_equal "$(snapshot f)" "$BEFORE"
}

@test "--set-file that is a directory" {
	mkdir acldir
	run --separate-stderr setrichacl --set-file acldir f
	assert_failure
	assert_equal "$stderr" "setrichacl: acldir: Is a directory"
	assert_equal "$(snapshot f)" "$BEFORE"
}

@test "--set-file containing a NUL byte is refused" {
	printf 'owner@:rwp::allow\0user:rtbob:r::allow\n' >acl
	run --separate-stderr setrichacl --set-file acl f
	assert_failure
	assert_equal "$stderr" "setrichacl: acl: Invalid argument"
	assert_equal "$(snapshot f)" "$BEFORE"
}

# --- Failures of single files ----------------------------------------------------

@test "setrichacl: a missing file among others: exit 1, the others changed" {
	mkfile a 600
	mkfile z 600
	run --separate-stderr setrichacl --set 'owner@:rwp::allow user:rtbob:r::allow' a missing z
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "setrichacl: missing: No such file or directory"
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

@test "setrichacl --modify: a missing file among others: exit 1, the others changed" {
	mkfile z 644
	run --separate-stderr setrichacl -m 'user:rtbob:r::allow' missing f z
	assert_failure 1
	assert_equal "$stderr" "setrichacl: missing: No such file or directory"
	run -0 getrichacl --unaligned f z
	assert_output - <<'EOF'
f:
owner@:rwpx::allow
user:rtalice:rw::allow
everyone@:r::allow
user:rtbob:r::allow

z:
owner@:rwp::allow
everyone@:r::allow
user:rtbob:r::allow
EOF
}

@test "setrichacl --remove: a missing file among others: exit 1, the others changed" {
	run --separate-stderr setrichacl --remove missing f
	assert_failure 1
	assert_equal "$stderr" "setrichacl: missing: No such file or directory"
	run -0 xattr_hex f
	assert_output none
}

@test "a file name with a newline is quoted in messages" {
	run --separate-stderr setrichacl --remove $'new\nline'
	assert_failure 1
	assert_equal "$stderr" "setrichacl: 'new'\$'\\n''line': No such file or directory"
}

@test "getrichacl: a write error on stdout is an error" {
	run --separate-stderr bash -c 'getrichacl f >/dev/full'
	assert_failure 1
	assert_equal "$stderr" "getrichacl: write error: No space left on device"
}

@test "getrichacl --help: a write error on stdout is an error" {
	run --separate-stderr bash -c 'getrichacl --help >/dev/full'
	assert_failure
	assert_equal "$stderr" "getrichacl: write error: No space left on device"
}
