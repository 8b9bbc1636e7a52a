## tools/common: Makefile fragment included by the top-level Makefile.am.
## The JSON format of `getrichacl --json` and `setrichacl --set-file`.

tools_common_libcommon_a_SOURCES += \
	tools/common/acl_json.h \
	tools/common/acl_json_private.h \
	tools/common/acl_json_write.c \
	tools/common/acl_json_parse.c

UNIT_TESTS += test/unit/test_json
test_unit_test_json_LDADD = tools/common/libcommon.a test/unit/libtestutil.la \
	lib/librichacl_core.la gl/lib/libgnu.a $(LTLIBINTL)

## Skips itself until getrichacl has --json.
BATS_TESTS += test/json.bats
