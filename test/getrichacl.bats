#!/usr/bin/env bats
# getrichacl: how ACLs are shown (SPEC sections 6 and 8).
#
# Each test is a transcript: set up a file, run getrichacl, compare what
# it prints byte for byte.  ACLs live in trusted.richacl (see helpers).

load "$TEST_HELPERS/common"

setup() {
	richacl_setup
}

# The ACL of the first worked example of SPEC section 8.
EX1='owner@:rwpx::allow group@:rx::allow user:2000:w::deny everyone@:r::allow'

# --- Files without a stored ACL: the from_mode ACL -----------------------

@test "file 0644 without an ACL shows its from_mode ACL" {
	mkfile f 644
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
    owner@:rwp----------::allow
 everyone@:r------------::allow
EOF
}

@test "file 0604 without an ACL (SPEC section 8)" {
	mkfile g 604
	run -0 getrichacl g
	assert_output - <<'EOF'
g:
    owner@:rwp----------::allow
    group@:r------------::deny
 everyone@:r------------::allow
EOF
}

@test "directory 0750 without an ACL (SPEC section 8)" {
	mkdirm d 750
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
 owner@:rwpxd--------::allow
 group@:r--x---------::allow
EOF
}

@test "directory 0750 and file 0604 in one call (SPEC section 8)" {
	mkdirm d 750
	mkfile g 604
	run -0 getrichacl d g
	assert_output - <<'EOF'
d:
 owner@:rwpxd--------::allow
 group@:r--x---------::allow

g:
    owner@:rwp----------::allow
    group@:r------------::deny
 everyone@:r------------::allow
EOF
}

@test "file 0777 is the single entry everyone@:rwpx::allow" {
	mkfile f 777
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 everyone@:rwpx---------::allow
EOF
}

@test "directory 0777 grants everyone delete_child as well" {
	mkdirm d 777
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
 everyone@:rwpxd--------::allow
EOF
}

@test "file 0000 has no entries at all" {
	mkfile f 000
	run -0 getrichacl f
	assert_output "f:"
	# Still followed by the blank line that ends every file.
	getrichacl f >out
	printf 'f:\n\n' >expected
	run -0 cmp out expected
}

@test "file 0700 needs only an owner@ entry" {
	mkfile f 700
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 owner@:rwpx---------::allow
EOF
}

@test "directory 0700 gives the owner delete_child" {
	mkdirm d 700
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
 owner@:rwpxd--------::allow
EOF
}

@test "file 0640: owner@ and group@ allow, nothing for everyone@" {
	mkfile f 640
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 owner@:rwp----------::allow
 group@:r------------::allow
EOF
}

@test "file 0444: everyone@ alone suffices" {
	mkfile f 444
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 everyone@:r------------::allow
EOF
}

@test "directory 0755: owner@ allow and everyone@ allow" {
	mkdirm d 755
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
    owner@:rwpxd--------::allow
 everyone@:r--x---------::allow
EOF
}

@test "file 0070: the owner is denied what the group has" {
	mkfile f 070
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 owner@:rwpx---------::deny
 group@:rwpx---------::allow
EOF
}

@test "file 0007: owner and group are denied what others have" {
	mkfile f 007
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
    owner@:rwpx---------::deny
    group@:rwpx---------::deny
 everyone@:rwpx---------::allow
EOF
}

@test "file 0460: owner deny, owner allow and group allow, in that order" {
	mkfile f 460
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 owner@:-wp----------::deny
 owner@:r------------::allow
 group@:rwp----------::allow
EOF
}

@test "--raw on a file without an ACL shows the mode's masks and no flags line" {
	mkfile f 640
	run -0 getrichacl --raw f
	assert_output - <<'EOF'
f:
  owner:rwp-------------::mask
  group:r---------------::mask
  other:----------------::mask
 owner@:rwp-------------::allow
 group@:r---------------::allow
EOF
}

@test "--raw on a directory without an ACL includes delete_child in the owner mask" {
	mkdirm d 750
	run -0 getrichacl --raw d
	assert_output - <<'EOF'
d:
  owner:rwpxd-----------::mask
  group:r--x------------::mask
  other:----------------::mask
 owner@:rwpxd-----------::allow
 group@:r--x------------::allow
EOF
}

# --- The worked examples of SPEC section 8 --------------------------------

@test "SPEC example 1: default view with --numeric-ids" {
	mkfile f 644
	setrichacl --set "$EX1" f
	run -0 getrichacl --numeric-ids f
	assert_output - <<'EOF'
f:
    owner@:rwpx---------::allow
    group@:r--x---------::allow
 user:2000:-w-----------::deny
 everyone@:r------------::allow
EOF
}

@test "SPEC example 1: --raw with --numeric-ids" {
	mkfile f 644
	setrichacl --set "$EX1" f
	run -0 getrichacl --numeric-ids --raw f
	assert_output - <<'EOF'
f:
     owner:rwpx------------::mask
     group:r--x------------::mask
     other:r---------------::mask
    owner@:rwpx------------::allow
    group@:r--x------------::allow
 user:2000:-w--------------::deny
 everyone@:r---------------::allow
EOF
}

@test "SPEC example 1: --long --unaligned with --numeric-ids" {
	mkfile f 644
	setrichacl --set "$EX1" f
	run -0 getrichacl --numeric-ids --long --unaligned f
	assert_output - <<'EOF'
f:
owner@:read_data/write_data/append_data/execute::allow
group@:read_data/execute::allow
user:2000:write_data::deny
everyone@:read_data::allow
EOF
}

@test "SPEC example 1: the output ends with exactly one blank line" {
	mkfile f 644
	setrichacl --set "$EX1" f
	getrichacl -n f >out
	printf '%s\n' 'f:' \
		'    owner@:rwpx---------::allow' \
		'    group@:r--x---------::allow' \
		' user:2000:-w-----------::deny' \
		' everyone@:r------------::allow' '' >expected
	run -0 cmp out expected
}

@test "SPEC example 3: masked write_through ACL, --raw" {
	mkfile f 644
	setrichacl --set 'flags:mw owner:rwpxCo::mask group:rx::mask other:::mask
		owner@:rwpx::allow group@:rwx::allow everyone@:rwx::allow' f
	run -0 getrichacl --raw f
	assert_output - <<'EOF'
f:
     flags:mw
     owner:rwpx-------Co---::mask
     group:r--x------------::mask
     other:----------------::mask
    owner@:rwpx------------::allow
    group@:rw-x------------::allow
 everyone@:rw-x------------::allow
EOF
}

@test "SPEC example 3: masked write_through ACL, default view applies the masks" {
	mkfile f 644
	setrichacl --set 'flags:mw owner:rwpxCo::mask group:rx::mask other:::mask
		owner@:rwpx::allow group@:rwx::allow everyone@:rwx::allow' f
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
 owner@:rwpx-----Co--::allow
 group@:r--x---------::allow
EOF
}

# --- Output options -------------------------------------------------------

@test "--full shows all 16 permission columns" {
	mkfile f 644
	setrichacl --set "$EX1" f
	run -0 getrichacl -n --full f
	assert_output - <<'EOF'
f:
    owner@:rwpx------------::allow
    group@:r--x------------::allow
 user:2000:-w--------------::deny
 everyone@:r---------------::allow
EOF
}

@test "--full on a file without an ACL" {
	mkfile f 644
	run -0 getrichacl --full f
	assert_output - <<'EOF'
f:
    owner@:rwp-------------::allow
 everyone@:r---------------::allow
EOF
}

@test "the default view hides the always-allowed bits a, c and S; --full shows them" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxdDaARWcCoSeE::allow user:rtalice:r::allow' d
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
       owner@:rwpxdDARWCoeE::allow
 user:rtalice:r------------::allow
EOF
	run -0 getrichacl --full d
	assert_output - <<'EOF'
d:
       owner@:rwpxdDaARWcCoSeE::allow
 user:rtalice:r---------------::allow
EOF
}

@test "--raw shows all 16 columns including a, c and S" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxdDaARWcCoSeE::allow user:rtalice:r::allow' d
	run -0 getrichacl --raw d
	assert_output - <<'EOF'
d:
        owner:rwpxdDaARWcCoSeE::mask
        group:r---------------::mask
        other:----------------::mask
       owner@:rwpxdDaARWcCoSeE::allow
 user:rtalice:r---------------::allow
EOF
}

@test "--long names every permission of a directory in directory terms" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxdDaARWcCoSeE::allow user:rtalice:r::allow' d
	run -0 getrichacl --long --full --unaligned d
	assert_output - <<'EOF'
d:
owner@:list_directory/add_file/add_subdirectory/execute/delete_child/delete/read_attributes/write_attributes/read_named_attrs/write_named_attrs/read_acl/write_acl/write_owner/synchronize/write_retention/write_retention_hold::allow
user:rtalice:list_directory::allow
EOF
}

@test "--long on a directory without an ACL uses list_directory/add_file names" {
	mkdirm d 750
	run -0 getrichacl --long d
	assert_output - <<'EOF'
d:
 owner@:list_directory/add_file/add_subdirectory/execute/delete_child::allow
 group@:list_directory/execute::allow
EOF
}

@test "--long on a file without an ACL uses read_data/write_data names" {
	mkfile f 750
	run -0 getrichacl --long f
	assert_output - <<'EOF'
f:
 owner@:read_data/write_data/append_data/execute::allow
 group@:read_data/execute::allow
EOF
}

@test "-l is the short form of --long" {
	mkfile f 644
	setrichacl --set "$EX1" f
	run -0 getrichacl -l -n f
	assert_output - <<'EOF'
f:
    owner@:read_data/write_data/append_data/execute::allow
    group@:read_data/execute::allow
 user:2000:write_data::deny
 everyone@:read_data::allow
EOF
}

@test "--unaligned drops the column padding of the default view" {
	mkdirm d 750
	run -0 getrichacl --unaligned d
	assert_output - <<'EOF'
d:
owner@:rwpxd::allow
group@:rx::allow
EOF
}

@test "--raw --unaligned" {
	mkfile f 644
	setrichacl --set "$EX1" f
	run -0 getrichacl --raw --unaligned -n f
	assert_output - <<'EOF'
f:
owner:rwpx::mask
group:rx::mask
other:r::mask
owner@:rwpx::allow
group@:rx::allow
user:2000:w::deny
everyone@:r::allow
EOF
}

@test "--raw --long names the masks too" {
	mkfile f 644
	run -0 getrichacl --raw --long f
	assert_output - <<'EOF'
f:
     owner:read_data/write_data/append_data::mask
     group:read_data::mask
     other:read_data::mask
    owner@:read_data/write_data/append_data::allow
 everyone@:read_data::allow
EOF
}

@test "users and groups are shown by name" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:rw::allow group:rtstaff:r::allow group:rtother:w::deny everyone@:r::allow' f
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
        owner@:rwp----------::allow
  user:rtalice:rw-----------::allow
 group:rtstaff:r------------::allow
 group:rtother:-w-----------::deny
     everyone@:r------------::allow
EOF
}

@test "--numeric-ids shows the same ACL with numbers" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:rw::allow group:rtstaff:r::allow group:rtother:w::deny everyone@:r::allow' f
	run -0 getrichacl --numeric-ids f
	assert_output - <<'EOF'
f:
      owner@:rwp----------::allow
  user:30001:rw-----------::allow
 group:30010:r------------::allow
 group:30011:-w-----------::deny
   everyone@:r------------::allow
EOF
}

@test "-n is the short form of --numeric-ids" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtbob:r::allow' f
	run -0 getrichacl -n f
	assert_output - <<'EOF'
f:
     owner@:rwp----------::allow
 user:30002:r------------::allow
EOF
}

@test "an id without a name is shown as a number even without -n" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:31999:r::allow group:31998:w::deny' f
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
      owner@:rwp----------::allow
  user:31999:r------------::allow
 group:31998:-w-----------::deny
EOF
}

@test "short options combine: -ln" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:r::allow' f
	run -0 getrichacl -ln f
	assert_output - <<'EOF'
f:
     owner@:read_data/write_data/append_data::allow
 user:30001:read_data::allow
EOF
}

@test "--long --numeric-ids --raw --unaligned all at once" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow group:rtstaff:r::allow' f
	run -0 getrichacl --long --numeric-ids --raw --unaligned f
	assert_output - <<'EOF'
f:
owner:read_data/write_data/append_data::mask
group:read_data::mask
other:::mask
owner@:read_data/write_data/append_data::allow
group:30010:read_data::allow
EOF
}

# --- Flags -----------------------------------------------------------------

@test "ACL flag auto_inherit shows as flags:a in the default view" {
	mkdirm d 755
	setrichacl --set 'flags:a owner@:rwpxd:fd:allow everyone@:rx:fd:allow' d
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
     flags:a
    owner@:rwpxd--------:fd:allow
 everyone@:r--x---------:fd:allow
EOF
}

@test "ACL flags auto_inherit and protected: flags:ap, long: auto_inherit/protected" {
	mkdirm d 755
	setrichacl --set 'flags:ap owner@:rwpxd::allow user:rtalice:rx::allow' d
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
        flags:ap
       owner@:rwpxd--------::allow
 user:rtalice:r--x---------::allow
EOF
	run -0 getrichacl --long --unaligned d
	assert_output - <<'EOF'
d:
flags:auto_inherit/protected
owner@:list_directory/add_file/add_subdirectory/execute/delete_child::allow
user:rtalice:list_directory/execute::allow
EOF
}

@test "flag defaulted prints as d" {
	mkfile f 644
	setrichacl --set 'flags:d owner@:rwp::allow everyone@:r::allow' f
	run -0 getrichacl --raw f
	assert_output - <<'EOF'
f:
     flags:d
     owner:rwp-------------::mask
     group:r---------------::mask
     other:r---------------::mask
    owner@:rwp-------------::allow
 everyone@:r---------------::allow
EOF
}

@test "inheritance flags f, d, n and i on directory entries" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd:fd:allow user:rtalice:r:fdi:allow group:rtstaff:rx:dn:allow everyone@:rx::allow' d
	run -0 getrichacl d
	assert_output - <<'EOF'
d:
        owner@:rwpxd--------:fd:allow
  user:rtalice:r------------:fdi:allow
 group:rtstaff:r--x---------:dn:allow
     everyone@:r--x---------::allow
EOF
}

@test "inheritance flags by name with --long" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd:fd:allow user:rtalice:r:fdni:allow everyone@:rx::allow' d
	run -0 getrichacl --long --unaligned d
	assert_output - <<'EOF'
d:
owner@:list_directory/add_file/add_subdirectory/execute/delete_child:file_inherit/directory_inherit:allow
user:rtalice:list_directory:file_inherit/directory_inherit/no_propagate/inherit_only:allow
everyone@:list_directory/execute::allow
EOF
}

@test "the inherited flag prints as a" {
	mkfile f 644
	setrichacl --set 'owner@:rwp::allow user:rtalice:rw:a:allow everyone@:r:a:allow' f
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
       owner@:rwp----------::allow
 user:rtalice:rw-----------:a:allow
    everyone@:r------------:a:allow
EOF
}

@test "inherit-only entries do not count towards the computed masks" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:rwpxd:fdi:allow' d
	run -0 getrichacl --raw d
	assert_output - <<'EOF'
d:
        owner:rwpxd-----------::mask
        group:----------------::mask
        other:----------------::mask
       owner@:rwpxd-----------::allow
 user:rtalice:rwpxd-----------:fdi:allow
EOF
	run stat -c %a d
	assert_output 700
}

# --- Masked ACLs in the default view ---------------------------------------

@test "given masks: --raw shows the stored entries, the default view what they grant" {
	mkfile f 644
	setrichacl --set 'owner:rwp::mask group:r::mask other:::mask owner@:rwpx::allow user:rtalice:rwx::allow everyone@:rx::allow' f
	run -0 getrichacl --raw f
	assert_output - <<'EOF'
f:
        flags:m
        owner:rwp-------------::mask
        group:r---------------::mask
        other:----------------::mask
       owner@:rwpx------------::allow
 user:rtalice:rw-x------------::allow
    everyone@:r--x------------::allow
EOF
	run -0 getrichacl f
	assert_output - <<'EOF'
f:
       owner@:rwp----------::allow
 user:rtalice:r------------::allow
       group@:r------------::allow
EOF
}

# --- Several files, errors, operands ---------------------------------------

@test "several files: one block each, in command line order" {
	mkfile a 600
	mkfile b 644
	mkdirm c 700
	run -0 getrichacl b a c
	assert_output - <<'EOF'
b:
    owner@:rwp----------::allow
 everyone@:r------------::allow

a:
 owner@:rwp----------::allow

c:
 owner@:rwpxd--------::allow
EOF
}

@test "a missing file among others: exit 1, the others are still printed" {
	mkfile a 600
	mkfile b 644
	run --separate-stderr getrichacl a missing b
	assert_failure 1
	assert_output - <<'EOF'
a:
 owner@:rwp----------::allow

b:
    owner@:rwp----------::allow
 everyone@:r------------::allow
EOF
	assert_equal "$stderr" "getrichacl: missing: No such file or directory"
}

@test "only a missing file: exit 1, nothing on stdout" {
	run --separate-stderr getrichacl nosuchfile
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "getrichacl: nosuchfile: No such file or directory"
}

@test "the file name is printed as given" {
	mkdir sub
	mkfile sub/f 600
	run -0 getrichacl ./sub/f
	assert_output - <<'EOF'
./sub/f:
 owner@:rwp----------::allow
EOF
}

@test "-- ends the options: a file named -l" {
	mkfile ./-l 600
	run -0 getrichacl -- -l
	assert_output - <<'EOF'
-l:
 owner@:rwp----------::allow
EOF
}

@test "getrichacl follows a symbolic link to its target" {
	mkfile f 640
	ln -s f link
	run -0 getrichacl link
	assert_output - <<'EOF'
link:
 owner@:rwp----------::allow
 group@:r------------::allow
EOF
}

@test "no file operand: usage error, exit 2" {
	run --separate-stderr getrichacl
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "getrichacl: missing file operand
Try 'getrichacl --help' for more information."
}

@test "no file operand with options: still exit 2" {
	run --separate-stderr getrichacl --raw -n
	assert_failure 2
	assert_equal "$stderr" "getrichacl: missing file operand
Try 'getrichacl --help' for more information."
}

@test "an unknown long option: exit 2 and a hint at --help" {
	mkfile f 644
	run --separate-stderr getrichacl --bogus f
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "getrichacl: unrecognized option '--bogus'
Try 'getrichacl --help' for more information."
}

@test "an unknown short option: exit 2" {
	mkfile f 644
	run --separate-stderr getrichacl -z f
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "getrichacl: invalid option -- 'z'
Try 'getrichacl --help' for more information."
}

@test "an option that takes no argument given one: exit 2" {
	mkfile f 644
	run --separate-stderr getrichacl --raw=yes f
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "getrichacl: option '--raw' doesn't allow an argument
Try 'getrichacl --help' for more information."
}

# --- --help and --version --------------------------------------------------

@test "--help goes to stdout, exits 0, and starts with the usage line" {
	run --separate-stderr getrichacl --help
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 "Usage: getrichacl [OPTION]... FILE..."
}

@test "--help lists every option" {
	run -0 getrichacl --help
	assert_line --regexp '^  -l, --long +'
	assert_line --regexp '^      --full +'
	assert_line --regexp '^      --raw +'
	assert_line --regexp '^      --unaligned +'
	assert_line --regexp '^  -n, --numeric-ids +'
	assert_line --regexp '^      --access\[=USER\[:GROUP\.\.\.\]\]'
	assert_line --regexp '^      --xattr-name=NAME +'
	assert_line --regexp '^      --help +'
	assert_line --regexp '^      --version +'
}

@test "--help documents the exit statuses" {
	run -0 getrichacl --help
	assert_line "Exit status: 0 if OK, 1 if some file could not be processed,"
	assert_line "2 on a usage error."
}

@test "--help wins over file operands and other options" {
	run -0 getrichacl --raw --help nosuchfile
	assert_line --index 0 "Usage: getrichacl [OPTION]... FILE..."
	refute_output --partial "nosuchfile"
}

@test "--version exits 0 and names the program and package" {
	run --separate-stderr getrichacl --version
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 --regexp '^getrichacl \(richacl\) [0-9]+\.[0-9]+'
}
