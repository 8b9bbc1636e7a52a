#!/usr/bin/env bats
#
# The bash completion for getrichacl and setrichacl (completion/richacl):
# long options from an option prefix, permission letters inside the ACL
# argument of --set/--modify, and file names otherwise.

load "$TEST_HELPERS/common"

setup ()
{
  export LC_ALL=C
  # shellcheck source=/dev/null
  source "$abs_top_srcdir/completion/richacl"
  cd "$BATS_TEST_TMPDIR" || return 1
}

# complete WORD... : run the completion function as bash would for the
# command line "WORD..." with the cursor at its end, splitting COMP_WORDS
# at white space and at ":" and "=" as the default COMP_WORDBREAKS does.
complete_line ()
{
  local w
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMP_WORDS=()
  for w in "$@"; do
    while [[ $w =~ ^([^:=]*)([:=])(.*)$ ]]; do
      [ -n "${BASH_REMATCH[1]}" ] && COMP_WORDS+=("${BASH_REMATCH[1]}")
      COMP_WORDS+=("${BASH_REMATCH[2]}")
      w=${BASH_REMATCH[3]}
    done
    [ -n "$w" ] && COMP_WORDS+=("$w")
  done
  [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
  COMPREPLY=()
  _richacl_complete "$1"
}

@test "the completion is registered for both tools" {
  run complete -p getrichacl
  assert_success
  assert_output --partial _richacl_complete
  run complete -p setrichacl
  assert_success
  assert_output --partial _richacl_complete
}

@test "getrichacl --nu completes to --numeric-ids" {
  complete_line getrichacl --nu
  [ "${#COMPREPLY[@]}" -eq 1 ]
  [ "${COMPREPLY[0]}" = --numeric-ids ]
}

@test "setrichacl --mod completes to --modify and --modify-file" {
  complete_line setrichacl --mod
  [ "${COMPREPLY[*]}" = "--modify --modify-file" ]
}

@test "the completed options are the options of --help" {
  local tool opt
  for tool in getrichacl setrichacl; do
    complete_line "$tool" --
    for opt in "${COMPREPLY[@]}"; do
      opt=${opt%=}
      run "$tool" --help
      assert_output --partial -- "$opt"
    done
    # and every long option in --help is completed
    for opt in $("$tool" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
      [[ " ${COMPREPLY[*]} " == *" $opt "* ||
         " ${COMPREPLY[*]} " == *" $opt= "* ]] ||
        { echo "$tool: $opt not completed"; return 1; }
    done
  done
}

@test "permission letters after owner@: in --set" {
  complete_line setrichacl --set owner@:
  # bash replaces the last ":" word
  [ "${COMPREPLY[*]}" = ":r :w :p :x :d :D :a :A :R :W :c :C :o :S :e :E" ]
}

@test "permission letters continue a partial mask, without repeats" {
  complete_line setrichacl --modify everyone@:rw
  [ "${#COMPREPLY[@]}" -eq 15 ]
  [ "${COMPREPLY[0]}" = rwp ]
  [ "${COMPREPLY[14]}" = "rw:" ]
  [[ " ${COMPREPLY[*]} " != *" rwr "* ]]
}

@test "permission letters after user:NAME: in --modify=" {
  complete_line setrichacl --modify=user:rtalice:
  [ "${#COMPREPLY[@]}" -eq 16 ]
  # bash replaces the last ":" word
  [ "${COMPREPLY[0]}" = ":r" ]
  [ "${COMPREPLY[15]}" = ":E" ]
}

@test "permission letters in a later entry after group:NAME:" {
  complete_line setrichacl -m owner@:rw::allow,group:rtstaff:x
  [ "${COMPREPLY[0]}" = xr ]
}

@test "no permission letters in the flags field" {
  complete_line setrichacl --set owner@:rw:
  [ "${#COMPREPLY[@]}" -eq 0 ]
}

@test "file names otherwise" {
  touch afile another
  complete_line getrichacl an
  [ "${COMPREPLY[*]}" = another ]
  complete_line setrichacl -m owner@:r a
  [ "$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')" = "afile another " ]
}
