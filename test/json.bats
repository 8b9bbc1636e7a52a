#!/usr/bin/env bats
# getrichacl --json and setrichacl --set-file with JSON (issue 4, item 5;
# the format is in the JSON OUTPUT section of getrichacl(1)).
#
# Exact output where it is short, python3's json module to check that
# every document is valid JSON and to look inside it, and round trips
# through setrichacl that must give back the same xattr bytes.

load "$TEST_HELPERS/common"

setup() {
	richacl_setup
	command -v python3 >/dev/null || skip "python3 not installed"
	# Until --json is wired into getrichacl (then this never skips; the
	# manpages tests fail if --json ever goes missing).
	getrichacl --help | grep -q -- '--json' \
		|| skip "getrichacl has no --json yet"
}

EX1='owner@:rwpx::allow group@:rx::allow user:2000:w::deny everyone@:r::allow'

# Standard input must be one valid JSON document.
json_valid() {
	python3 -c 'import json, sys; json.load(sys.stdin)'
}

# Evaluate the Python expression $1 with d = the JSON document on
# standard input; print the result.
json_eval() {
	python3 -c 'import json, sys
d = json.load(sys.stdin)
print(eval(sys.argv[1]))' "$1"
}

# --- The output ---------------------------------------------------------

@test "--json of a file without an ACL: the documented bytes" {
	mkfile f 644
	run -0 getrichacl --json --numeric-ids f
	assert_output - <<'EOF'
{"files":[
{"name":"f","type":"file","owner":{"uid":0},"group":{"gid":0},"mode":"0644","acl":{"flags":[],"entries":[{"who":"owner@","type":"allow","flags":[],"permissions":["read_data","write_data","append_data"]},{"who":"everyone@","type":"allow","flags":[],"permissions":["read_data"]}]}}
]}
EOF
}

@test "--json of the SPEC example ACL (the man page example)" {
	mkfile f 644
	setrichacl --set "$EX1" f
	run -0 getrichacl --json --numeric-ids f
	assert_output - <<'EOF'
{"files":[
{"name":"f","type":"file","owner":{"uid":0},"group":{"gid":0},"mode":"0754","acl":{"flags":[],"entries":[{"who":"owner@","type":"allow","flags":[],"permissions":["read_data","write_data","append_data","execute"]},{"who":"group@","type":"allow","flags":[],"permissions":["read_data","execute"]},{"who":"user","id":2000,"type":"deny","flags":[],"permissions":["write_data"]},{"who":"everyone@","type":"allow","flags":[],"permissions":["read_data"]}]}}
]}
EOF
}

@test "--json --raw shows the masks" {
	mkfile f 644
	setrichacl --set "$EX1" f
	run -0 getrichacl --json --raw --numeric-ids f
	assert_output --partial '"acl":{"flags":[],"masks":{"owner":["read_data","write_data","append_data","execute"],"group":["read_data","execute"],"other":["read_data"]},"entries":['
}

@test "--json without --raw has no masks once they are applied" {
	mkfile f 644
	setrichacl --set 'flags:mw owner:rwpxCo::mask group:rx::mask other:::mask owner@:rwpx::allow group@:rwx::allow everyone@:rwx::allow' f
	run -0 getrichacl --json --numeric-ids f
	refute_output --partial '"masks"'
	refute_output --partial '"masked"'
	run -0 getrichacl --json --raw --numeric-ids f
	assert_output --partial '"flags":["masked","write_through"],"masks":{'
}

@test "--json hides the always allowed permissions unless --full or --raw" {
	mkfile f 644
	setrichacl --set "owner@:rwpacS::allow user:$RT_BOB:r::allow" f
	run -0 getrichacl --json f
	assert_output --partial '"permissions":["read_data","write_data","append_data"]}'
	run -0 getrichacl --json --full f
	assert_output --partial '"permissions":["read_data","write_data","append_data","read_attributes","read_acl","synchronize"]}'
	run -0 getrichacl --json --raw f
	assert_output --partial '"read_attributes","read_acl","synchronize"]}'
}

@test "--json names users and groups, --numeric-ids does not" {
	mkfile f 644
	chown "$RT_ALICE:$RT_STAFF" f
	setrichacl --set "owner@:rw::allow user:$RT_BOB:r::allow group:$RT_STAFF:r:fd:allow" f
	run -0 getrichacl --json f
	assert_output --partial "\"owner\":{\"uid\":$RT_ALICE_UID,\"name\":\"$RT_ALICE\"},\"group\":{\"gid\":$RT_STAFF_GID,\"name\":\"$RT_STAFF\"}"
	assert_output --partial "{\"who\":\"user\",\"id\":$RT_BOB_UID,\"name\":\"$RT_BOB\",\"type\":\"allow\",\"flags\":[],\"permissions\":[\"read_data\"]}"
	assert_output --partial "{\"who\":\"group\",\"id\":$RT_STAFF_GID,\"name\":\"$RT_STAFF\",\"type\":\"allow\",\"flags\":[\"file_inherit\",\"directory_inherit\"],"
	run -0 getrichacl --json --numeric-ids f
	refute_output --partial '"name":"rt'
	assert_output --partial "{\"who\":\"user\",\"id\":$RT_BOB_UID,\"type\":\"allow\""
}

@test "--json: a directory, its type and the file names of permissions" {
	mkdirm d 2750
	run -0 getrichacl --json --numeric-ids d
	assert_output --partial '{"name":"d","type":"directory",'
	assert_output --partial '"mode":"2750",'
	assert_output --partial '"permissions":["read_data","write_data","append_data","execute","delete_child"]'
	refute_output --partial 'list_directory'
}

@test "--json of several files: one valid document, one line per file" {
	mkfile a 644
	mkfile b 600
	mkdirm c 755
	run -0 getrichacl --json a b c
	assert_equal "${#lines[@]}" 5
	assert_line --index 0 '{"files":['
	assert_line --index 1 --regexp '^\{"name":"a",.*\},$'
	assert_line --index 2 --regexp '^\{"name":"b",.*\},$'
	assert_line --index 3 --regexp '^\{"name":"c",.*\}$'
	assert_line --index 4 ']}'
	getrichacl --json a b c | json_valid
	run -0 json_eval '[f["name"] for f in d["files"]]' < <(getrichacl --json a b c)
	assert_output "['a', 'b', 'c']"
}

@test "--json: any file name comes back exactly from the JSON string" {
	local name=$'new\nline "quoted" back\\slash\ttab \x01 caf\xc3\xa9'
	mkfile "$name" 644
	getrichacl --json -- "$name" >out.json
	json_valid <out.json
	run -0 python3 -c 'import json, sys, os
d = json.load(open("out.json"))
print(os.fsencode(d["files"][0]["name"]) == os.fsencode(sys.argv[1]))' "$name"
	assert_output True
	# Still one line per file.
	run -0 wc -l <out.json
	assert_output 3
}

@test "--json: a name that is not UTF-8 is given as name_hex" {
	local name=$'bad\xff\xfename'
	mkfile "$name" 644
	getrichacl --json -- "$name" >out.json
	json_valid <out.json
	run -0 grep -c '"name_hex":"626164fffe6e616d65"' out.json
	run -0 python3 -c 'import json, sys, os
f = json.load(open("out.json"))["files"][0]
print("name" not in f and bytes.fromhex(f["name_hex"]) == os.fsencode(sys.argv[1]))' "$name"
	assert_output True
}

@test "--json: a file that cannot be read is left out, exit 1, still valid" {
	mkfile a 644
	mkfile c 644
	run --separate-stderr -1 getrichacl --json a missing c
	assert_equal "$stderr" "getrichacl: missing: No such file or directory"
	run -0 json_eval '[f["name"] for f in d["files"]]' < <(getrichacl --json a missing c 2>/dev/null)
	assert_output "['a', 'c']"
}

@test "--json with no readable file writes an empty document" {
	run --separate-stderr -1 getrichacl --json missing
	assert_output '{"files":[]}'
}

@test "--json -R lists the whole tree in walk order" {
	mkdir -p t/sub
	mkfile t/b 644
	mkfile t/sub/a 600
	setrichacl --set 'owner@:rwpx:fd:allow everyone@:r:fd:allow' t/sub
	getrichacl --json -R t >out.json
	json_valid <out.json
	run -0 json_eval '[(f["name"], f["type"]) for f in d["files"]]' <out.json
	assert_output "[('t', 'directory'), ('t/b', 'file'), ('t/sub', 'directory'), ('t/sub/a', 'file')]"
	run -0 json_eval '[e["flags"] for e in d["files"][2]["acl"]["entries"]]' <out.json
	assert_output "[['file_inherit', 'directory_inherit'], ['file_inherit', 'directory_inherit']]"
}

@test "--json -R with --jobs gives the same document as one job" {
	local i
	mkdir t
	for i in $(seq 1 60); do
		mkdir "t/d$i"
		mkfile "t/d$i/f" 640
		mkfile "t/f$i" 600
	done
	setrichacl --set 'owner@:rwpx:fd:allow everyone@:r:fd:allow' t/d3 t/f7
	getrichacl --json -R t >one.json
	getrichacl --json -R -j 4 t >four.json
	json_valid <four.json
	run -0 cmp one.json four.json
}

# --- Reading it back: setrichacl --set-file ------------------------------

@test "--set-file with --json --raw output restores the same xattr bytes" {
	mkfile a 644
	mkfile b 644
	setrichacl --set "flags:a owner:rwpxCo::mask group:rwx::mask other:r::mask owner@:rwpx::allow user:$RT_ALICE:rwx:fd:allow group@:rx::allow everyone@:r::allow" a
	getrichacl --json --raw a >a.json
	run -0 setrichacl --set-file=a.json b
	assert_output ''
	assert_equal "$(xattr_hex b)" "$(xattr_hex a)"
	assert_equal "$(stat -c %a b)" "$(stat -c %a a)"
}

@test "--set-file=- reads JSON from standard input" {
	mkfile a 644
	mkfile b 644
	setrichacl --set "$EX1" a
	getrichacl --json --raw a | setrichacl --set-file=- b
	assert_equal "$(xattr_hex b)" "$(xattr_hex a)"
}

@test "the default --json view sets what the default text view sets" {
	mkfile a 644
	mkfile b 644
	mkfile c 644
	setrichacl --set "flags:mw owner:rwpxCo::mask group:rx::mask other:::mask owner@:rwpx::allow user:$RT_BOB:rwx::allow group@:rwx::allow everyone@:rwx::allow" a
	getrichacl --json a | setrichacl --set-file=- b
	getrichacl a | setrichacl --set-file=- c
	assert_equal "$(snapshot b)" "$(snapshot c)"
	assert_equal "$(getrichacl b | tail -n +2)" "$(getrichacl a | tail -n +2)"
}

@test "--set-file: a hand-written ACL object, names, any order and case" {
	mkfile f 644
	cat >acl.json <<EOF

  {
    "entries": [
      { "type": "allow", "who": "OWNER@", "permissions": ["read_data", "Write_Data", "execute"] },
      { "who": "user", "name": "$RT_ALICE", "type": "deny", "flags": ["file_inherit"],
        "permissions": ["add_file"] },
      { "who": "group", "id": $RT_STAFF_GID, "type": "allow", "permissions": ["list_directory"] }
    ]
  }
EOF
	run -0 setrichacl --set-file=acl.json f
	run -0 getrichacl --numeric-ids f
	assert_output - <<EOF
f:
      owner@:rw-x---------::allow
  user:$RT_ALICE_UID:-w-----------:f:deny
 group:$RT_STAFF_GID:r------------::allow
EOF
}

@test "--set-file: given masks and flags are kept, the others computed" {
	mkfile f 644
	echo '{"flags":["auto_inherit"],"masks":{"group":["read_data"]},"entries":[{"who":"everyone@","type":"allow","permissions":["read_data","write_data"]}]}' >acl.json
	run -0 setrichacl --set-file=acl.json f
	run -0 getrichacl --raw f
	assert_output - <<'EOF'
f:
     flags:a
     owner:rw--------------::mask
     group:r---------------::mask
     other:rw--------------::mask
 everyone@:rw--------------::allow
EOF
}

@test "--set-file with several files in the document uses the first" {
	mkfile a 644
	mkfile b 600
	mkfile c 644
	setrichacl --set "$EX1" a
	getrichacl --json --raw a b >ab.json
	run -0 setrichacl --set-file=ab.json c
	assert_equal "$(xattr_hex c)" "$(xattr_hex a)"
}

@test "--set-file: ACL text that starts with a name line is still text" {
	mkfile a 644
	mkfile b 644
	setrichacl --set "$EX1" a
	getrichacl a >a.txt
	run -0 setrichacl --set-file=a.txt b
	assert_equal "$(xattr_hex b)" "$(xattr_hex a)"
}

# --- Invalid JSON: usage errors, nothing changed --------------------------

@test "--set-file: invalid JSON syntax is a usage error naming file, line, column" {
	mkfile f 644
	before=$(snapshot f)
	printf '{"entries":[\n  {"who":"owner@",}\n]}\n' >bad.json
	run -2 setrichacl --set-file=bad.json f
	assert_output --regexp '^setrichacl: bad\.json:2:19: expected a string \(a key\)$'
	assert_equal "$(snapshot f)" "$before"
}

@test "--set-file: an unknown permission is a usage error" {
	mkfile f 644
	before=$(snapshot f)
	echo '{"entries":[{"who":"owner@","type":"allow","permissions":["fly"]}]}' >bad.json
	run -2 setrichacl --set-file=bad.json f
	assert_output "setrichacl: bad.json:1:59: unknown permission 'fly'"
	assert_equal "$(snapshot f)" "$before"
}

@test "--set-file: unknown keys, duplicates, wrong types are refused" {
	mkfile f 644
	before=$(snapshot f)
	local doc
	for doc in \
	    '{"entries":[],"extra":1}' \
	    '{"entries":[],"entries":[]}' \
	    '{"entries":{}}' \
	    '{"entries":[{"who":"user","id":"7","type":"allow","permissions":[]}]}' \
	    '{"entries":[{"who":"user","id":-7,"type":"allow","permissions":[]}]}' \
	    '{"entries":[{"who":"user","name":"no-such-user-xyz","type":"allow","permissions":[]}]}' \
	    '{"files":[]}' \
	    '{"entries":[]} trailing' \
	    '{"entries":[' \
	    $'{"entries":[],"\xff":1}'; do
		printf '%s' "$doc" >bad.json
		run -2 setrichacl --set-file=bad.json f
		assert_equal "${#lines[@]}" 1
		assert_output --regexp '^setrichacl: bad\.json:[0-9]+:[0-9]+: '
	done
	assert_equal "$(snapshot f)" "$before"
}

@test "--set-file=-: invalid JSON on standard input is a usage error" {
	mkfile f 644
	before=$(snapshot f)
	run -2 setrichacl --set-file=- f <<<'{"entries":[{"who":"nobody@"}]}'
	assert_equal "${#lines[@]}" 1
	assert_output --regexp "^setrichacl: .*1:[0-9]+: unknown who 'nobody@'$"
	assert_equal "$(snapshot f)" "$before"
}

@test "--set-file: JSON with bits no file can store is refused" {
	mkfile f 644
	before=$(snapshot f)
	echo '{"entries":[{"who":"owner@","type":"allow","permissions":["0x800000"]}]}' >bad.json
	run -2 setrichacl --set-file=bad.json f
	assert_output --partial 'cannot be stored'
	assert_equal "$(snapshot f)" "$before"
}

@test "--set-file: deeply nested JSON is refused quickly" {
	mkfile f 644
	python3 -c 'print("{\"entries\":" + "[" * 1000000)' >deep.json
	run -2 timeout 10 setrichacl --set-file=deep.json f
	assert_output "setrichacl: deep.json:1:13: expected an object"
}
