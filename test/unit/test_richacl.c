/* test_richacl.c - PLACEHOLDER: fails until real tests are written. */
#include <config.h>
#include "tap.h"
int main (void) { ok (0, "test_richacl not written yet"); return done_testing (); }
