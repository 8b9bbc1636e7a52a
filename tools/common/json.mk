## tools/common: Makefile fragment included by the top-level Makefile.am.
