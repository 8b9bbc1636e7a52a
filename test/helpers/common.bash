# common.bash - shared setup for the getrichacl/setrichacl bats suites.
#
# Load with:  load "$TEST_HELPERS/common"
#
# Every test runs in its own empty directory (BATS_TEST_TMPDIR), with the
# C locale (ASCII quotes in messages), umask 022, and ACLs kept in
# trusted.richacl: a stock kernel refuses system.richacl with EOPNOTSUPP.

bats_require_minimum_version 1.5.0

_richacl_load_lib() {
	local name=$1 dir
	for dir in "${BATS_LIB_PATH:-}" /usr/lib/bats /usr/local/lib/bats \
		   /usr/lib /usr/local/lib /usr/share/bats; do
		[ -n "$dir" ] || continue
		if [ -f "$dir/$name/load.bash" ]; then
			load "$dir/$name/load"
			return 0
		fi
	done
	echo "cannot find $name (install the bats-support/bats-assert packages)" >&2
	return 1
}
_richacl_load_lib bats-support
_richacl_load_lib bats-assert

# Test principals.  Created once per machine by ensure_test_principals.
RT_ALICE=rtalice   RT_ALICE_UID=30001
RT_BOB=rtbob       RT_BOB_UID=30002
RT_STAFF=rtstaff   RT_STAFF_GID=30010
RT_OTHER=rtother   RT_OTHER_GID=30011
# rtalice and rtbob have personal groups of the same name and id.

# Create the test users and groups if they are missing.  Idempotent, and
# serialized with flock so that parallel bats files do not race useradd.
ensure_test_principals() {
	local lock=${RICHACL_TEST_LOCK:-/tmp/.richacl-bats-principals.lock}
	(
		flock -w 60 9 || { echo "cannot lock $lock" >&2; exit 1; }
		_rt_group rtalice 30001
		_rt_group rtbob 30002
		_rt_group rtstaff 30010
		_rt_group rtother 30011
		_rt_user rtalice 30001 rtalice
		_rt_user rtbob 30002 rtbob
		if ! id -nG rtalice | tr ' ' '\n' | grep -qx rtstaff; then
			usermod -a -G rtstaff rtalice || exit 1
		fi
	) 9>"$lock"
}

_rt_group() {
	local name=$1 gid=$2 have
	have=$(getent group "$name" | cut -d: -f3)
	if [ -z "$have" ]; then
		groupadd -g "$gid" "$name" || return 1
	elif [ "$have" != "$gid" ]; then
		echo "group $name exists with gid $have, not $gid" >&2
		return 1
	fi
}

_rt_user() {
	local name=$1 uid=$2 group=$3 have
	have=$(getent passwd "$name" | cut -d: -f3)
	if [ -z "$have" ]; then
		useradd -M -N -u "$uid" -g "$group" -d /nonexistent \
			-s /usr/sbin/nologin "$name" || return 1
	elif [ "$have" != "$uid" ]; then
		echo "user $name exists with uid $have, not $uid" >&2
		return 1
	fi
}

# The per-test setup every file uses.
richacl_setup() {
	[ "$(id -u)" = 0 ] || skip "these tests need root (trusted.* xattrs, chown)"
	ensure_test_principals || return 1
	export LC_ALL=C
	unset LANGUAGE RICHACL_LOCALEDIR
	export RICHACL_XATTR_NAME=trusted.richacl
	umask 022
	cd "$BATS_TEST_TMPDIR" || return 1
}

# The value of xattr NAME (default trusted.richacl) of FILE in hex, or
# "none" when the file has no such attribute.
xattr_hex() {
	local file=$1 name=${2:-trusted.richacl} value
	value=$(getfattr --absolute-names -e hex -n "$name" "$file" \
		2>/dev/null | sed -n "s/^$name=//p")
	echo "${value:-none}"
}

# The names of all extended attributes of FILE, sorted, one per line.
xattr_names() {
	getfattr --absolute-names -d -m - "$1" 2>/dev/null |
		sed -n 's/^\([^#=][^=]*\)=.*/\1/p' | sort
}

# "MODE XATTR-HEX" of FILE: what must not change when a command fails.
snapshot() {
	echo "$(stat -c %a "$1") $(xattr_hex "$1")"
}

# Create a regular file / directory with an exact mode.
mkfile() {
	: >"$1" && chmod "$2" "$1"
}
mkdirm() {
	mkdir "$1" && chmod "$2" "$1"
}

# Plant raw bytes (hex, without 0x) as the ACL of FILE.
plant_xattr() {
	setfattr -n "${3:-trusted.richacl}" -v "0x$2" "$1"
}
