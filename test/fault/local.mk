## test/fault: Makefile fragment included by the top-level Makefile.am.
## Fault injection, resource limits, hostile trees, and make check-valgrind.

## The LD_PRELOAD shim: built for the tests only, never installed.  -rpath
## makes libtool build a shared module although it is not installed.
check_LTLIBRARIES += test/fault/fault_inject.la
test_fault_fault_inject_la_SOURCES = test/fault/fault_inject.c
## Plain system headers, not gnulib's replacements.
test_fault_fault_inject_la_CPPFLAGS =
test_fault_fault_inject_la_CFLAGS = $(AM_CFLAGS)
test_fault_fault_inject_la_LDFLAGS = -module -avoid-version -shared \
	-rpath /nowhere
test_fault_fault_inject_la_LIBADD = -ldl

## Makes the system calls newer than Linux 6.1 fail (test/old_kernel.bats,
## make check-old-kernel).
check_LTLIBRARIES += test/fault/old_kernel.la
test_fault_old_kernel_la_SOURCES = test/fault/old_kernel.c
test_fault_old_kernel_la_CPPFLAGS =
test_fault_old_kernel_la_CFLAGS = $(AM_CFLAGS)
test_fault_old_kernel_la_LDFLAGS = -module -avoid-version -shared \
	-rpath /nowhere
test_fault_old_kernel_la_LIBADD = -ldl

## Swaps a directory with a symlink as fast as it can (test/hostile.bats).
check_PROGRAMS += test/helpers/swap_race
test_helpers_swap_race_SOURCES = test/helpers/swap_race.c
test_helpers_swap_race_CPPFLAGS =

BATS_TESTS += \
	test/fault.bats \
	test/limits.bats \
	test/hostile.bats \
	test/old_kernel.bats

EXTRA_DIST += test/fault/valgrind-wrap test/fault/valgrind.supp \
	test/fault/tool-wrappers test/fault/old-kernel-wrap

## The program test/helpers/swap_race is built from a source in
## test/helpers, which EXTRA_DIST ships whole: keep an in-tree build's
## objects and binary out of the tarball.
dist-hook:
	rm -rf $(distdir)/test/helpers/.deps $(distdir)/test/helpers/.dirstamp \
	  $(distdir)/test/helpers/*.o $(distdir)/test/helpers/swap_race

## make check-valgrind: the bats suites with every getrichacl and
## setrichacl run under valgrind (memcheck, --leak-check=full).
## test/fault/vg-bin holds wrappers, first on PATH, that run the built
## tools through test/fault/valgrind-wrap: a run with any valgrind error
## exits with status 97, which no test accepts, and its report is appended
## to test/fault/valgrind.log; the target fails when that log is not empty
## (so even a test that expects a failure cannot hide a valgrind error).
## VALGRIND_BATS chooses the suites (default: all of them).
VALGRIND = valgrind
VALGRIND_BATS = $(BATS_TESTS)
## The race loops of test/hostile.bats, fewer under valgrind.
VALGRIND_HOSTILE_ITERATIONS = 20
check-valgrind: all $(check_PROGRAMS) $(check_LTLIBRARIES) $(check_SCRIPTS)
	@rm -f test/fault/valgrind.log
	@$(SHELL) $(srcdir)/test/fault/tool-wrappers test/fault/vg-bin \
	  '$(abs_top_srcdir)/test/fault/valgrind-wrap' '$(abs_top_builddir)'
	@: >test/fault/valgrind.log && chmod 666 test/fault/valgrind.log
	@$(MAKE) $(AM_MAKEFLAGS) check-TESTS TESTS='$(VALGRIND_BATS)' \
	  TESTS_ENVIRONMENT='PATH=$(abs_top_builddir)/test/fault/vg-bin:$$$$PATH; export PATH; HOSTILE_ITERATIONS=$(VALGRIND_HOSTILE_ITERATIONS); export HOSTILE_ITERATIONS; RICHACL_VALGRIND="$(VALGRIND)"; RICHACL_VALGRIND_LOG=$(abs_top_builddir)/test/fault/valgrind.log; RICHACL_VALGRIND_SUPP=$(abs_top_srcdir)/test/fault/valgrind.supp; export RICHACL_VALGRIND RICHACL_VALGRIND_LOG RICHACL_VALGRIND_SUPP;'; \
	status=$$?; \
	if test -s test/fault/valgrind.log; then \
	  echo "check-valgrind: valgrind reported errors (test/fault/valgrind.log):"; \
	  head -80 test/fault/valgrind.log; exit 1; \
	fi; \
	test $$status -eq 0 || exit $$status; \
	echo "check-valgrind: no valgrind errors"
.PHONY: check-valgrind

## make check-old-kernel: the bats suites with every getrichacl and
## setrichacl run as on a kernel older than Linux 6.6, such as Debian 12's
## own (test/fault/old_kernel.c): the *xattrat calls and fchmodat2 fail
## with ENOSYS, so the files a walk finds are reached through
## /proc/self/fd/N/NAME and chmod goes through glibc's fchmodat.  The
## wrappers in test/fault/old-bin, first on PATH, preload the shim.
## OLD_KERNEL_BATS chooses the suites (default: all of them).
OLD_KERNEL_BATS = $(BATS_TESTS)
## What .ci/run passes as OLD_KERNEL_BATS, to save time: the suites whose
## tools walk trees, the only calls an old kernel changes (operands are
## named by path either way).  The others ran clean this way too.
OLD_KERNEL_WALK_BATS = test/getrichacl.bats test/setrichacl.bats \
	test/modify.bats test/storage.bats test/entries.bats \
	test/recursive.bats test/restore.bats test/propagate.bats \
	test/json.bats test/fault.bats test/hostile.bats
check-old-kernel: all $(check_PROGRAMS) $(check_LTLIBRARIES) $(check_SCRIPTS)
	@$(SHELL) $(srcdir)/test/fault/tool-wrappers test/fault/old-bin \
	  '$(abs_top_srcdir)/test/fault/old-kernel-wrap' '$(abs_top_builddir)'
	@$(MAKE) $(AM_MAKEFLAGS) check-TESTS TESTS='$(OLD_KERNEL_BATS)' \
	  TESTS_ENVIRONMENT='PATH=$(abs_top_builddir)/test/fault/old-bin:$$$$PATH; export PATH; RICHACL_OLD_KERNEL_SO=$(abs_top_builddir)/test/fault/.libs/old_kernel.so; export RICHACL_OLD_KERNEL_SO;'
.PHONY: check-old-kernel
clean-local: clean-fault
clean-fault:
	rm -rf test/fault/vg-bin test/fault/old-bin test/fault/valgrind.log \
	  test/fault/cc
.PHONY: clean-fault

## Sanitizer builds (configure --enable-sanitizers): a sanitizer report
## ends the process with status 86, which no test accepts (the default, 1,
## is what the tools return for a file they could not process), and
## LeakSanitizer runs at every exit.  Harmless in other builds.  In a
## sanitizer build, the C compiler the tests use (test/consumer.bats) is
## test/fault/cc, which adds the sanitizer flags, so that a program linked
## with the instrumented library loads the ASan runtime first.
SANITIZER_FLAGS = $(filter -fsanitize=%,$(CFLAGS))
check_SCRIPTS = test/fault/cc
test/fault/cc: Makefile
	$(AM_V_GEN)$(MKDIR_P) test/fault && \
	{ echo '#!/bin/sh'; \
	  echo 'exec $(CC) $(SANITIZER_FLAGS) "$$@"'; } >$@.tmp && \
	chmod +x $@.tmp && mv -f $@.tmp $@
AM_TESTS_ENVIRONMENT += \
	ASAN_OPTIONS="exitcode=86:detect_leaks=1$${ASAN_OPTIONS:+:$$ASAN_OPTIONS}"; \
	export ASAN_OPTIONS; \
	UBSAN_OPTIONS="exitcode=86:print_stacktrace=1$${UBSAN_OPTIONS:+:$$UBSAN_OPTIONS}"; \
	export UBSAN_OPTIONS; \
	CC='$(if $(SANITIZER_FLAGS),$(abs_top_builddir)/test/fault/cc,$(CC))'; \
	export CC;
