#!/usr/bin/env bats
# setrichacl entry editing (issue 4, items 2 and 3): -x/--remove-entry by
# index, by principal or by whole entries; -a/--add-entry at an index;
# edits combined in command-line order with --modify and --modify-file;
# --test; which actions cannot be combined.

load "$TEST_HELPERS/common"
load "$TEST_HELPERS/tree"

setup() {
	richacl_setup
}

# Five entries, stored (mode 0754):
#   0 owner@:rwpx::allow
#   1 user:rtalice:r::allow
#   2 user:rtbob:w::deny
#   3 group@:rx::allow
#   4 everyone@:r::allow
BASE='owner@:rwpx::allow user:rtalice:r::allow user:rtbob:w::deny group@:rx::allow everyone@:r::allow'

mkbase() {
	mkfile "${1:-f}" 644
	setrichacl --set "$BASE" "${1:-f}"
}

# The ACL of FILE, unaligned, without the "FILE:" line.
acl_of() {
	getrichacl --unaligned "$1" | sed '1d;/^$/d'
}

# --- -x INDEX --------------------------------------------------------------------

@test "the base ACL has the five entries the index tests count" {
	mkbase
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtalice:r::allow
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
EOF
	run -0 stat -c %a f
	assert_output 754
}

@test "-x INDEX removes the entry at that 0-based position" {
	mkbase
	run -0 setrichacl -x 1 f
	assert_output ""
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
EOF
}

@test "-x 0 removes the first entry" {
	mkbase
	run -0 setrichacl -x 0 f
	run -0 acl_of f
	assert_output - <<'EOF'
user:rtalice:r::allow
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
EOF
}

@test "-x with the last index removes the last entry" {
	mkbase
	run -0 setrichacl -x 4 f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtalice:r::allow
user:rtbob:w::deny
group@:rx::allow
EOF
}

@test "--remove-entry=INDEX is the long form of -x" {
	mkbase
	run -0 setrichacl --remove-entry=2 f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtalice:r::allow
group@:rx::allow
everyone@:r::allow
EOF
}

@test "-x with an index equal to the entry count: error, exit 1, file unchanged" {
	mkbase
	before=$(snapshot f)
	run --separate-stderr -1 setrichacl -x 5 f
	assert_output ""
	[[ $stderr == "setrichacl: f: entry index 5 out of range"* ]] ||
		fail "unexpected message: $stderr"
	assert_equal "${#stderr_lines[@]}" 1
	assert_equal "$(snapshot f)" "$before"
}

@test "-x 7 on a five-entry ACL names the file and the index" {
	mkbase g
	before=$(snapshot g)
	run --separate-stderr -1 setrichacl -x 7 g
	[[ $stderr == *"g: entry index 7 out of range"* ]] ||
		fail "unexpected message: $stderr"
	assert_equal "$(snapshot g)" "$before"
}

@test "indices count the entries as getrichacl shows them (masks applied)" {
	mkfile f 644
	# Three stored entries, two once the masks are applied (SPEC 8).
	setrichacl --set 'flags:mw owner:rwpxCo::mask group:rx::mask other:::mask owner@:rwpx::allow group@:rwx::allow everyone@:rwx::allow' f
	run -0 acl_of f
	assert_output $'owner@:rwpxCo::allow\ngroup@:rx::allow'
	before=$(snapshot f)
	run -1 setrichacl -x 2 f
	assert_output --partial "entry index 2 out of range"
	assert_equal "$(snapshot f)" "$before"
	run -0 setrichacl -x 1 f
	# What is left, owner@:rwpxCo::allow, is mode 0700.
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 700
}

@test "-x on a file without an ACL edits the ACL of its mode" {
	mkfile f 644
	run -0 setrichacl -x 1 f
	# owner@:rwp::allow alone is mode 0600, stored as the mode.
	run -0 xattr_hex f
	assert_output none
	run -0 stat -c %a f
	assert_output 600
}

@test "-x out of range on one file: exit 1, the other files changed" {
	mkbase a
	mkfile b 640
	mkbase c
	before=$(snapshot b)
	run --separate-stderr -1 setrichacl -x 3 a b c
	[[ $stderr == *"b: entry index 3 out of range"* ]] ||
		fail "unexpected message: $stderr"
	assert_equal "${#stderr_lines[@]}" 1
	assert_equal "$(snapshot b)" "$before"
	for f in a c; do
		run -0 acl_of $f
		assert_output - <<'EOF'
owner@:rwpx::allow
user:rtalice:r::allow
user:rtbob:w::deny
everyone@:r::allow
EOF
	done
}

@test "-x -R: files where the index is out of range are reported, the rest changed" {
	mkdirm t 755
	mkbase t/a
	mkfile t/b 600
	run --separate-stderr -1 setrichacl -R -x 3 t
	# t (2 entries) and t/b (1 entry) are out of range.
	[[ $stderr == *"t: entry index 3 out of range"* ]] || fail "$stderr"
	[[ $stderr == *"t/b: entry index 3 out of range"* ]] || fail "$stderr"
	run -0 acl_of t/a
	refute_line 'group@:rx::allow'
	assert_equal "${#lines[@]}" 4
}

# --- -x SPEC --------------------------------------------------------------------

@test "-x user:NAME removes every entry of that user, allow and deny" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:w::deny user:rtbob:r::allow user:rtalice:rx::allow everyone@:r::allow' f
	run -0 setrichacl -x user:rtalice f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtbob:r::allow
everyone@:r::allow
EOF
}

@test "-x user:ID accepts a number" {
	mkbase
	run -0 setrichacl -x user:30002 f
	run -0 acl_of f
	refute_output --partial rtbob
	assert_equal "${#lines[@]}" 4
}

@test "-x group:NAME does not remove the user of the same name and id" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:r::allow group:rtalice:w::allow group:rtstaff:x::allow' f
	run -0 setrichacl -x group:rtalice f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtalice:r::allow
group:rtstaff:x::allow
EOF
}

@test "-x owner@, -x group@ and -x everyone@ remove the special entries" {
	mkbase a
	mkbase b
	mkbase c
	run -0 setrichacl -x owner@ a
	run -0 setrichacl -x group@ b
	run -0 setrichacl -x everyone@ c
	run -0 acl_of a
	refute_output --partial owner@
	assert_equal "${#lines[@]}" 4
	run -0 acl_of b
	refute_output --partial group@
	assert_equal "${#lines[@]}" 4
	run -0 acl_of c
	refute_output --partial everyone@
	assert_equal "${#lines[@]}" 4
}

@test "-x with a whole entry removes only the entries equal to it" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:r::allow user:rtalice:w::deny user:rtalice:rw::allow everyone@:r::allow' f
	run -0 setrichacl -x 'user:rtalice:r::allow' f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtalice:w::deny
user:rtalice:rw::allow
everyone@:r::allow
EOF
}

@test "-x with a whole entry whose permissions differ: no matching entry, exit 1" {
	mkbase
	before=$(snapshot f)
	run --separate-stderr -1 setrichacl -x 'user:rtalice:rw::allow' f
	[[ $stderr == "setrichacl: f: no matching entry"* ]] || fail "$stderr"
	assert_equal "$(snapshot f)" "$before"
}

@test "-x with a whole entry whose flags or type differ matches nothing" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd::allow group:rtstaff:rx:fd:allow everyone@:rx::allow' d
	before=$(snapshot d)
	run -1 setrichacl -x 'group:rtstaff:rx::allow' d
	assert_output --partial "d: no matching entry"
	run -1 setrichacl -x 'group:rtstaff:rx:fd:deny' d
	assert_output --partial "d: no matching entry"
	assert_equal "$(snapshot d)" "$before"
	run -0 setrichacl -x 'group:rtstaff:rx:fd:allow' d
	run -0 acl_of d
	assert_output $'owner@:rwpxd::allow\neveryone@:rx::allow'
}

@test "-x with a principal that has no entry: no matching entry, exit 1" {
	mkbase
	before=$(snapshot f)
	run --separate-stderr -1 setrichacl -x group:rtstaff f
	[[ $stderr == *"f: no matching entry"* ]] || fail "$stderr"
	assert_equal "$(snapshot f)" "$before"
}

@test "-x with several entries removes them all, or nothing if one is missing" {
	mkbase a
	mkbase b
	run -0 setrichacl -x 'user:rtalice:r::allow user:rtbob:w::deny' a
	run -0 acl_of a
	assert_output - <<'EOF'
owner@:rwpx::allow
group@:rx::allow
everyone@:r::allow
EOF
	before=$(snapshot b)
	run -1 setrichacl -x 'user:rtalice:r::allow user:rtbob:r::deny' b
	assert_output --partial "b: no matching entry"
	assert_equal "$(snapshot b)" "$before"
}

@test "-x with an unknown user is a usage error, nothing changed" {
	mkbase
	before=$(snapshot f)
	run -2 setrichacl -x user:nosuchuser-rt f
	assert_equal "$(snapshot f)" "$before"
	run -2 setrichacl -x 'user:rtalice:r::allw' f
	assert_equal "$(snapshot f)" "$before"
}

# --- -a INDEX ACL ------------------------------------------------------------------

@test "-a 0 inserts before the first entry" {
	mkbase
	run -0 setrichacl -a 0 'user:rtbob:r::deny' f
	assert_output ""
	run -0 acl_of f
	assert_output - <<'EOF'
user:rtbob:r::deny
owner@:rwpx::allow
user:rtalice:r::allow
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
EOF
}

@test "-a with the entry count appends" {
	mkbase
	run -0 setrichacl -a 5 'group:rtstaff:x::allow' f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtalice:r::allow
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
group:rtstaff:x::allow
EOF
}

@test "-a in the middle inserts several entries in their order" {
	mkbase
	run -0 setrichacl -a 2 'group:rtstaff:w::deny group:rtother:p::allow' f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtalice:r::allow
group:rtstaff:w::deny
group:rtother:p::allow
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
EOF
}

@test "--add-entry=INDEX takes the ACL from the next argument" {
	mkbase
	run -0 setrichacl --add-entry=1 'user:rtbob:x::allow' f
	run -0 acl_of f
	assert_line -n 1 'user:rtbob:x::allow'
	assert_equal "${#lines[@]}" 6
}

@test "-a beyond the entry count: error naming the file, exit 1, unchanged" {
	mkbase
	before=$(snapshot f)
	run --separate-stderr -1 setrichacl -a 6 'user:rtbob:r::allow' f
	[[ $stderr == "setrichacl: f: entry index 6 out of range"* ]] || fail "$stderr"
	assert_equal "$(snapshot f)" "$before"
}

@test "-a without its ACL argument, or with a bad index, is a usage error" {
	mkbase
	before=$(snapshot f)
	run -2 setrichacl -a 0
	run -2 setrichacl -a x 'user:rtbob:r::allow' f
	run -2 setrichacl -a -1 'user:rtbob:r::allow' f
	run -2 setrichacl -a 0 'user:rtbob:bogus::allow' f
	assert_equal "$(snapshot f)" "$before"
}

@test "-a counts the entries as getrichacl shows them (masks applied)" {
	mkfile f 644
	setrichacl --set 'flags:mw owner:rwpxCo::mask group:rx::mask other:::mask owner@:rwpx::allow group@:rwx::allow everyone@:rwx::allow' f
	before=$(snapshot f)
	# Two entries shown (three stored): 3 is out of range, 2 appends.
	run -1 setrichacl -a 3 'user:rtbob:r::allow' f
	assert_output --partial "f: entry index 3 out of range"
	assert_equal "$(snapshot f)" "$before"
	run -0 setrichacl -a 2 'user:rtbob:r::allow' f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpxCo::allow
group@:rx::allow
user:rtbob:r::allow
EOF
}

@test "-a on a file without an ACL inserts into the ACL of its mode" {
	mkfile f 640
	run -0 setrichacl -a 1 'user:rtbob:r::allow' f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwp::allow
user:rtbob:r::allow
group@:r::allow
EOF
}

# --- Several edits, in order ------------------------------------------------------

@test "edits apply in command-line order: -a then -x" {
	mkbase
	run -0 setrichacl -a 0 'user:rtbob:r::deny' -x 1 f
	run -0 acl_of f
	# The -x 1 removed owner@, which the -a had moved to index 1.
	assert_output - <<'EOF'
user:rtbob:r::deny
user:rtalice:r::allow
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
EOF
}

@test "edits apply in command-line order: -x then -a" {
	mkbase
	run -0 setrichacl -x 1 -a 0 'user:rtbob:r::deny' f
	run -0 acl_of f
	assert_output - <<'EOF'
user:rtbob:r::deny
owner@:rwpx::allow
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
EOF
}

@test "-x 0 given twice removes the first two entries" {
	mkbase
	run -0 setrichacl -x 0 -x 0 f
	run -0 acl_of f
	assert_output - <<'EOF'
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
EOF
}

@test "-m then -x: the index counts the entry that -m added" {
	mkbase
	# -m puts the new allow entry at the end (index 5).
	run -0 setrichacl -m 'group:rtstaff:w::allow' -x 5 -x user:rtbob f
	run -0 acl_of f
	assert_output - <<'EOF'
owner@:rwpx::allow
user:rtalice:r::allow
group@:rx::allow
everyone@:r::allow
EOF
}

@test "-M FILE combined with -a and -x" {
	mkbase
	printf '%s\n' 'user:rtalice:rw::allow' >mod
	run -0 setrichacl -x everyone@ -M mod -a 0 'group:rtother:r::deny' f
	run -0 acl_of f
	assert_output - <<'EOF'
group:rtother:r::deny
owner@:rwpx::allow
user:rtalice:rw::allow
user:rtbob:w::deny
group@:rx::allow
EOF
}

@test "when a later edit fails, the earlier ones are not applied either" {
	mkbase
	before=$(snapshot f)
	run -1 setrichacl -x 0 -a 0 'user:rtbob:r::deny' -x 9 f
	assert_output --partial "f: entry index 9 out of range"
	assert_equal "$(snapshot f)" "$before"
	run -1 setrichacl -m 'user:rtbob:rwx::allow' -x group:rtstaff f
	assert_equal "$(snapshot f)" "$before"
}

@test "masks and the mode are computed again after the edits" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rwx::allow everyone@:r::allow' f
	run -0 stat -c %a f
	assert_output 774
	run -0 setrichacl -x user:rtalice -a 1 'user:rtbob:r::allow' f
	run -0 getrichacl --raw --unaligned f
	assert_output - <<'EOF'
f:
owner:rwpx::mask
group:r::mask
other:r::mask
owner@:rwpx::allow
user:rtbob:r::allow
everyone@:r::allow
EOF
	run -0 stat -c %a f
	assert_output 744
}

@test "the same edits apply to each file's own ACL" {
	mkbase a
	mkfile b 600
	setrichacl --set 'owner@:rw::allow user:rtalice:r::allow' b
	run -0 setrichacl -x user:rtalice -a 0 'user:rtbob:x::allow' a b
	run -0 acl_of a
	assert_output - <<'EOF'
user:rtbob:x::allow
owner@:rwpx::allow
user:rtbob:w::deny
group@:rx::allow
everyone@:r::allow
EOF
	run -0 acl_of b
	assert_output $'user:rtbob:x::allow\nowner@:rw::allow'
}

# --- Actions that cannot be combined ---------------------------------------------

@test "--set, --set-file, --remove and --restore cannot be combined with edits" {
	mkbase
	printf '%s\n' 'owner@:rw::allow' >acl
	getrichacl -R --raw f >backup
	before=$(snapshot f)
	run --separate-stderr -2 setrichacl --set 'owner@:rw::allow' -x 0 f
	[[ $stderr == *"cannot be combined"* ]] || fail "$stderr"
	run -2 setrichacl -x 0 --set 'owner@:rw::allow' f
	run -2 setrichacl --set-file acl -a 0 'user:rtbob:r::allow' f
	run -2 setrichacl --remove -m 'user:rtbob:r::allow' f
	run -2 setrichacl -x 1 --remove f
	run -2 setrichacl --restore=backup -x 0
	run -2 setrichacl -M acl --restore=backup
	assert_equal "$(snapshot f)" "$before"
}

@test "--set, --set-file, --remove and --restore cannot be combined with each other" {
	mkbase
	printf '%s\n' 'owner@:rw::allow' >acl
	getrichacl -R --raw f >backup
	before=$(snapshot f)
	run -2 setrichacl --set 'owner@:rw::allow' --set-file acl f
	run -2 setrichacl --restore=backup --set 'owner@:rw::allow'
	run -2 setrichacl --remove --restore=backup
	run -2 setrichacl --restore=backup --restore=backup
	assert_equal "$(snapshot f)" "$before"
}

# --- --test ---------------------------------------------------------------------------

@test "--test with edits shows the resulting ACL as a record, changes nothing" {
	mkbase
	before=$(snapshot f)
	run -0 setrichacl --test -x 1 -a 0 'user:rtbob:r::deny' f
	assert_output - <<'EOF'
# file: f
# owner: root
# group: root
 user:rtbob:r------------::deny
     owner@:rwpx---------::allow
 user:rtbob:-w-----------::deny
     group@:r--x---------::allow
  everyone@:r------------::allow
EOF
	assert_equal "$(snapshot f)" "$before"
}

@test "--test with --set shows every file's new ACL, no mode or xattr changes" {
	mkfile a 600
	mkdirm d 700
	chmod 4755 a
	chown rtalice:rtstaff d
	before=$(tree_snapshot a d)
	run -0 setrichacl --test --set 'owner@:rwpx::allow group:rtstaff:r::allow' a d
	assert_output - <<'EOF'
# file: a
# owner: root
# group: root
# flags: s--
        owner@:rwpx---------::allow
 group:rtstaff:r------------::allow

# file: d
# owner: rtalice
# group: rtstaff
        owner@:rwpx---------::allow
 group:rtstaff:r------------::allow
EOF
	assert_equal "$(tree_snapshot a d)" "$before"
}

@test "--test changes nothing even when the mode no longer matches the masks" {
	mkbase
	chmod 600 f
	before=$(snapshot f)
	# As after a chmod: the masks are limited to the mode (masked,
	# write_through), so rtalice and everyone@ get nothing.
	run -0 setrichacl --test -m 'user:rtbob:r::allow' f
	assert_line -n 0 '# file: f'
	assert_equal "$(snapshot f)" "$before"
	run -0 setrichacl -R --test -x 0 f
	assert_equal "$(snapshot f)" "$before"
}

@test "--test with --remove shows the ACL of the mode, keeps the ACL" {
	mkbase
	before=$(snapshot f)
	run -0 setrichacl --test --remove f
	assert_output - <<'EOF'
# file: f
# owner: root
# group: root
    owner@:rwpx---------::allow
    group@:r--x---------::allow
 everyone@:r------------::allow
EOF
	assert_equal "$(snapshot f)" "$before"
}

@test "--test with --modify shows the merged ACL, file unchanged" {
	mkbase
	before=$(snapshot f)
	run -0 setrichacl --test -m 'user:rtalice:rw::allow' f
	assert_output - <<'EOF'
# file: f
# owner: root
# group: root
       owner@:rwpx---------::allow
 user:rtalice:rw-----------::allow
   user:rtbob:-w-----------::deny
       group@:r--x---------::allow
    everyone@:r------------::allow
EOF
	assert_equal "$(snapshot f)" "$before"
}

@test "--test with an index out of range: reported, exit 1, no record for it" {
	mkbase a
	mkfile b 600
	before=$(tree_snapshot a b)
	run --separate-stderr -1 setrichacl --test -x 2 a b
	[[ $stderr == *"b: entry index 2 out of range"* ]] || fail "$stderr"
	run -0 grep '^# file:' <<<"$output"
	assert_output '# file: a'
	assert_equal "$(tree_snapshot a b)" "$before"
}

@test "setrichacl --help lists the editing, --test and --restore options" {
	run -0 setrichacl --help
	assert_output --partial '-x, --remove-entry=SPEC|INDEX'
	assert_output --partial '-a, --add-entry=INDEX ACL'
	assert_output --partial '--test'
	assert_output --partial '--restore=FILE'
	assert_output --partial '--no-propagate'
}
