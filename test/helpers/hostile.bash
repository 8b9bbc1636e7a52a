# hostile.bash - trees that change under a walk, and a sentinel directory
# outside them that no walk may read or write (test/hostile.bats,
# test/old_kernel.bats).
#
# Load after common:  load "$TEST_HELPERS/hostile"
# The caller's setup sets RACERS=() and its teardown calls stop_races.

SWAP_RACE=$abs_top_builddir/test/helpers/swap_race
# Iterations of each racing loop (each runs a tool once).
HOSTILE_ITERATIONS=${HOSTILE_ITERATIONS:-150}

# The sentinel's ACL: owner@:rw::allow user:30002:rwx::allow group@:r::allow
# (mode 770).
OUTSIDE_ACL_HEX=0x00000300230000002300000000000000000000400300000000000000000000002300000032750000000000400100000001000000

# make_outside DIR: the sentinel tree, with known ACLs and modes.
make_outside() {
	local out=$1
	mkdir -p "$out/SENTINEL-sub"
	: >"$out/SENTINEL-file"
	: >"$out/SENTINEL-sub/SENTINEL-deep"
	chmod 770 "$out" "$out/SENTINEL-sub" "$out/SENTINEL-file" \
		"$out/SENTINEL-sub/SENTINEL-deep"
	local f
	for f in "$out" "$out/SENTINEL-sub" "$out/SENTINEL-file" \
		 "$out/SENTINEL-sub/SENTINEL-deep"; do
		setfattr -n "${RICHACL_XATTR_NAME:-trusted.richacl}" \
			-v "$OUTSIDE_ACL_HEX" "$f"
	done
	# A file whose ACL bytes are invalid: reading them at all makes
	# either tool report the file (by a name with SENTINEL in it).
	: >"$out/SENTINEL-garbage"
	setfattr -n "${RICHACL_XATTR_NAME:-trusted.richacl}" -v 0xdeadbeef \
		"$out/SENTINEL-garbage"
}

# outside_state DIR: everything about DIR that a read-only or write access
# through the tools could change: each file's mode, ctime (nanoseconds)
# and every xattr.
outside_state() {
	find "$1" -printf '%p %m %C@ %i\n' | sort
	getfattr -R -P -h -d -m - -e hex --absolute-names "$1" 2>/dev/null
}

# refute_sentinel: the last output does not name anything outside.
refute_sentinel() {
	if [[ "$output$stderr" == *SENTINEL* || "$output$stderr" == *outside* ]]; then
		fail "the walk reached outside the tree: $output $stderr"
	fi
}

# start_race A B: swap A and B in the background until teardown.
start_race() {
	"$SWAP_RACE" -t 300 "$1" "$2" >/dev/null 3>&- &
	RACERS+=($!)
}

# stop_races: stop the background processes of this test (each was
# started directly, so that its pid is the process to kill).
stop_races() {
	local pid
	for pid in "${RACERS[@]}"; do
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	done
	RACERS=()
}

# A tree with a few levels; DIR is the directory the race swaps.
make_tree() {
	local t=$1 d
	mkdir -p "$t"
	for d in a a/b dir dir/sub z; do
		mkdir -p "$t/$d"
		: >"$t/$d/f1"
		: >"$t/$d/f2"
	done
	: >"$t/file"
}
