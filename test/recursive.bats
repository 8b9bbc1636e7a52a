#!/usr/bin/env bats
# getrichacl -R / setrichacl -R: the "# file:" records, -P / -L,
# --one-file-system, --absolute-names, and partial failures (issue 4,
# items 1 and 4).  Restoring the records is in restore.bats, automatic
# inheritance in propagate.bats, the symlink-swap races in hostile.bats.

load "$TEST_HELPERS/common"
load "$TEST_HELPERS/tree"

setup() {
	richacl_setup
}

teardown() {
	tree_cleanup
}

ACL1='owner@:rwpx::allow user:rtalice:r::allow'

# t/         0755
# t/a/       0755
# t/a/f1     0644 with ACL1
# t/b/       0750
# t/b/f2     0640
# t/z        0600
mk_tree() {
	mkdirm t 755
	mkdirm t/a 755
	mkdirm t/b 750
	mkfile t/a/f1 644
	mkfile t/b/f2 640
	mkfile t/z 600
	setrichacl --set "$ACL1" t/a/f1
}

# The "# file:" lines of the output, without the prefix.
file_lines() {
	sed -n 's/^# file: //p' <<<"$output"
}

# --- getrichacl -R: the records -----------------------------------------------

@test "getrichacl -R: one record per file, directories first, names in order" {
	mk_tree
	run -0 getrichacl -R t
	assert_output - <<'EOF'
# file: t
# owner: root
# group: root
    owner@:rwpxd--------::allow
 everyone@:r--x---------::allow

# file: t/a
# owner: root
# group: root
    owner@:rwpxd--------::allow
 everyone@:r--x---------::allow

# file: t/a/f1
# owner: root
# group: root
       owner@:rwpx---------::allow
 user:rtalice:r------------::allow

# file: t/b
# owner: root
# group: root
 owner@:rwpxd--------::allow
 group@:r--x---------::allow

# file: t/b/f2
# owner: root
# group: root
 owner@:rwp----------::allow
 group@:r------------::allow

# file: t/z
# owner: root
# group: root
 owner@:rwp----------::allow
EOF
}

@test "getrichacl -R: the output ends with an empty line after the last record" {
	mkfile f 600
	getrichacl -R f >out
	run -0 sh -c 'tail -c 2 out | od -An -tx1'
	assert_output ' 0a 0a'
}

@test "--recursive is the long form of -R" {
	mk_tree
	getrichacl -R t >short
	run -0 getrichacl --recursive t
	assert_output "$(cat short)"
}

@test "getrichacl without -R keeps the FILE: header and does not descend" {
	mk_tree
	run -0 getrichacl t t/a/f1
	assert_output - <<'EOF'
t:
    owner@:rwpxd--------::allow
 everyone@:r--x---------::allow

t/a/f1:
       owner@:rwpx---------::allow
 user:rtalice:r------------::allow
EOF
}

@test "getrichacl -R of a regular file prints its one record" {
	mk_tree
	run -0 getrichacl -R t/a/f1
	assert_output - <<'EOF'
# file: t/a/f1
# owner: root
# group: root
       owner@:rwpx---------::allow
 user:rtalice:r------------::allow
EOF
}

@test "siblings are sorted by name in byte order (upper case first)" {
	mkdirm t 755
	mkfile t/b 600
	mkfile t/a 600
	mkfile t/B 600
	mkdirm t/A 755
	mkfile t/A/x 600
	mkfile t/a.1 600
	run -0 getrichacl -R t
	run -0 file_lines
	assert_output - <<'EOF'
t
t/A
t/A/x
t/B
t/a
t/a.1
t/b
EOF
}

@test "getrichacl -R --raw: the records show flags and masks" {
	mkdirm t 755
	setrichacl --set 'flags:a owner@:rwpxd:fd:allow group:rtstaff:rx:fda:allow' t
	run -0 getrichacl -R --raw t
	assert_output - <<'EOF'
# file: t
# owner: root
# group: root
         flags:a
         owner:rwpxd-----------::mask
         group:r--x------------::mask
         other:----------------::mask
        owner@:rwpxd-----------:fd:allow
 group:rtstaff:r--x------------:fda:allow
EOF
}

@test "getrichacl -R --long --unaligned: the records honour the view" {
	mkdirm t 755
	setrichacl --set 'owner@:rwpxd:fd:allow group:rtstaff:rx:fd:allow' t
	mkfile t/f 600
	setrichacl --set "$ACL1" t/f
	run -0 getrichacl -R -l --unaligned t
	assert_output - <<'EOF'
# file: t
# owner: root
# group: root
owner@:list_directory/add_file/add_subdirectory/execute/delete_child:file_inherit/directory_inherit:allow
group:rtstaff:list_directory/execute:file_inherit/directory_inherit:allow

# file: t/f
# owner: root
# group: root
owner@:read_data/write_data/append_data/execute::allow
user:rtalice:read_data::allow
EOF
}

@test "getrichacl -R --full: sixteen permission columns in the records" {
	mkfile f 600
	setrichacl --set "$ACL1" f
	run -0 getrichacl -R --full f
	assert_output - <<'EOF'
# file: f
# owner: root
# group: root
       owner@:rwpx------------::allow
 user:rtalice:r---------------::allow
EOF
}

@test "getrichacl -R -n: numeric owner, group and ids in the entries" {
	mkdirm t 755
	mkfile t/f 640
	setrichacl --set "$ACL1 group:rtstaff:r::allow" t/f
	chown rtalice:rtstaff t/f
	run -0 getrichacl -R -n t/f
	assert_output - <<'EOF'
# file: t/f
# owner: 30001
# group: 30010
      owner@:rwpx---------::allow
  user:30001:r------------::allow
 group:30010:r------------::allow
EOF
}

@test "owner and group are shown by name" {
	mkfile f 640
	chown rtbob:rtstaff f
	run -0 getrichacl -R f
	assert_output - <<'EOF'
# file: f
# owner: rtbob
# group: rtstaff
 owner@:rwp----------::allow
 group@:r------------::allow
EOF
}

@test "an owner and group without a name are shown as numbers" {
	mkfile f 600
	chown 39999:39998 f
	run -0 getrichacl -R f
	assert_line -n 1 '# owner: 39999'
	assert_line -n 2 '# group: 39998'
}

@test "# flags: shows setuid, setgid and sticky, and is absent otherwise" {
	mkdirm t 755
	mkfile t/u 755
	mkfile t/g 755
	mkfile t/p 755
	mkdirm t/s 1777
	mkdirm t/all 755
	chmod 4755 t/u
	chmod 2755 t/g
	chmod 7755 t/all
	run -0 getrichacl -R t
	run -0 grep -E '^# (file|flags):' <<<"$output"
	assert_output - <<'EOF'
# file: t
# file: t/all
# flags: sst
# file: t/g
# flags: -s-
# file: t/p
# file: t/s
# flags: --t
# file: t/u
# flags: s--
EOF
}

@test "the # flags: line comes after owner and group, before the ACL" {
	mkfile f 600
	chmod 2640 f
	run -0 getrichacl -R f
	assert_output - <<'EOF'
# file: f
# owner: root
# group: root
# flags: -s-
 owner@:rwp----------::allow
 group@:r------------::allow
EOF
}

# --- Path escaping -------------------------------------------------------------

@test "newline, tab and backslash in names are written as \\ooo" {
	mkdirm t 755
	mkfile "t/nl
x" 600
	mkfile "t/tab	x" 600
	mkfile 't/back\x' 600
	run -0 getrichacl -R t
	run -0 file_lines
	assert_output - <<'EOF'
t
t/back\134x
t/nl\012x
t/tab\011x
EOF
}

@test "bytes that are not printable ASCII are written as \\ooo" {
	mkdirm t 755
	mkfile t/$'\xff' 600
	mkfile t/$'\xc3\xa9t\xc3\xa9' 600
	mkfile t/$'\x7f' 600
	mkfile t/$'\x1b[0m' 600
	mkfile t/$'cr\r' 600
	run -0 getrichacl -R t
	run -0 file_lines
	assert_output - <<'EOF'
t
t/\033[0m
t/cr\015
t/\177
t/\303\251t\303\251
t/\377
EOF
}

@test "printable ASCII (space, #, :, quotes) is written as it is" {
	mkdirm t 755
	mkfile "t/a b#c:d'e\"f~" 600
	run -0 getrichacl -R t
	assert_line -n 5 "# file: t/a b#c:d'e\"f~"
}

@test "an escaped name is the header of the right ACL" {
	mkdirm t 755
	mkfile "t/x
y" 600
	setrichacl --set "$ACL1" "t/x
y"
	run -0 getrichacl -R "t/x
y"
	assert_output - <<'EOF'
# file: t/x\012y
# owner: root
# group: root
       owner@:rwpx---------::allow
 user:rtalice:r------------::allow
EOF
}

# --- Absolute names --------------------------------------------------------------

@test "leading / is removed from the records, with one warning" {
	mk_tree
	run --separate-stderr -0 getrichacl -R "$PWD/t/a" "$PWD/t/b"
	assert_equal "$stderr" "getrichacl: Removing leading '/' from absolute path names"
	run -0 file_lines
	assert_output - <<EOF
${PWD#/}/t/a
${PWD#/}/t/a/f1
${PWD#/}/t/b
${PWD#/}/t/b/f2
EOF
}

@test "-p keeps the leading / and gives no warning" {
	mk_tree
	run --separate-stderr -0 getrichacl -R -p "$PWD/t/b"
	assert_equal "$stderr" ""
	run -0 file_lines
	assert_output - <<EOF
$PWD/t/b
$PWD/t/b/f2
EOF
}

@test "--absolute-names is the long form of -p" {
	mk_tree
	run --separate-stderr -0 getrichacl -R --absolute-names "$PWD/t/a/f1"
	assert_equal "$stderr" ""
	assert_line -n 0 "# file: $PWD/t/a/f1"
}

@test "relative names are never changed, even with ./ and .." {
	mk_tree
	cd t/a
	run -0 getrichacl -R ../b ./f1
	run -0 file_lines
	assert_output - <<'EOF'
../b
../b/f2
./f1
EOF
}

# --- Symlinks: -P (default) and -L ----------------------------------------------

# t (mk_tree) plus t/lnk -> ../out, out/secret with ACL1, t/flink -> ../out/secret
mk_links() {
	mk_tree
	mkdirm out 700
	mkfile out/secret 600
	setrichacl --set "$ACL1" out/secret
	ln -s ../out t/lnk
	ln -s ../out/secret t/flink
}

@test "-P is the default: symlinks in the tree are skipped silently" {
	mk_links
	run --separate-stderr -0 getrichacl -R t
	assert_equal "$stderr" ""
	run -0 file_lines
	assert_output - <<'EOF'
t
t/a
t/a/f1
t/b
t/b/f2
t/z
EOF
}

@test "-P gives the same output as the default" {
	mk_links
	getrichacl -R t >default
	run -0 getrichacl -R -P t
	assert_output "$(cat default)"
	run -0 getrichacl -R --physical t
	assert_output "$(cat default)"
}

@test "-P: a symlink given as operand is skipped, exit 0" {
	mk_links
	run --separate-stderr -0 getrichacl -R -P t/lnk t/flink t/z
	assert_equal "$stderr" ""
	run -0 file_lines
	assert_output "t/z"
}

@test "-P: dangling symlinks and symlink loops are skipped silently" {
	mk_tree
	ln -s nowhere t/dangling
	ln -s .. t/a/up
	ln -s l2 t/l1
	ln -s l1 t/l2
	run --separate-stderr -0 getrichacl -R t
	assert_equal "$stderr" ""
	run -0 file_lines
	assert_output - <<'EOF'
t
t/a
t/a/f1
t/b
t/b/f2
t/z
EOF
}

@test "-L follows symlinks to directories and files, named by the link" {
	mk_links
	run -0 getrichacl -R -L t
	run -0 file_lines
	assert_output - <<'EOF'
t
t/a
t/a/f1
t/b
t/b/f2
t/flink
t/lnk
t/lnk/secret
t/z
EOF
	run -0 getrichacl -R -L t/flink
	assert_output - <<'EOF'
# file: t/flink
# owner: root
# group: root
       owner@:rwpx---------::allow
 user:rtalice:r------------::allow
EOF
}

@test "--logical follows a symlink operand" {
	mk_links
	run -0 getrichacl -R --logical t/lnk
	run -0 file_lines
	assert_output - <<'EOF'
t/lnk
t/lnk/secret
EOF
}

@test "-L: a symlink back to an ancestor is reported, exit 1, the rest printed" {
	mk_tree
	ln -s .. t/a/up
	run --separate-stderr -1 getrichacl -R -L t
	assert_equal "${#stderr_lines[@]}" 1
	[[ $stderr == getrichacl:*t/a/up* ]] || fail "message does not name t/a/up: $stderr"
	run -0 file_lines
	assert_output - <<'EOF'
t
t/a
t/a/f1
t/b
t/b/f2
t/z
EOF
}

@test "-L: two symlinks pointing at each other are reported, exit 1, rest printed" {
	mk_tree
	ln -s l2 t/b/l1
	ln -s l1 t/b/l2
	run --separate-stderr -1 getrichacl -R -L t
	[[ $stderr == *t/b/l1* ]] || fail "message does not name t/b/l1: $stderr"
	[[ $stderr == *t/b/l2* ]] || fail "message does not name t/b/l2: $stderr"
	run -0 file_lines
	assert_output - <<'EOF'
t
t/a
t/a/f1
t/b
t/b/f2
t/z
EOF
}

# --- Partial failures ---------------------------------------------------------------

@test "a missing operand is reported, exit 1, the other trees printed" {
	mk_tree
	run --separate-stderr -1 getrichacl -R t/a missing t/b
	[[ $stderr == *missing* ]] || fail "message does not name missing: $stderr"
	run -0 file_lines
	assert_output - <<'EOF'
t/a
t/a/f1
t/b
t/b/f2
EOF
}

@test "getrichacl -R: an unreadable directory is reported, exit 1, the rest printed" {
	mk_alice_tree
	run --separate-stderr -1 as_alice getrichacl -R t
	[[ $stderr == *t/locked* ]] || fail "no message names t/locked: $stderr"
	run -0 file_lines
	refute_line t/locked/hidden
	assert_line -n 0 t
	assert_line t/a
	assert_line t/a/f
	assert_line t/z
	assert_line t/z/g
	run -0 as_alice getrichacl -R t/z
	assert_output - <<'EOF'
# file: t/z
# owner: rtalice
# group: rtalice
    owner@:rwpxd--------::allow
 everyone@:r--x---------::allow

# file: t/z/g
# owner: rtalice
# group: rtalice
     owner@:rwp----------::allow
 user:rtbob:r------------::allow
EOF
}

@test "setrichacl -R: an unreadable directory is reported, exit 1, the rest changed" {
	mk_alice_tree
	run --separate-stderr -1 as_alice setrichacl -R -m 'user:rtbob:rw::allow' t
	[[ $stderr == *t/locked* ]] || fail "no message names t/locked: $stderr"
	run -0 as_alice getrichacl --unaligned t/a/f t/z/g
	assert_output - <<'EOF'
t/a/f:
owner@:rwp::allow
user:rtbob:rw::allow

t/z/g:
owner@:rwp::allow
user:rtbob:rw::allow
EOF
	run -0 stat -c %a t/a/f t/z/g
	assert_output $'660\n660'
	chmod 700 t/locked
	run -0 xattr_hex t/locked/hidden user.richacl
	assert_output none
}

# --- --one-file-system ---------------------------------------------------------------

@test "--one-file-system is accepted; on one file system nothing is left out" {
	mk_tree
	getrichacl -R t >all
	run -0 getrichacl -R --one-file-system t
	assert_output "$(cat all)"
	run -0 setrichacl -R --one-file-system -m 'user:rtbob:r::allow' t
	run -0 getrichacl -R --unaligned t
	assert_equal "$(grep -c '^user:rtbob:r::allow$' <<<"$output")" 6
}

need_mount_ns() {
	unshare -m true 2>/dev/null || skip "cannot create a mount namespace"
	mkdirm t/m 755
}

# Run "$@" in a private mount namespace with a tmpfs on t/m holding
# t/m/inner.
in_mount_ns() {
	unshare -m sh -c 'mount -t tmpfs tmpfs t/m && : >t/m/inner && "$@"' sh "$@"
}

@test "getrichacl --one-file-system does not descend into another file system" {
	mk_tree
	need_mount_ns
	run -0 in_mount_ns getrichacl -R --one-file-system t
	run -0 file_lines
	refute_line t/m/inner
	assert_line t/z
	assert_line t/b/f2
	run -0 in_mount_ns getrichacl -R t
	run -0 file_lines
	assert_line t/m/inner
}

@test "setrichacl --one-file-system leaves another file system alone" {
	mk_tree
	need_mount_ns
	run -0 in_mount_ns sh -c 'setrichacl -R --one-file-system --set "$1" t &&
		{ getfattr -e hex -n trusted.richacl t/m/inner 2>&1; true; }' sh "$ACL1"
	refute_output --partial 'trusted.richacl='
	run -0 xattr_hex t/z
	refute_output none
	run -0 in_mount_ns sh -c 'setrichacl -R --set "$1" t &&
		getfattr -e hex -n trusted.richacl t/m/inner' sh "$ACL1"
	assert_output --partial 'trusted.richacl=0x'
}

# --- setrichacl -R ---------------------------------------------------------------------

ACL2='owner@:rwpx::allow user:rtbob:rx::allow everyone@:r::allow'

@test "setrichacl -R --set: every file and directory of the tree gets the ACL" {
	mk_tree
	mkfile reff 600
	mkdirm refd 700
	setrichacl --set "$ACL2" reff refd
	run -0 setrichacl -R --set "$ACL2" t
	assert_output ""
	for d in t t/a t/b; do
		assert_equal "$(xattr_hex $d)" "$(xattr_hex refd)"
	done
	for f in t/a/f1 t/b/f2 t/z; do
		assert_equal "$(xattr_hex $f)" "$(xattr_hex reff)"
	done
	run -0 stat -c %a t t/a t/b t/a/f1 t/b/f2 t/z
	assert_output $'754\n754\n754\n754\n754\n754'
}

@test "setrichacl -R -m edits each file's own ACL" {
	mk_tree
	run -0 setrichacl -R -m 'user:rtbob:w::allow' t/a t/b/f2
	run -0 getrichacl --unaligned t/a t/a/f1 t/b/f2
	assert_output - <<'EOF'
t/a:
owner@:rwpxd::allow
everyone@:rx::allow
user:rtbob:w::allow

t/a/f1:
owner@:rwpx::allow
user:rtalice:r::allow
user:rtbob:w::allow

t/b/f2:
owner@:rwp::allow
group@:r::allow
user:rtbob:w::allow
EOF
	run -0 xattr_hex t/b
	assert_output none
}

@test "setrichacl without -R changes the directory only" {
	mk_tree
	run -0 setrichacl --set "$ACL2" t
	run -0 xattr_hex t
	refute_output none
	run -0 xattr_hex t/a
	assert_output none
	run -0 getrichacl --unaligned t/a/f1
	assert_output $'t/a/f1:\nowner@:rwpx::allow\nuser:rtalice:r::allow'
}

@test "setrichacl -R --remove removes the ACL of every file" {
	mk_tree
	setrichacl -R --set "$ACL2" t
	run -0 setrichacl -R --remove t
	for f in t t/a t/a/f1 t/b t/b/f2 t/z; do
		assert_equal "$(xattr_hex $f)" none
	done
}

@test "setrichacl -R (-P): symlinks are skipped, their targets unchanged" {
	mk_links
	before=$(tree_snapshot out)
	run --separate-stderr -0 setrichacl -R --set "$ACL2" t
	assert_equal "$stderr" ""
	assert_equal "$(tree_snapshot out)" "$before"
	run -0 xattr_hex t/z
	refute_output none
}

@test "setrichacl -R -P: symlink operands are skipped, exit 0" {
	mk_links
	before=$(tree_snapshot out)
	run --separate-stderr -0 setrichacl -R -P --set "$ACL2" t/lnk t/flink
	assert_equal "$stderr" ""
	assert_equal "$(tree_snapshot out)" "$before"
}

@test "setrichacl -R -L: symlinks are followed, their targets changed" {
	mk_links
	mkfile ref 600
	setrichacl --set "$ACL2" ref
	run -0 setrichacl -R -L --set "$ACL2" t
	run -0 xattr_hex out/secret
	assert_output "$(xattr_hex ref)"
	run -0 stat -c %a out
	assert_output 754
}

@test "setrichacl -R -L: a loop is reported, exit 1, every other file changed" {
	mk_tree
	ln -s .. t/b/up
	run --separate-stderr -1 setrichacl -R -L -m 'user:rtbob:r::allow' t
	[[ $stderr == *t/b/up* ]] || fail "message does not name t/b/up: $stderr"
	run -0 getrichacl -R --unaligned t
	assert_equal "$(grep -c '^user:rtbob:r::allow$' <<<"$output")" 6
}

@test "setrichacl -R: a missing operand is reported, exit 1, the others changed" {
	mk_tree
	run --separate-stderr -1 setrichacl -R --set "$ACL2" missing t/b
	[[ $stderr == *missing* ]] || fail "message does not name missing: $stderr"
	run -0 xattr_hex t/b/f2
	refute_output none
}

@test "setrichacl -R --test: a record per file, nothing changed" {
	mk_tree
	before=$(tree_snapshot t)
	run -0 setrichacl -R --test -m 'user:rtbob:r::allow' t/b
	assert_output - <<'EOF'
# file: t/b
# owner: root
# group: root
     owner@:rwpxd--------::allow
     group@:r--x---------::allow
 user:rtbob:r------------::allow

# file: t/b/f2
# owner: root
# group: root
     owner@:rwp----------::allow
     group@:r------------::allow
 user:rtbob:r------------::allow
EOF
	assert_equal "$(tree_snapshot t)" "$before"
}

@test "--help of both tools lists the recursion options" {
	for tool in getrichacl setrichacl; do
		run -0 $tool --help
		assert_output --partial '-R, --recursive'
		assert_output --partial '-P, --physical'
		assert_output --partial '-L, --logical'
		assert_output --partial '--one-file-system'
	done
	run -0 getrichacl --help
	assert_output --partial '-p, --absolute-names'
}

# --- -j/--jobs: parallel walks give the results of one job ------------------------------

# A wider tree: 8 directories of 20 files, with ACLs on some.
mk_wide_tree() {
	mkdirm w 755
	for d in 0 1 2 3 4 5 6 7; do
		mkdirm w/d$d 755
		(cd w/d$d && touch f{00..19})
	done
	setrichacl --set "$ACL1" w/d?/f?3 w/d?/f?7
	chmod 4755 w/d?/f?5
}

@test "-j: getrichacl -R output and messages are those of one job, in order" {
	mk_wide_tree
	ln -s .. w/d3/up
	getrichacl -R -L -j1 w >one 2>one.err && fail "a cycle must fail"
	run -0 grep -c '^# file:' one
	assert_output 169
	for jobs in 2 4 16; do
		run --separate-stderr -1 getrichacl -R -L -j$jobs w
		assert_equal "$output" "$(cat one)"
		assert_equal "$stderr" "$(cat one.err)"
	done
}

@test "-j: setrichacl -R with several jobs changes what one job changes" {
	mk_wide_tree
	cp -a w w1
	run -0 setrichacl -R -j1 -m 'user:rtbob:r::allow' w1
	run -0 setrichacl -R --jobs=4 -m 'user:rtbob:r::allow' w
	assert_equal "$(cd w && tree_snapshot .)" "$(cd w1 && tree_snapshot .)"
}
