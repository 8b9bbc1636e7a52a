## bench: Makefile fragment included by the top-level Makefile.am.
## `make bench` builds the tools and bench/micro, then runs bench/run
## (issue #8).  Not part of `make check`: it takes minutes and wants an
## idle machine.  BENCH_FLAGS passes options, e.g.
##   make bench BENCH_FLAGS='--files 10000 --reps 3'

## Built only by `make bench`.
EXTRA_PROGRAMS = bench/micro
bench_micro_SOURCES = bench/micro.c
bench_micro_LDADD = lib/librichacl_core.la
CLEANFILES = bench/micro$(EXEEXT)

EXTRA_DIST += bench/run bench/README bench/RESULTS.md

BENCH_FLAGS =
bench: bench/micro$(EXEEXT) $(bin_PROGRAMS)
	$(SHELL) $(srcdir)/bench/run --builddir '$(abs_top_builddir)' \
		$(BENCH_FLAGS)
.PHONY: bench
