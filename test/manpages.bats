#!/usr/bin/env bats
#
# The manual pages document exactly the options that the tools accept:
# the OPTIONS section of getrichacl(1) and setrichacl(1) names the same
# short and long options as `--help`, and every long option mentioned
# anywhere in the pages exists.  Also: the pages render without warnings
# and have the sections every tool page must have.

load "$TEST_HELPERS/common"

MAN=$abs_top_srcdir/man

setup ()
{
  export LANGUAGE= LC_ALL=C
}

# The long options in standard input: "--name" not preceded by a letter
# or dash (so that the permission columns "r--x---" do not count).
long_options ()
{
  grep -oE -- '(^|[^-[:alnum:]])--[a-z][a-z-]*' | grep -oE -- '--[a-z][a-z-]*'
}

# Roff source to plain text, enough for finding option names.
unroff ()
{
  sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' -e 's/\\&//g' \
      -e 's/\\(aq/'"'"'/g' "$@"
}

# Option names in --help: "-x" of the option lines, every "--name".
help_options ()
{
  local help
  help=$("$1" --help) || return 1
  {
    long_options <<<"$help"
    grep -oE '^ +-[A-Za-z],' <<<"$help" | tr -d ' ,'
  } | sort -u
}

# Option names in the OPTIONS section of a man page.
man_options ()
{
  local text
  text=$(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$1" | sed '$d' | unroff)
  {
    long_options <<<"$text"
    grep -oE -- '(^|[ (,])-[A-Za-z]([^-[:alnum:]]|$)' <<<"$text" \
      | grep -oE -- '-[A-Za-z]'
  } | sort -u
}

same_options ()
{
  local tool=$1 page=$MAN/$1.1
  run diff <(help_options "$tool") <(man_options "$page")
  [ "$status" -eq 0 ] \
    || fail "$tool: options differ (< only in --help, > only in $tool.1):
$output"
}

@test "getrichacl(1) lists exactly the options of getrichacl --help" {
  same_options getrichacl
}

@test "setrichacl(1) lists exactly the options of setrichacl --help" {
  same_options setrichacl
}

@test "the extraction finds the options (a check that cannot pass empty)" {
  run help_options setrichacl
  assert_line -- '--set'
  assert_line -- '-S'
  assert_line -- '--xattr-name'
  run man_options "$MAN/getrichacl.1"
  assert_line -- '--access'
  assert_line -- '-n'
}

@test "every long option the pages mention exists" {
  local known page opt bad=
  known=$( { help_options getrichacl; help_options setrichacl; } | sort -u)
  for page in "$MAN"/getrichacl.1 "$MAN"/setrichacl.1 "$MAN"/richacl.7; do
    for opt in $(unroff "$page" | long_options | sort -u); do
      grep -qxF -- "$opt" <<<"$known" || bad="$bad ${page##*/}:$opt"
    done
  done
  [ -z "$bad" ] || fail "unknown options:$bad"
}

@test "the tool pages document exit status, environment and see also" {
  local page
  for page in "$MAN"/getrichacl.1 "$MAN"/setrichacl.1; do
    run unroff "$page"
    assert_line '.SH EXIT STATUS'
    assert_line '.SH ENVIRONMENT'
    assert_line '.B RICHACL_XATTR_NAME'
    assert_output --partial 'trusted.richacl'
    assert_output --partial 'POSIX ACL'
    assert_line '.SH SEE ALSO'
    for ref in 'richacl (7)' 'chmod (1)' 'setfacl (1)' 'nfs4_setfacl (1)'; do
      assert_output --partial ".BR $ref"
    done
  done
}

@test "the pages render without warnings" {
  command -v groff >/dev/null || skip "groff not installed"
  local page
  for page in "$MAN"/getrichacl.1 "$MAN"/setrichacl.1 "$MAN"/richacl.7; do
    run groff -man -Tutf8 -ww -z "$page"
    assert_success
    assert_output ''
  done
}
