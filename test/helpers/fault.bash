# fault.bash - running the tools with the fault-injection shim
# (test/fault/fault_inject.c; see there for FAULT_FUNC, FAULT_NTH, ...).
#
# Load after common:  load "$TEST_HELPERS/fault"

# The shim, built by make check as a libtool module.
FAULT_SO=${FAULT_SO:-$abs_top_builddir/test/fault/.libs/fault_inject.so}

fault_setup() {
	richacl_setup || return 1
	[ -f "$FAULT_SO" ] || {
		echo "missing $FAULT_SO (make check builds it)" >&2
		return 1
	}
	# Preloading the shim puts it before the ASan runtime of a
	# --enable-sanitizers build, which ASan refuses by default.
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
	unset FAULT FAULT_FUNC FAULT_NTH FAULT_COUNT FAULT_ERRNO FAULT_LOG
}

# with_fault SPEC CMD [ARG]... - run CMD with the shim preloaded and the
# faults of SPEC ("GROUP:NTH[:COUNT[:ERRNO]],...", or "" for none); the
# shim's log goes to $BATS_TEST_TMPDIR/fault.log (emptied first).
with_fault() {
	local spec=$1
	shift
	: >"$BATS_TEST_TMPDIR/fault.log"
	LD_PRELOAD="$FAULT_SO" FAULT="$spec" \
		FAULT_LOG="$BATS_TEST_TMPDIR/fault.log" "$@"
}

# fault_calls GROUP: how many calls of GROUP the last with_fault run made
# (needs a run that exited normally: the count is written at exit).
fault_calls() {
	sed -n "s/^calls $1 //p" "$BATS_TEST_TMPDIR/fault.log"
}

# fault_injected: how many faults the last with_fault run injected.
fault_injected() {
	grep -c '^inject ' "$BATS_TEST_TMPDIR/fault.log"
}
