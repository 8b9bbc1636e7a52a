#!/usr/bin/env bats
#
# What `make install` installs, and that a program written against the
# librichacl 1.12 API builds and runs against the installed library:
# install into a DESTDIR, compile test/consumer/consumer.c with the flags
# of the installed librichacl.pc, and run it from there.

load "$TEST_HELPERS/common"

setup_file ()
{
  export DEST=$BATS_FILE_TMPDIR/dest
  # Not the jobserver of the make that runs the tests.
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
    make -C "$abs_top_builddir" install DESTDIR="$DEST" \
    >"$BATS_FILE_TMPDIR/install.log" 2>&1 ||
    { cat "$BATS_FILE_TMPDIR/install.log" >&3; return 1; }
}

setup ()
{
  export LC_ALL=C
  cd "$BATS_TEST_TMPDIR" || return 1
}

# The one installed file called NAME (a find -path pattern below DEST).
installed ()
{
  local found
  found=$(find "$DEST" -path "$DEST/$1" \( -type f -o -type l \) | head -1)
  [ -n "$found" ] || { echo "not installed: $1" >&2; return 1; }
  echo "$found"
}

@test "make install installs the tools, library, header, pkg-config file" {
  installed '*/bin/getrichacl'
  installed '*/bin/setrichacl'
  installed '*/lib*/librichacl.so.1*'
  installed '*/lib*/librichacl.so'
  installed '*/include/sys/richacl.h'
  installed '*/pkgconfig/librichacl.pc'
}

@test "make install installs the manual pages and the German catalog" {
  installed '*/man1/getrichacl.1'
  installed '*/man1/setrichacl.1'
  installed '*/man7/richacl.7'
  installed '*/share/locale/de/LC_MESSAGES/richacl.mo'
}

@test "make install installs the bash completion under both tool names" {
  local get set
  get=$(installed '*/completions/getrichacl')
  set=$(installed '*/completions/setrichacl')
  cmp "$get" "$abs_top_srcdir/completion/richacl"
  cmp "$set" "$abs_top_srcdir/completion/richacl"
}

@test "the installed tools run" {
  local bin lib
  bin=$(dirname "$(installed '*/bin/getrichacl')")
  lib=$(dirname "$(installed '*/lib*/librichacl.so.1')")
  run env LD_LIBRARY_PATH="$lib" "$bin/getrichacl" --version
  assert_success
  run env LD_LIBRARY_PATH="$lib" "$bin/setrichacl" --help
  assert_success
}

@test "the shared library exports only richacl_* and richace_* symbols" {
  local so
  so=$(installed '*/lib*/librichacl.so.1')
  command -v nm >/dev/null || skip "nm not installed"
  run bash -c "nm -D --defined-only '$so' | awk '\$2 != \"A\" { print \$3 }'"
  assert_success
  [ -n "$output" ]
  run grep -vE '^richac[el]_' <<<"$output"
  assert_output ''
  # The 1.12 entry points are among them.
  nm -D --defined-only "$so" | grep -qw richacl_from_text
  nm -D --defined-only "$so" | grep -qw richacl_compute_max_masks
}

@test "a 1.12 API consumer builds with pkg-config and runs" {
  local pc lib
  command -v "${PKG_CONFIG:-pkg-config}" >/dev/null || skip "pkg-config not installed"
  command -v "${CC:-cc}" >/dev/null || skip "no C compiler"
  pc=$(installed '*/pkgconfig/librichacl.pc')
  lib=$(dirname "$(installed '*/lib*/librichacl.so.1')")
  export PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_LIBDIR=$(dirname "$pc")
  export PKG_CONFIG_SYSROOT_DIR=$DEST
  run "${PKG_CONFIG:-pkg-config}" --cflags --libs librichacl
  assert_success
  assert_output --partial "-I$DEST/"
  assert_output --partial "-L$DEST/"
  assert_output --partial -- "-lrichacl"
  # <sys/richacl.h> is where the .pc file says the headers are.
  # (pkgconf puts the sysroot in front of --variable, pkg-config does not.)
  local inc
  inc=$("${PKG_CONFIG:-pkg-config}" --variable=includedir librichacl)
  [[ $inc == "$DEST"/* ]] || inc=$DEST$inc
  [ -f "$inc/sys/richacl.h" ]
  # shellcheck disable=SC2086
  ${CC:-cc} -Wall -Werror -o consumer "$abs_top_srcdir/test/consumer/consumer.c" \
    $("${PKG_CONFIG:-pkg-config}" --cflags --libs librichacl)
  # The program must use the installed library, not the build tree's.
  run env LD_LIBRARY_PATH="$lib" ldd ./consumer
  assert_output --partial "$lib/librichacl.so.1"
  run env LD_LIBRARY_PATH="$lib" ./consumer
  assert_success
  assert_output - <<'EOT'
special 0 mask 0x7
group 30010 mask 0x1
special 2 mask 0x1
owner:rwp::mask
group:r::mask
other:r::mask
owner@:rwp::allow
group:30010:r::allow
everyone@:r::allow
EOT
}
