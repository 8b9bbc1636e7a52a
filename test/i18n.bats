#!/usr/bin/env bats
#
# The tools speak German when asked to: messages of the tools, of
# tools/common and of the library's parser all come from po/de.po.
#
# The catalog under test is the build tree's (po/de.gmo, which gettext's
# po/Makefile writes next to de.po); when there is none, or it is older than
# de.po, de.po is compiled with msgfmt.  The tools find it through
# RICHACL_LOCALEDIR (see init_locale in tools/common/messages.c), so nothing
# needs to be installed.  The de_DE.UTF-8 locale is generated when missing
# (root only; otherwise the locale-dependent tests are skipped).

load "$TEST_HELPERS/common"

# Make sure de_DE.UTF-8 exists; serialized, since several test files may
# try at the same time.
ensure_german_locale ()
{
  has_locale () { locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\?8'; }
  has_locale && return 0
  [ "$(id -u)" = 0 ] && [ -f /etc/locale.gen ] && command -v locale-gen >/dev/null \
    || return 1
  (
    flock 9
    has_locale && exit 0
    sed -i 's/^# *de_DE.UTF-8/de_DE.UTF-8/' /etc/locale.gen && locale-gen >/dev/null
  ) 9>/tmp/.richacl-locale-gen.lock
  has_locale
}

# Put the German catalog where the tools will look: $1/de/LC_MESSAGES.
install_catalog ()
{
  local dir=$1/de/LC_MESSAGES po=$abs_top_srcdir/po/de.po gmo

  mkdir -p "$dir"
  for gmo in "$abs_top_builddir/po/de.gmo" "$abs_top_srcdir/po/de.gmo"; do
    if [ -f "$gmo" ] && ! [ "$po" -nt "$gmo" ]; then
      cp "$gmo" "$dir/richacl.mo"
      return 0
    fi
  done
  command -v msgfmt >/dev/null && msgfmt -o "$dir/richacl.mo" "$po"
}

setup_file ()
{
  if ensure_german_locale; then
    export GERMAN_LOCALE=yes
  fi
  if install_catalog "$BATS_FILE_TMPDIR/locale"; then
    export RICHACL_LOCALEDIR=$BATS_FILE_TMPDIR/locale
  fi
}

setup ()
{
  [ -n "${RICHACL_LOCALEDIR:-}" ] || skip "no German catalog (po/de.gmo) and no msgfmt"
  [ -n "${GERMAN_LOCALE:-}" ] || skip "locale de_DE.UTF-8 missing and cannot be generated"
  cd "$BATS_TEST_TMPDIR"
  export RICHACL_XATTR_NAME=trusted.richacl
}

german ()
{
  LANGUAGE=de LC_ALL=de_DE.UTF-8 "$@"
}

@test "setrichacl --help is German" {
  run german setrichacl --help
  assert_success
  assert_line --index 0 --regexp '^Aufruf: .*setrichacl \[OPTION\]\.\.\. \{--set=ACL\|--set-file=DATEI\|--remove\} DATEI\.\.\.$'
  assert_line 'Die Rich Access Control List (RichACL) jeder DATEI ändern.'
  assert_line '  -s, --set=ACL          die ACL durch ACL ersetzen'
  assert_line '      --help             diese Hilfe anzeigen und beenden'
  assert_line --partial 'Rückgabewert: 0 wenn alles in Ordnung ist'
}

@test "getrichacl --help is German" {
  run german getrichacl --help
  assert_success
  assert_line --index 0 --regexp '^Aufruf: .*getrichacl \[OPTION\]\.\.\. DATEI\.\.\.$'
  assert_line 'Die Rich Access Control List (RichACL) jeder DATEI anzeigen.'
  assert_line '  -l, --long             Berechtigungen und Flags mit Namen anzeigen'
  assert_line '      --version          Versionsinformation anzeigen und beenden'
}

@test "the C locale stays English" {
  run env LANGUAGE= LC_ALL=C setrichacl --help
  assert_success
  assert_line --index 0 --regexp '^Usage: '
  refute_output --partial 'Aufruf'
}

@test "a usage error is German" {
  run german setrichacl f
  assert_failure 2
  assert_line --index 0 --regexp 'setrichacl: keine Aktion angegeben: verwenden Sie --set, --set-file, --remove, --restore oder Änderungen wie --modify$'
  assert_line --index 1 '„setrichacl --help“ liefert weitere Informationen.'
}

@test "a missing operand is German" {
  run german getrichacl
  assert_failure 2
  assert_line --index 0 --regexp 'getrichacl: fehlender Dateioperand$'
}

@test "a parse error from the library is German" {
  touch f
  run german setrichacl --set 'owner@:rwz::allow' f
  assert_failure 2
  assert_output --partial 'ungültige Berechtigung'
  assert_output --partial '„owner@:rwz::allow“'
}

@test "an invalid --xattr-name is German" {
  run german getrichacl --xattr-name=richacl f
  assert_failure 2
  assert_line --index 0 --regexp 'getrichacl: ungültiger Name „richacl“ für ein erweitertes Attribut$'
}

@test "quotes and gnulib messages are German too" {
  run german getrichacl --access=no-such-user-xyz f
  assert_failure 2
  assert_line --index 0 --regexp 'getrichacl: ungültiger Benutzer „no-such-user-xyz“$'
  run german getrichacl --version
  assert_success
  assert_line --regexp '^Geschrieben von '
}

@test "po/de.po translates every message of the current sources" {
  command -v xgettext >/dev/null && command -v msgmerge >/dev/null \
    || skip "gettext tools not installed"
  grep -v '^#' "$abs_top_srcdir/po/POTFILES.in" >files
  xgettext --directory="$abs_top_srcdir" --files-from=files \
    --keyword=_ --keyword=N_ --from-code=UTF-8 \
    --flag=error:3:c-format --flag=parse_error:2:c-format -o richacl.pot
  msgmerge --quiet -o merged.po "$abs_top_srcdir/po/de.po" richacl.pot
  run msgfmt -c --statistics -o /dev/null merged.po
  assert_success
  assert_output --regexp '^[0-9]+ translated messages\.$'
}

@test "po/POTFILES.in lists every source file with translatable strings" {
  cd "$abs_top_srcdir"
  local f missing=
  for f in $(grep -lE '(^|[^A-Za-z0-9_])N?_ ?\("' lib/*.c tools/*/*.c); do
    grep -qx "$f" po/POTFILES.in || missing="$missing $f"
  done
  [ -z "$missing" ] || fail "not in po/POTFILES.in:$missing"
}
