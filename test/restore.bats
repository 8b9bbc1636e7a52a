#!/usr/bin/env bats
# Backup and restore (issue 4, item 4): getrichacl -R writes "# file:"
# records, setrichacl --restore=FILE reads them back.  With --raw the
# round trip is exact: the same xattr bytes, modes, owners and groups.

load "$TEST_HELPERS/common"
load "$TEST_HELPERS/tree"

setup() {
	richacl_setup
}

# A tree with every kind of ACL a backup must carry:
#   t/                 0755, no ACL
#   t/plain            ACL without flags (masks computed)
#   t/masked           flags:mw with explicit masks
#   t/ai/              auto_inherit directory with inheritable entries
#   t/ai/child         auto_inherit file with inherited entries
#   t/ai/prot/         flags:ap
#   t/nomode           0604, no ACL
#   t/suid             setuid, ACL, owned by rtalice:rtstaff
#   t/sticky/          sticky directory owned by rtbob
#   t/sticky/g         setgid file, numeric owner 39999
mk_mixed_tree() {
	mkdirm t 755
	mkfile t/plain 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow user:rtbob:w::deny everyone@:r::allow' t/plain
	mkfile t/masked 644
	setrichacl --set 'flags:mw owner:rwpxCo::mask group:rx::mask other:::mask owner@:rwpx::allow group@:rwx::allow everyone@:rwx::allow' t/masked
	mkdirm t/ai 755
	setrichacl --no-propagate --set 'flags:a owner@:rwpxd:fd:allow group:rtstaff:rx:fd:allow everyone@:r:fda:allow' t/ai
	mkfile t/ai/child 644
	setrichacl --set 'flags:a user:rtbob:w::allow owner@:rwpx:a:allow group:rtstaff:rx:a:allow' t/ai/child
	mkdirm t/ai/prot 700
	setrichacl --set 'flags:ap owner@:rwpxd::allow user:rtalice:rx:fd:allow' t/ai/prot
	mkfile t/nomode 604
	mkfile t/suid 755
	setrichacl --set 'owner@:rwpx::allow group:rtstaff:rx::allow' t/suid
	chown rtalice:rtstaff t/suid
	chmod u+s t/suid
	mkdirm t/sticky 1777
	chown rtbob t/sticky
	mkfile t/sticky/g 2750
	chown 39999:39998 t/sticky/g
}

# Change everything a restore must put back: every ACL, the modes, the
# owners and groups, and the special bits.
scramble() {
	setrichacl -R --set 'owner@:rwpxd::allow user:rtalice:r::allow group:rtother:w::allow' "$@"
	find "$@" -exec chown rtbob:rtother {} + -exec chmod g+s,o+t {} +
}

# --- Round trips -----------------------------------------------------------------------

@test "round trip with --raw: identical xattrs, modes, owners and groups" {
	mk_mixed_tree
	before=$(tree_snapshot t)
	getrichacl -R --raw t >backup
	scramble t
	refute [ "$(tree_snapshot t)" = "$before" ]
	run --separate-stderr -0 setrichacl --restore=backup
	assert_output ""
	assert_equal "$stderr" ""
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "round trip when only the modes were changed (chmod), not the ACLs" {
	mk_mixed_tree
	before=$(tree_snapshot t)
	getrichacl -R --raw t >backup
	find t -exec chmod 700 {} +
	refute [ "$(tree_snapshot t)" = "$before" ]
	run -0 setrichacl --restore=backup
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "round trip when only owners and groups were changed" {
	mk_mixed_tree
	before=$(tree_snapshot t)
	getrichacl -R --raw t >backup
	find t -exec chown -h rtbob:rtother {} +
	run -0 setrichacl --restore=backup
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "round trip of ACLs without flags keeps the flags byte at 0" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow user:rtalice:r::allow' f
	before=$(xattr_hex f)
	# Version 0, ACL flags 0: the masks are computed, not enforced.
	assert_equal "${before:0:6}" 0x0000
	getrichacl -R --raw f >backup
	setrichacl --set 'owner@:rw::allow user:rtbob:r::allow' f
	run -0 setrichacl --restore=backup
	run -0 xattr_hex f
	assert_output "$before"
}

@test "round trip of file names with a newline, a tab, a backslash and byte 0xff" {
	mkdirm t 755
	for name in "new
line" "tab	x" 'back\slash' $'\xff\xfe' "two

newlines"; do
		mkfile "t/$name" 640
		setrichacl --set "owner@:rwp::allow user:rtalice:r::allow group:rtstaff:w::allow" "t/$name"
	done
	mkdirm "t/dir
nl" 700
	mkfile "t/dir
nl/inner" 600
	setrichacl --set 'owner@:rw::allow user:rtbob:rw::allow' "t/dir
nl/inner"
	before=$(tree_snapshot t)
	getrichacl -R --raw t >backup
	run -0 grep -c '^# file: ' backup
	assert_output 8
	scramble t
	run -0 setrichacl --restore=backup
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "the header of a name with a newline stays one line and restores that file" {
	mkdirm t 755
	mkfile "t/a
b" 600
	mkfile t/a 600
	mkfile t/b 600
	getrichacl -R --raw t >backup
	run -0 grep -F '# file: t/a\012b' backup
	setrichacl --set 'owner@:rw::allow user:rtbob:r::allow' "t/a
b"
	run -0 setrichacl --restore=backup
	run -0 xattr_hex "t/a
b"
	assert_output none
	run -0 stat -c %a "t/a
b"
	assert_output 600
}

@test "round trip of a 1000-file tree with mixed ACLs" {
	mkdirm t 755
	for d in 0 1 2 3 4 5 6 7 8 9; do
		mkdirm t/d$d 755
		(cd t/d$d && touch f{00..99})
	done
	setrichacl --set 'owner@:rwpx::allow user:rtalice:rw::allow everyone@:r::allow' t/d?/f?0 t/d?/f?1
	setrichacl --set 'flags:mw owner:rwp::mask group:r::mask other:::mask owner@:rwpx::allow group:rtstaff:rwx::allow' t/d?/f?2 t/d?/f?3
	setrichacl --set 'flags:a user:rtbob:w::deny owner@:rwp:a:allow group@:r:a:allow' t/d?/f?4 t/d?/f?5
	chmod 640 t/d?/f?6
	chmod 4711 t/d?/f?7
	chown rtalice:rtstaff t/d?/f?8
	setrichacl --no-propagate --set 'flags:a owner@:rwpxd:fd:allow group:rtstaff:rx:fd:allow' t/d[02468]
	run -0 find t -type f
	assert_equal "${#lines[@]}" 1000
	before=$(tree_snapshot t)
	getrichacl -R --raw t >backup
	scramble t
	run -0 setrichacl --restore=backup
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "--restore=- reads the backup from standard input" {
	mk_mixed_tree
	before=$(tree_snapshot t)
	getrichacl -R --raw t >backup
	scramble t
	run -0 sh -c 'setrichacl --restore=- <backup'
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "getrichacl -R --raw | setrichacl --restore=- in one pipeline is a no-op" {
	mk_mixed_tree
	before=$(tree_snapshot t)
	run -0 sh -c 'getrichacl -R --raw t | setrichacl --restore=-'
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "a raw record is restored exactly as written: masks and flags kept" {
	mkfile f 644
	mkfile ref 644
	acl='flags:mw owner:rwpxCo::mask group:rx::mask other:::mask owner@:rwpx::allow group@:rwx::allow everyone@:rwx::allow'
	setrichacl --set "$acl" ref
	cat >backup <<'EOF'
# file: f
     flags:mw
     owner:rwpx-------Co---::mask
     group:r--x------------::mask
     other:----------------::mask
    owner@:rwpx------------::allow
    group@:rw-x------------::allow
 everyone@:rw-x------------::allow

EOF
	run -0 setrichacl --restore=backup
	run -0 xattr_hex f
	assert_output "$(xattr_hex ref)"
	run -0 stat -c %a f
	assert_output 750
}

# The default view is not exact: t/masked shows as owner@:rwpxCo::allow
# group@:rx::allow, which is set as the mode 0750 alone (write_acl and
# write_owner are the owner's anyway).  Leave it out here.
@test "a default-view backup restores ACLs that show the same" {
	mk_mixed_tree
	rm t/masked
	getrichacl -R t >backup
	scramble t
	run -0 setrichacl --restore=backup
	run -0 getrichacl -R t
	assert_output "$(cat backup)"
}

@test "--long, --full and --unaligned backups restore the same ACLs" {
	mk_mixed_tree
	rm t/masked
	getrichacl -R t >want
	for view in --long --full --unaligned '--long --unaligned'; do
		getrichacl -R $view t >backup
		scramble t
		run -0 setrichacl --restore=backup
		run -0 getrichacl -R t
		assert_equal "$output" "$(cat want)"
	done
}

# --- Owner, group and special bits -------------------------------------------------------

@test "owner and group are restored from their names" {
	mkfile f 600
	chown rtalice:rtstaff f
	getrichacl -R f >backup
	chown rtbob:rtother f
	run -0 setrichacl --restore=backup
	run -0 stat -c '%U:%G' f
	assert_output rtalice:rtstaff
}

@test "a -n backup restores owner and group by number, also ids without names" {
	mkfile f 600
	mkfile g 600
	chown 30002:30010 f
	chown 39999:39998 g
	getrichacl -R -n f g >backup
	run -0 grep -c '^# owner: 3' backup
	assert_output 2
	chown 0:0 f g
	run -0 setrichacl --restore=backup
	run -0 stat -c '%u:%g' f g
	assert_output $'30002:30010\n39999:39998'
}

@test "without # owner: and # group: lines, owner and group are left alone" {
	mkfile f 600
	chown rtbob:rtother f
	printf '# file: f\nowner@:rwp::allow\nuser:rtalice:r::allow\n\n' >backup
	run -0 setrichacl --restore=backup
	run -0 stat -c '%U:%G' f
	assert_output rtbob:rtother
	run -0 getrichacl --unaligned f
	assert_output $'f:\nowner@:rwp::allow\nuser:rtalice:r::allow'
}

@test "# flags: sets setuid, setgid and sticky" {
	mkfile a 755
	mkfile b 755
	mkdirm d 755
	cat >backup <<'EOF'
# file: a
# flags: s--
owner@:rwpx::allow
everyone@:rx::allow

# file: b
# flags: -s-
owner@:rwpx::allow
everyone@:rx::allow

# file: d
# flags: sst
owner@:rwpxd::allow
everyone@:rx::allow

EOF
	run -0 setrichacl --restore=backup
	run -0 stat -c %a a b d
	assert_output $'4755\n2755\n7755'
}

@test "no # flags: line clears setuid, setgid and sticky" {
	mkfile a 755
	mkdirm d 755
	getrichacl -R a d >backup
	chmod 6755 a
	chmod 3755 d
	run -0 setrichacl --restore=backup
	run -0 stat -c %a a d
	assert_output $'755\n755'
}

@test "special bits survive the chown of the restore (chown clears setuid)" {
	mkfile f 755
	chown rtalice f
	chmod 6755 f
	getrichacl -R f >backup
	chown rtbob f
	chmod 755 f
	run -0 setrichacl --restore=backup
	run -0 stat -c '%a %U' f
	assert_output '6755 rtalice'
}

# --- Where the files are -------------------------------------------------------------------

@test "paths are relative to the current directory: restore into a copy" {
	mk_mixed_tree
	getrichacl -R --raw t >backup
	mkdir copy
	cp -a t copy/t
	want=$(cd t && tree_snapshot .)
	scramble copy/t
	(cd copy && setrichacl --restore=../backup)
	assert_equal "$(cd copy/t && tree_snapshot .)" "$want"
}

@test "a backup of an absolute path (leading / removed) restores from /" {
	mk_mixed_tree
	before=$(tree_snapshot t)
	getrichacl -R --raw "$PWD/t" >backup 2>/dev/null
	run -0 head -1 backup
	assert_output "# file: ${PWD#/}/t"
	scramble t
	run -0 sh -c 'cd / && setrichacl --restore="$1"' sh "$PWD/backup"
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "a backup with absolute names (-p) restores from anywhere" {
	mk_mixed_tree
	before=$(tree_snapshot t)
	getrichacl -R --raw -p "$PWD/t" >backup
	scramble t
	mkdir elsewhere
	run -0 sh -c 'cd elsewhere && setrichacl --restore=../backup'
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "files that are not in the backup are left alone" {
	mkdirm t 755
	mkfile t/a 600
	getrichacl -R --raw t >backup
	mkfile t/new 600
	setrichacl --set 'owner@:rw::allow user:rtbob:r::allow' t/new
	before=$(snapshot t/new)
	run -0 setrichacl --restore=backup
	assert_equal "$(snapshot t/new)" "$before"
}

# --- Failures --------------------------------------------------------------------------------

@test "a record for a missing file: error naming it, exit 1, the others restored" {
	mkdirm t 755
	mkfile t/a 600
	mkfile t/gone 600
	mkfile t/z 600
	setrichacl --set 'owner@:rw::allow user:rtalice:r::allow' t/a t/gone t/z
	before_a=$(getrichacl t/a; stat -c %a t/a)
	before_z=$(getrichacl t/z; stat -c %a t/z)
	getrichacl -R --raw t >backup
	rm t/gone
	setrichacl --remove t/a t/z
	run --separate-stderr -1 setrichacl --restore=backup
	[[ $stderr == *t/gone* ]] || fail "no message names t/gone: $stderr"
	assert_equal "${#stderr_lines[@]}" 1
	assert_equal "$(getrichacl t/a; stat -c %a t/a)" "$before_a"
	assert_equal "$(getrichacl t/z; stat -c %a t/z)" "$before_z"
}

@test "a record for a path that is now a symlink is not followed" {
	mkdirm t 755
	mkfile t/a 600
	mkfile t/b 600
	getrichacl -R --raw t >backup
	mkfile outside 640
	setrichacl --set 'owner@:rw::allow user:rtbob:rw::allow' outside
	before=$(snapshot outside)
	rm t/a
	ln -s ../outside t/a
	setrichacl --set 'owner@:rw::allow user:rtbob:r::allow' t/b
	run --separate-stderr -1 setrichacl --restore=backup
	[[ $stderr == *t/a* ]] || fail "no message names t/a: $stderr"
	assert_equal "$(snapshot outside)" "$before"
	run -0 xattr_hex t/b
	assert_output none
}

# Records for a, b and c that would change them, the ACL of c bad.
bad_backup() {
	for f in a b c; do mkfile $f 600; done
	cat >backup <<'EOF'
# file: a
# owner: rtalice
owner@:rwp::allow
user:rtbob:r::allow

# file: b
# flags: s--
owner@:rwp::allow
user:rtbob:r::allow

# file: c
owner@:rwp::allow
user:rtbob:r::allow
user:rtbob:q::allow

EOF
}

@test "a syntax error: FILE:LINE on stderr, exit 2, nothing changed at all" {
	bad_backup
	before=$(tree_snapshot a b c)
	run --separate-stderr -2 setrichacl --restore=backup
	assert_output ""
	[[ $stderr == setrichacl:\ backup:1[0-9]:* ]] || fail "no FILE:LINE: $stderr"
	assert_equal "$(tree_snapshot a b c)" "$before"
}

@test "the line of a syntax error is the line of the bad entry" {
	bad_backup
	run --separate-stderr -2 setrichacl --restore=backup
	[[ $stderr == "setrichacl: backup:14: "* ]] || fail "expected backup:14: $stderr"
}

@test "an unknown owner name is an error with its line, nothing changed" {
	bad_backup
	sed -i 's/^user:rtbob:q::allow$//; s/^# owner: rtalice$/# owner: nosuchuser-rt/' backup
	before=$(tree_snapshot a b c)
	run --separate-stderr -2 setrichacl --restore=backup
	[[ $stderr == "setrichacl: backup:2: "* ]] || fail "expected backup:2: $stderr"
	assert_equal "$(tree_snapshot a b c)" "$before"
}

@test "a bad # flags: line or a bad escape in # file: is a syntax error" {
	bad_backup
	sed -i 's/^user:rtbob:q::allow$//' backup
	before=$(tree_snapshot a b c)
	sed 's/^# flags: s--$/# flags: x--/' backup >bad1
	run -2 setrichacl --restore=bad1
	assert_output --partial 'bad1:7:'
	sed 's/^# file: c$/# file: c\\9/' backup >bad2
	run -2 setrichacl --restore=bad2
	assert_output --partial 'bad2:11:'
	assert_equal "$(tree_snapshot a b c)" "$before"
}

@test "ACL lines before the first # file: line are a syntax error" {
	bad_backup
	sed -i 's/^user:rtbob:q::allow$//' backup
	before=$(tree_snapshot a b c)
	{ echo 'owner@:rwpx::allow'; cat backup; } >bad
	run -2 setrichacl --restore=bad
	assert_output --partial 'bad:1:'
	assert_equal "$(tree_snapshot a b c)" "$before"
}

@test "a record without ACL lines is a syntax error" {
	bad_backup
	sed -i 's/^user:rtbob:q::allow$//' backup
	printf '# file: a\n# owner: rtbob\n\n' >>backup
	before=$(tree_snapshot a b c)
	run -2 setrichacl --restore=backup
	assert_equal "$(tree_snapshot a b c)" "$before"
}

@test "--restore takes no file operands (exit 2)" {
	mkfile f 600
	getrichacl -R f >backup
	setrichacl --set 'owner@:rw::allow user:rtbob:r::allow' f
	before=$(snapshot f)
	run --separate-stderr -2 setrichacl --restore=backup f
	assert_equal "$(snapshot f)" "$before"
}

@test "a backup that cannot be read is a usage error (exit 2)" {
	run --separate-stderr -2 setrichacl --restore=missing-backup
	[[ $stderr == *missing-backup* ]] || fail "$stderr"
}

# --- --test --restore --------------------------------------------------------------------------

@test "--test --restore shows what would be restored and changes nothing" {
	mkdirm t 755
	mkfile t/a 600
	setrichacl --set 'owner@:rwpx::allow user:rtalice:r::allow' t/a
	getrichacl -R t >backup
	setrichacl --set 'owner@:rw::allow user:rtbob:rw::allow' t/a
	chown rtbob t/a
	before=$(tree_snapshot t)
	run -0 setrichacl --test --restore=backup
	assert_equal "$(tree_snapshot t)" "$before"
	run -0 grep -v '^# owner:' <<<"$output"
	assert_output - <<'EOF'
# file: t
# group: root
    owner@:rwpxd--------::allow
 everyone@:r--x---------::allow

# file: t/a
# group: root
       owner@:rwpx---------::allow
 user:rtalice:r------------::allow
EOF
}
