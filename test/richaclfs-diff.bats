#!/usr/bin/env bats
# The differential test of richaclfs: for random (ACL, principal,
# operation) triples, the mount's decision must be what `getrichacl
# --access=USER:GROUP...` says the ACL grants that principal (plus the
# owner's implicit rights of seed 002 for chmod, chown, setting the ACL
# and the times).  The generator is test/helpers/richaclfs-diff.c; the
# seed is fixed, and printed with every mismatch, so any failure replays.

load "$TEST_HELPERS/common"
load "$TEST_HELPERS/richaclfs"

SEED=${RICHACLFS_DIFF_SEED:-20261203}
COUNT=${RICHACLFS_DIFF_COUNT:-2400}

setup() {
	fs_setup
	[ -x "$RICHACLFS_HELPER" ] || skip "test/helpers/richaclfs-diff was not built"
	# A working directory that lets everyone search it and nothing else:
	# deleting an object there needs delete on the object itself.
	mkdirm w 711
	setrichacl --set 'owner@:rwpxd::allow everyone@:x::allow' w
}

teardown() {
	fs_teardown
}

# The granted masks, as "NAME SPEC MASK" lines: getrichacl --access once
# per principal, on the backing files, before any operation has run.
granted_masks() {
	local plan=$1 spec names
	for spec in $(awk '{ print $2 }' "$plan" | sort -u); do
		names=$(awk -v s="$spec" -v b="$B/w/" '$2 == s { print b $1 }' "$plan")
		# shellcheck disable=SC2086
		backing_getrichacl --access="$spec" $names |
			awk -v s="$spec" '{ n = split($2, p, "/"); print p[n], s, $1 }' ||
			return 1
	done
}

# For each triple, the expected decision: the owner bit, or one of the
# |-separated alternatives of NEEDED all of whose letters the granted mask
# contains; compared with what the mount decided.
compare() {
	awk -v seed="$SEED" '
		FILENAME == ARGV[1] { granted[$1 " " $2] = $3; next }
		FILENAME == ARGV[2] { got[$1] = $2; next }
		{
			mask = granted[$1 " " $2]
			if (mask == "") { print "no getrichacl answer for " $1 " " $2; bad++; next }
			want = $3 == 1
			n = split($4, alts, "|")
			for (i = 1; i <= n && !want; i++) {
				ok = 1
				for (j = 1; j <= length(alts[i]); j++)
					if (index(mask, substr(alts[i], j, 1)) == 0)
						ok = 0
				want = ok
			}
			if (got[$1] == "E" || want != (got[$1] == "y")) {
				printf "seed %s: %s as %s: %s %s, getrichacl grants %s (needs %s%s)\n",
					seed, $5, $2, $1, got[$1] == "y" ? "allowed" : got[$1] == "n" ? "denied" : "failed",
					mask, $4, $3 == 1 ? " or owner" : ""
				bad++
			}
			total++
			seen[$5 " " got[$1]] = 1
		}
		END {
			for (k in seen) { split(k, a, " "); ops[a[1]] = ops[a[1]] a[2] }
			for (o in ops) if (length(ops[o]) < 2) print o " was only " ops[o]
			printf "%d triples, %d mismatches\n", total, bad
			exit bad != 0
		}
	' "$@"
}

@test "differential: $COUNT random (ACL, principal, operation) triples agree with getrichacl --access" {
	local d=$FS_ROOT
	"$RICHACLFS_HELPER" prepare "$M/w" "$SEED" "$COUNT" >"$d/plan" ||
		return 1
	granted_masks "$d/plan" >"$d/granted"
	"$RICHACLFS_HELPER" attempt "$M/w" "$d/plan" >"$d/got" 2>"$d/errors" || {
		cat "$d/errors"
		return 1
	}
	run compare "$d/granted" "$d/got" "$d/plan"
	echo "$output" | tail -20
	cat "$d/errors"
	assert_success
	assert_output "$COUNT triples, 0 mismatches"
}
