#!/usr/bin/env bats
# getrichacl --access[=USER[:GROUP...]]: what the ACL grants a principal
# after the file masks (SPEC sections 2 and 7).  Output: "MASK  FILE",
# "-" when nothing is granted; delete_child is dropped for non-directories.
#
# Files are created by root (owner root, owning group root).  rtalice
# (30001) is in her own group and in rtstaff (30010); rtbob (30002) only in
# his own group; rtother (30011) has no members.

load "$TEST_HELPERS/common"

setup() {
	richacl_setup
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow group:rtstaff:x::allow group@:r::allow user:rtbob:w::deny everyone@:r::allow' f
}

@test "--access without an argument: the caller (root, the owner)" {
	run -0 getrichacl --access f
	assert_output "rwpx  f"
}

@test "--access=USER by name uses the user's groups from the group database" {
	run -0 getrichacl --access=rtalice f
	assert_output "rwx  f"
}

@test "--access=USER by number is the same as by name" {
	run -0 getrichacl --access=30001 f
	assert_output "rwx  f"
}

@test "--access=USER: a deny entry takes away what everyone@ would not give anyway" {
	run -0 getrichacl --access=rtbob f
	assert_output "r  f"
}

@test "--access=USER:GROUP uses exactly the groups given" {
	run -0 getrichacl --access=rtbob:rtstaff f
	assert_output "rx  f"
}

@test "--access=USER:GROUP replaces the user's own groups" {
	run -0 getrichacl --access=rtalice:rtalice f
	assert_output "rw  f"
}

@test "--access=USER:GROUP:GROUP with several groups" {
	run -0 getrichacl --access=rtbob:rtother:rtstaff f
	assert_output "rx  f"
}

@test "--access=USER:GROUP with a group that grants nothing" {
	run -0 getrichacl --access=rtbob:rtother f
	assert_output "r  f"
}

@test "--access=USER:GID with a numeric group" {
	run -0 getrichacl --access=rtbob:30010 f
	assert_output "rx  f"
}

@test "--access=USER:GROUP: membership of the owning group matches group@" {
	run -0 getrichacl --access=rtbob:root f
	assert_output "r  f"
	run -0 getrichacl --access=rtalice:root f
	assert_output "rw  f"
}

@test "--access for a uid without a passwd entry gets everyone@'s permissions" {
	run -0 getrichacl --access=31999 f
	assert_output "r  f"
}

@test "--access prints - when nothing is granted" {
	mkfile g 644
	setrichacl --set 'owner@:rwp::allow user:rtbob:rwpx::deny everyone@:r::allow' g
	run -0 getrichacl --access=rtbob g
	assert_output "-  g"
}

@test "--access drops delete_child for files and keeps it for directories" {
	mkfile g 600
	mkdirm d 700
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:r::allow' g d
	run -0 getrichacl --access g d
	assert_output - <<'EOF'
rwpx  g
rwpxd  d
EOF
}

@test "--access with --long names the permissions (file terms)" {
	run -0 getrichacl --long --access=rtalice f
	assert_output "read_data/write_data/execute  f"
}

@test "--access with --long on a directory uses directory terms" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:rxd::allow everyone@:x::allow' d
	run -0 getrichacl --long --access=rtalice d
	assert_output "list_directory/execute/delete_child  d"
}

@test "--access on several files prints one line each" {
	mkfile g 640
	mkdirm d 755
	run -0 getrichacl --access=rtalice f g d
	assert_output - <<'EOF'
rwx  f
-  g
rx  d
EOF
}

@test "--access on a file without an ACL uses its from_mode ACL" {
	mkfile g 640
	run -0 getrichacl --access g
	assert_output "rwp  g"
	run -0 getrichacl --access=rtalice g
	assert_output "-  g"
	run -0 getrichacl --access=rtbob:root g
	assert_output "r  g"
}

@test "--access: the owner of a 0460 file is denied what the group may do" {
	mkfile g 460
	run -0 getrichacl --access g
	assert_output "r  g"
	run -0 getrichacl --access=rtbob:root g
	assert_output "rwp  g"
}

@test "--access: a masked ACL limits the group class to the group mask" {
	mkfile g 644
	setrichacl --set 'group:r::mask owner@:rwpx::allow user:rtalice:rwx::allow everyone@:r::allow' g
	run -0 getrichacl --access=rtalice g
	assert_output "r  g"
	run -0 getrichacl --access g
	assert_output "rwpx  g"
}

@test "--access after chmod: write_through gives others exactly the other mask" {
	mkfile g 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow everyone@:r::allow' g
	chmod 604 g
	run -0 getrichacl --access=rtbob g
	assert_output "r  g"
	run -0 getrichacl --access=rtalice g
	assert_output "-  g"
	run -0 getrichacl --access g
	assert_output "rwp  g"
}

@test "--access does not add the always-allowed permissions" {
	mkfile g 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:rwaAcCS::allow' g
	run -0 getrichacl --access=rtalice g
	assert_output "rwaAcCS  g"
	run -0 getrichacl --access=rtbob g
	assert_output "-  g"
}

@test "--access=unknown user: usage error, exit 2" {
	run --separate-stderr getrichacl --access=nosuchuser f
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "getrichacl: invalid user 'nosuchuser'
Try 'getrichacl --help' for more information."
}

@test "--access=USER:unknown group: usage error, exit 2" {
	run --separate-stderr getrichacl --access=rtalice:nosuchgroup f
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "getrichacl: invalid group 'nosuchgroup'
Try 'getrichacl --help' for more information."
}

@test "--access= with an empty user: usage error, exit 2" {
	run --separate-stderr getrichacl --access= f
	assert_failure 2
	assert_output ""
	assert_equal "${stderr_lines[0]}" "getrichacl: invalid user ''"
}

@test "--access with a missing file: exit 1, the other files still shown" {
	run --separate-stderr getrichacl --access=rtbob f missing
	assert_failure 1
	assert_output "r  f"
	assert_equal "$stderr" "getrichacl: missing: No such file or directory"
}
