#!/usr/bin/env bats
# richaclfs: RichACLs enforced through FUSE with the kernel's semantics
# (seeds 002-010).  Each test mounts a fresh backing directory, sets ACLs
# through the mount as root, and tries operations as rtalice (30001, in
# rtstaff 30010) and rtbob (30002).  Files are created by root, so root
# owns them unless a test says otherwise.

load "$TEST_HELPERS/common"
load "$TEST_HELPERS/richaclfs"

setup() {
	fs_setup
}

teardown() {
	fs_teardown
}

# --- the program ------------------------------------------------------------

@test "richaclfs --help and --version" {
	run -0 "$RICHACLFS" --help
	assert_line --partial "[OPTION]... BACKING MOUNTPOINT"
	assert_line --partial "--no-acl-cache"
	run -0 "$RICHACLFS" --version
	assert_line --index 0 --regexp '^richaclfs \(richacl\) '
}

@test "richaclfs refuses a missing operand, default_permissions, and the system.richacl name" {
	run -1 "$RICHACLFS" "$B"
	assert_line --index 0 --regexp "richaclfs: missing operand$"
	run -1 "$RICHACLFS" -o ro,default_permissions "$B" "$M"
	assert_line --index 0 --partial "'default_permissions'"
	run -1 "$RICHACLFS" --xattr-name=system.richacl "$B" "$M"
	assert_line --index 0 --regexp "richaclfs: invalid attribute name 'system.richacl'$"
}

@test "mount inside unshare -m: denied and allowed, and no daemon left behind" {
	mkfile f 600
	setrichacl --set 'owner@:rw::allow user:rtalice:r::allow' f
	cd /
	fs_umount "$M"
	run -0 unshare -m --propagation private sh -c '
		"$1" "$2" "$3" || exit 1
		cd "$3" || exit 1
		setpriv --reuid=30001 --regid=30001 --init-groups cat f >/dev/null &&
			echo alice reads
		setpriv --reuid=30002 --regid=30002 --init-groups cat f 2>&1
		cd / && umount "$3"' sh "$RICHACLFS" "$B" "$M"
	assert_output - <<-'EOF'
	alice reads
	cat: f: Permission denied
	EOF
	# The daemon exits when its mount is gone.
	local n
	for n in $(seq 100); do
		pgrep -f -x "$RICHACLFS $B $M" >/dev/null || break
		sleep 0.05
	done
	run pgrep -f -x "$RICHACLFS $B $M"
	assert_failure
}

@test "richaclfs(8) documents exactly the options of --help, and renders cleanly" {
	local page=$abs_top_srcdir/man/richaclfs.8
	options() { grep -oE -- '(^|[^-[:alnum:]])--?[a-z][a-z-]*' | grep -oE -- '--?[a-z][a-z-]*' | sort -u; }
	run diff <("$RICHACLFS" --help | grep -E '^ +-' | options) \
		<(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$page" | sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' |
		  grep -E '^\.B' | options)
	assert_success
	command -v groff >/dev/null || skip "groff not installed"
	run groff -man -Tutf8 -ww -z "$page"
	assert_success
	assert_output ''
}

# --- lookup, readdir, open ----------------------------------------------------

@test "lookup needs execute on the directory, readdir needs list_directory" {
	mkdirm d 700
	mkfile d/f 644
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:x::allow user:rtbob:r::allow' d
	run -0 as rtalice stat -c %n d/f
	assert_output "d/f"
	run ! as rtalice ls d
	assert_output --partial "Permission denied"
	run -1 as rtbob stat d/f
	assert_output --partial "Permission denied"
	run -1 as rtbob cat d/f
	assert_output --partial "Permission denied"
	# rtbob may list the names, as on a RichACL kernel, but not look them up.
	run as rtbob ls d
	assert_line "f"
	run ! as rtbob sh -c 'cd d'
}

@test "open: read, write and append are distinguished" {
	echo data >f
	setrichacl --set 'owner@:rw::allow user:rtalice:p::allow user:rtbob:w::allow' f
	# rtalice may append, but not write or truncate.
	run -0 as rtalice sh -c 'echo more >>f'
	run ! as rtalice sh -c 'echo new >f'
	run -1 as rtalice dd of=f conv=notrunc status=none </dev/null
	run -1 as rtalice cat f
	# rtbob may write but not append (O_APPEND asks for append_data only).
	run -0 as rtbob dd of=f conv=notrunc status=none </dev/null
	run -0 as rtbob sh -c 'echo new >f'
	run ! as rtbob sh -c 'echo more >>f'
	run -0 cat f
	assert_output "new"
}

@test "O_TRUNC with O_APPEND asks for append only, as in the kernel" {
	echo data >f
	setrichacl --set 'owner@:rw::allow user:rtalice:p::allow' f
	# dd opens with O_WRONLY | O_APPEND | O_TRUNC.
	run -0 as rtalice dd of=f oflag=append status=none </dev/null
	run -0 stat -c %s f
	assert_output "0"
	run ! as rtalice dd of=f status=none </dev/null
}

@test "execute needs execute; root needs an x bit" {
	printf '#!/bin/sh\necho ran\n' >s
	setrichacl --set 'owner@:rwx::allow user:rtalice:rx::allow user:rtbob:r::allow' s
	run -0 as rtalice ./s
	assert_output "ran"
	run -126 as rtbob ./s
	run -0 as rtalice test -x s
	run -1 as rtbob test -x s
	printf '#!/bin/sh\necho ran\n' >t
	chmod 644 t
	run -126 ./t
	chmod 100 t
	run -0 ./t
}

@test "access(2) answers what the operations do" {
	mkfile f 600
	setrichacl --set 'owner@:rw::allow user:rtalice:rw::allow user:rtbob:r::allow' f
	run -0 as rtalice test -r f
	run -0 as rtalice test -w f
	run -0 as rtbob test -r f
	run -1 as rtbob test -w f
}

# --- creating and removing -------------------------------------------------

@test "create, mknod, symlink and link need add_file; mkdir needs add_subdirectory" {
	mkdirm d 755
	mkfile src 644
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:rwx::allow user:rtbob:rpx::allow' d
	run -0 as rtalice touch d/a
	run -0 as rtalice mkfifo d/fifo
	run -0 as rtalice ln -s target d/link
	run -1 as rtalice mkdir d/sub
	run -0 as rtbob mkdir d/sub
	run -1 as rtbob touch d/b
	run -1 as rtbob ln -s target d/link2
	run -1 as rtbob mkfifo d/fifo2
	run -0 stat -c '%U:%G %F' d/a d/fifo d/sub
	assert_output - <<-'EOF'
	rtalice:rtalice regular empty file
	rtalice:rtalice fifo
	rtbob:rtbob directory
	EOF
	run -0 stat -c '%U:%G' "$B/d/link"
	assert_output "rtalice:rtalice"
}

@test "a setgid directory gives its group, and its setgid bit to subdirectories" {
	mkdirm d 2777
	chgrp rtstaff d
	setrichacl --set 'owner@:rwpxd::allow everyone@:rwpx:fd:allow' d
	chmod 2777 d
	run -0 as rtbob mkdir d/sub
	run -0 as rtbob touch d/f
	run -0 stat -c '%U:%G %A' d/sub d/f
	assert_output - <<-'EOF'
	rtbob:rtstaff drwxrwsrwx
	rtbob:rtstaff -rw-rw-rw-
	EOF
}

@test "link needs add_file, and the kernel's protected hardlinks" {
	mkdirm d 755
	mkfile d/mine 644
	chown rtalice d/mine
	mkfile d/other 600
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:wx::allow everyone@:x::allow' d
	run -0 as rtalice ln d/mine d/mine2
	run -1 as rtalice ln d/other d/other2
	run -1 as rtbob ln d/mine d/mine3
}

@test "unlink and rmdir: delete_child on the directory, or delete on the object" {
	mkdirm d 755
	mkfile d/a 644
	mkfile d/b 644
	mkfile d/c 644
	mkdirm d/sub 755
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:wxd::allow everyone@:x::allow' d
	setrichacl --set 'owner@:rw::allow user:rtbob:D::allow' d/b
	setrichacl --set 'owner@:rwpxd::allow user:rtbob:D::allow' d/sub
	run -0 as rtalice rm -f d/a
	run -1 as rtbob rm -f d/c
	assert_output --partial "Permission denied"
	run -0 as rtbob rm -f d/b
	run -0 as rtbob rmdir d/sub
	run -0 ls d
	assert_output "c"
}

@test "delete on the object still needs execute on the directory" {
	mkdirm d 755
	mkfile d/a 644
	setrichacl --set 'owner@:rwpxd::allow user:rtbob:r::allow' d
	setrichacl --set 'owner@:rw::allow user:rtbob:D::allow' d/a
	run -1 as rtbob rm -f d/a
	run -0 test -e d/a
}

@test "sticky directory: only the owners of the entry or the directory remove it" {
	mkdirm d 1777
	setrichacl --set 'owner@:rwpxd::allow everyone@:rwpxd::allow' d
	chmod +t d
	run -0 as rtbob touch d/bobs
	run -0 as rtalice touch d/alices
	run -1 as rtalice rm -f d/bobs
	assert_output --partial "Operation not permitted"
	run -0 as rtalice rm -f d/alices
	run -0 rm -f d/bobs
}

@test "rename: add_file or add_subdirectory by the type that lands in the directory" {
	mkdirm from 755
	mkdirm to 755
	mkfile from/f 644
	mkdirm from/sub 755
	setrichacl --set 'owner@:rwpxd::allow everyone@:xd::allow' from
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:wx::allow user:rtbob:px::allow' to
	setrichacl --set 'owner@:rwpxd::allow everyone@:w::allow' from/sub
	run -0 as rtalice mv from/f to/f
	run -1 as rtalice mv from/sub to/sub
	run -0 as rtbob mv from/sub to/sub
	run -1 as rtbob mv to/f from/f
}

@test "rename: a directory changing parents needs write on itself" {
	mkdirm from 755
	mkdirm to 755
	mkdirm from/sub 755
	setrichacl --set 'owner@:rwpxd::allow everyone@:xd::allow' from
	setrichacl --set 'owner@:rwpxd::allow everyone@:px::allow' to
	run -1 as rtbob mv from/sub to/sub
	setrichacl --set 'owner@:rwpxd::allow user:rtbob:w::allow' from/sub
	run -0 as rtbob mv from/sub to/sub
}

@test "rename: replacing a file needs to delete it and add the new one" {
	mkdirm d 755
	mkfile d/a 644
	mkfile d/b 644
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:xd::allow user:rtbob:wxd::allow' d
	run -1 as rtalice mv d/a d/b
	run -0 as rtbob mv d/a d/b
	run -0 ls d
	assert_output "b"
}

@test "RENAME_NOREPLACE and RENAME_EXCHANGE" {
	mkdirm d1 755
	mkdirm d2 755
	mkfile d1/f 644
	mkdirm d2/sub 755
	setrichacl --set 'owner@:rwpxd::allow everyone@:x::allow user:rtbob:w::allow' d1/sub 2>/dev/null || true
	setrichacl --set 'owner@:rwpxd::allow everyone@:wpxd::allow' d2/sub
	# d1 receives a directory, d2 a file.
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:pxd::allow user:rtbob:wxd::allow' d1
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:wxd::allow user:rtbob:pxd::allow' d2
	run -1 as rtalice "$RICHACLFS_HELPER" rename d1/f d2/sub noreplace
	assert_output "rename: File exists"
	run -1 as rtbob "$RICHACLFS_HELPER" rename d1/f d2/sub exchange
	run -0 as rtalice "$RICHACLFS_HELPER" rename d1/f d2/sub exchange
	run -0 stat -c %F d1/f d2/sub
	assert_output - <<-'EOF'
	directory
	regular empty file
	EOF
}

# --- attributes -------------------------------------------------------------

@test "chmod: the owner, or write_acl" {
	mkfile f 644
	chown rtbob f
	setrichacl --set 'owner@:rw::allow user:rtalice:C::allow' f
	run -0 as rtalice chmod 640 f
	run -0 as rtbob chmod 600 f
	# The new group mask no longer lets write_acl through (seed 008).
	run -1 as rtalice chmod 644 f
	mkfile g 644
	run -1 as rtalice chmod 600 g
	assert_output --partial "Operation not permitted"
}

@test "chmod updates the file masks of the ACL (seed 008)" {
	mkfile f 644
	setrichacl --set 'owner@:rwx::allow user:rtalice:rw::allow everyone@:r::allow' f
	chmod 640 f
	run -0 getrichacl --raw f
	assert_output - <<-'EOF'
	f:
	        flags:mw
	        owner:rwp-------------::mask
	        group:r---------------::mask
	        other:----------------::mask
	       owner@:rw-x------------::allow
	 user:rtalice:rw--------------::allow
	    everyone@:r---------------::allow
	EOF
	run -0 as rtalice cat f
	run ! as rtalice sh -c 'echo x >f'
	run -1 as rtbob cat f
}

@test "chown: giving away needs root; taking ownership needs write_owner" {
	mkfile f 644
	chown rtbob f
	setrichacl --set 'owner@:rw::allow user:rtalice:o::allow' f
	run -1 as rtbob chown rtalice f
	run -0 as rtalice chown rtalice f
	run -0 stat -c %U f
	assert_output "rtalice"
	mkfile g 644
	setrichacl --set 'owner@:rw::allow user:rtalice:o::allow' g
	run -1 as rtalice chown rtbob g
	# chgrp to a group the caller is in: the owner, or write_owner.
	run -0 as rtalice chgrp rtstaff g
	run -1 as rtbob chgrp rtbob g
	run -0 stat -c %U:%G f g
	assert_output - <<-'EOF'
	rtalice:root
	root:rtstaff
	EOF
}

@test "utimens: explicit times need the owner or write_attributes, now also write_data" {
	mkfile f 644
	setrichacl --set 'owner@:rw::allow user:rtalice:A::allow user:rtbob:w::allow' f
	run -0 as rtalice touch -d 2001-01-01 f
	run -1 as rtbob touch -d 2001-01-01 f
	assert_output --partial "Operation not permitted"
	run -0 as rtbob touch f
	run -0 as rtalice touch f
	mkfile g 644
	run -1 as rtbob touch g
}

@test "truncate needs write_data" {
	echo data >f
	setrichacl --set 'owner@:rw::allow user:rtalice:w::allow user:rtbob:p::allow' f
	run -0 as rtalice truncate -s 2 f
	run -1 as rtbob truncate -s 1 f
	run -0 stat -c %s f
	assert_output "2"
}

# --- extended attributes ------------------------------------------------------

@test "system.richacl: reading is always allowed, setting needs the owner or write_acl" {
	mkfile f 600
	setrichacl --set 'owner@:rw::allow user:rtalice:C::allow' f
	run -0 as rtbob getrichacl f
	assert_output - <<-'EOF'
	f:
	       owner@:rw-----------::allow
	 user:rtalice:---------C---::allow
	EOF
	run -1 as rtbob setrichacl --modify 'user:rtbob:r::allow' f
	run -0 as rtalice setrichacl --modify 'user:rtbob:r::allow' f
	run -0 as rtbob cat f
	run -0 as rtalice setrichacl --remove f
	run -0 stat -c %a f
	assert_output "640"
	run -1 as rtbob cat f
}

@test "other xattrs need read_named_attrs and write_named_attrs; trusted.* is root's" {
	mkfile f 644
	setfattr -n user.note -v hello f
	setrichacl --set 'owner@:rw::allow user:rtalice:RW::allow everyone@:r::allow' f
	run -0 as rtalice getfattr -n user.note --only-values f
	assert_output "hello"
	run -0 as rtalice setfattr -n user.note -v bye f
	run -1 as rtbob getfattr -n user.note f
	run -1 as rtbob setfattr -n user.note -v no f
	run -1 as rtalice setfattr -n trusted.x -v 1 f
	run -0 getfattr -n user.note --only-values f
	assert_output "bye"
	run -1 as rtbob setfattr -x user.note f
	run -0 as rtalice setfattr -x user.note f
	run -1 getfattr -n user.note f
}

@test "the backing name is hidden, POSIX ACLs are refused" {
	mkfile f 644
	setrichacl --set 'owner@:rw::allow user:rtalice:r::allow' f
	run -0 getfattr -d -m - f
	assert_output --partial "system.richacl"
	refute_output --partial "trusted.richacl"
	run -1 getfattr -n trusted.richacl f
	run -1 setfattr -n trusted.richacl -v 0x00 f
	run -1 setfacl -m u:rtbob:r f
}

# --- semantics --------------------------------------------------------------

@test "setting an ACL sets the mode from the masks; the tools agree on both sides" {
	mkfile f 644
	setrichacl --set 'owner@:rwpx::allow group@:rx::allow user:rtbob:w::deny everyone@:r::allow' f
	run -0 stat -c %a f "$B/f"
	assert_output - <<-'EOF'
	754
	754
	EOF
	diff <(getrichacl f | tail -n +2) <(backing_getrichacl "$B/f" | tail -n +2)
	# An ACL equivalent to a mode is stored as the mode alone.
	setrichacl --set 'owner@:rwp::allow group@:r::allow everyone@:r::allow' f
	run -0 xattr_hex "$B/f"
	assert_output "none"
	run -0 stat -c %a f
	assert_output "644"
}

@test "deny entries, and masks limiting the group class" {
	mkfile f 644
	setrichacl --set 'user:rtbob:r::deny everyone@:r::allow owner@:rw::allow' f
	run -1 as rtbob cat f
	run -0 as rtalice cat f
	setrichacl --set 'group:rtstaff:rw::allow owner@:rw::allow group:rtstaff:r::mask' f 2>/dev/null ||
		setrichacl --set 'flags:m owner:rw::mask group:r::mask other:::mask group:rtstaff:rw::allow owner@:rw::allow' f
	run -0 as rtalice cat f
	run ! as rtalice sh -c 'echo x >f'
}

@test "a file without a stored ACL behaves as its mode" {
	mkfile f 640
	chgrp rtstaff f
	run -0 as rtalice cat f
	run -1 as rtbob cat f
	run ! as rtalice sh -c 'echo x >f'
	mkfile g 604
	chgrp rtstaff g
	# In the owning group: the group bits decide, even when other has more.
	run -1 as rtalice cat g
	run -0 as rtbob cat g
}

@test "create-time inheritance: the inherited ACL, the create mode, no umask" {
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:rwpx:fd:allow' d
	umask 077
	touch d/f
	mkdir d/sub
	run -0 getrichacl d/f d/sub
	assert_output - <<-'EOF'
	d/f:
	 user:rtalice:rwp----------::allow

	d/sub:
	 user:rtalice:rwpx---------:fd:allow

	EOF
	run -0 stat -c %a d/f d/sub
	assert_output - <<-'EOF'
	660
	770
	EOF
	run -0 as rtalice sh -c 'echo x >d/f'
	run -1 as rtbob cat d/f
}

@test "create-time: the umask applies when nothing is inherited" {
	mkdirm d 777
	umask 027
	touch d/f
	mkdir d/sub
	run -0 stat -c %a d/f d/sub
	assert_output - <<-'EOF'
	640
	750
	EOF
	run -0 xattr_hex "$B/d/f"
	assert_output "none"
}

@test "automatic inheritance: inherited entries are marked, the new ACL protected" {
	mkdirm d 755
	setrichacl --set 'flags:a owner@:rwpxd::allow user:rtalice:x::allow user:rtalice:rw:f:allow' d
	touch d/f
	run -0 getrichacl --raw d/f
	assert_output - <<-'EOF'
	d/f:
	        flags:map
	        owner:rw--------------::mask
	        group:rw--------------::mask
	        other:----------------::mask
	 user:rtalice:rw--------------:a:allow
	EOF
	run -0 as rtalice cat d/f
}

@test "chmod of an automatically inherited ACL protects it (seed 010)" {
	mkfile f 644
	setrichacl --set 'flags:a owner@:rw::allow user:rtalice:r::allow' f
	run -0 getrichacl --raw f
	assert_line --index 1 --regexp '^ +flags:a$'
	chmod 640 f
	run -0 getrichacl --raw f
	assert_line --index 1 --regexp '^ +flags:mwap$'
}

@test "the ACL cache sees changes made directly in the backing directory" {
	mkfile f 600
	setrichacl --set 'owner@:rw::allow user:rtalice:r::allow' f
	run -0 as rtalice cat f
	setrichacl --xattr-name=trusted.richacl --set 'owner@:rw::allow user:rtalice:r::deny' "$B/f"
	run -1 as rtalice cat f
	setrichacl --xattr-name=trusted.richacl --set 'owner@:rw::allow user:rtalice:r::allow' "$B/f"
	run -0 as rtalice cat f
	chmod 600 "$B/f"
	run -1 as rtalice cat f
	chmod 640 "$B/f"
	chown rtalice "$B/f"
	run -0 as rtalice sh -c 'echo x >f'
}

@test "the cache can be turned off: --no-acl-cache gives the same answers" {
	cd /
	fs_umount "$M"
	fs_mount "$B" "$M" --no-acl-cache
	cd "$M"
	mkfile f 600
	setrichacl --set 'owner@:rw::allow user:rtalice:r::allow' f
	run -0 as rtalice cat f
	run -1 as rtbob cat f
}

@test "root reads and writes regardless of the ACL" {
	mkfile f 000
	setrichacl --set 'user:rtalice:r::allow' f
	run -0 cat f
	run -0 sh -c 'echo x >f'
	mkdirm d 000
	run -0 touch d/f
	run -0 ls d
}

# --- names in the kernel's cache (--entry-timeout) ----------------------------

# Three times in a row, rtalice may look PATH up and rtbob is refused:
# nothing rtalice's lookups left in the kernel lets him through.
alice_finds_bob_refused() {
	local i
	for i in 1 2 3; do
		run -0 as rtalice stat -c %n "$1"
		assert_output "$1"
		run -1 as rtbob stat "$1"
		assert_output --partial "Permission denied"
	done
}

# Remount with OPTIONS.
remount() {
	cd /
	fs_umount "$M"
	fs_mount "$B" "$M" "$@"
	cd "$M"
}

@test "without --entry-timeout, a narrowed search permission applies at once" {
	mkdirm d 755
	mkfile d/f 644
	run -0 as rtbob stat -c %n d/f
	chmod 700 d
	run -1 as rtbob stat d/f
	assert_output --partial "Permission denied"
	chmod 755 d
	setrichacl --set 'owner@:rwpxd::allow user:rtbob:x::deny everyone@:x::allow' d
	run -1 as rtbob stat d/f
}

@test "--entry-timeout: a directory that only some may search is never cached" {
	remount --entry-timeout=60
	mkdirm d 700
	setrichacl --set 'owner@:rwpxd::allow user:rtalice:x::allow' d
	mkfile d/f 644
	alice_finds_bob_refused d/f
}

@test "--entry-timeout: everyone@ may search but one user is denied: never cached" {
	remount --entry-timeout=60
	mkdirm d 755
	setrichacl --set 'owner@:rwpxd::allow user:rtbob:x::deny everyone@:x::allow' d
	mkfile d/f 644
	alice_finds_bob_refused d/f
	# A file mask without execute for others: not cached either.
	mkdirm e 755
	setrichacl --set 'owner@:rwpxd::allow group@:x::allow everyone@:x::allow' e
	chmod 710 e
	mkfile e/f 644
	run -0 stat -c %n e/f
	run -1 as rtbob stat e/f
	assert_output --partial "Permission denied"
}

@test "--entry-timeout: names in a directory anyone may search are served, and open still checks the ACL" {
	remount --entry-timeout=60
	mkdirm d 755
	echo data >d/f
	setrichacl --set 'owner@:rw::allow user:rtalice:r::allow' d/f
	local i
	for i in 1 2 3; do
		run -0 as rtalice cat d/f
		assert_output data
		run -1 as rtbob cat d/f
		assert_output --partial "Permission denied"
	done
	# What the option trades: a name looked up before a directory's
	# search permission is narrowed stays usable until it times out.
	run -0 as rtbob stat -c %n d/f
	chmod 700 d
	run -0 as rtbob stat -c %n d/f
	run ! as rtbob ls d
	assert_output --partial "Permission denied"
}

@test "--entry-timeout takes 0 to 3600 seconds" {
	run -1 "$RICHACLFS" --entry-timeout=soon "$B" "$M"
	assert_line --index 0 --regexp "richaclfs: invalid number of seconds 'soon'$"
	run -1 "$RICHACLFS" --entry-timeout=3601 "$B" "$M"
	assert_line --index 0 --partial "'3601'"
	run -1 "$RICHACLFS" --entry-timeout=-1 "$B" "$M"
	assert_line --index 0 --partial "'-1'"
}
