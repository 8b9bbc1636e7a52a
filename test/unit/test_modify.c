/* test_modify.c - PLACEHOLDER: fails until real tests are written. */
#include <config.h>
#include "tap.h"
int main (void) { ok (0, "test_modify not written yet"); return done_testing (); }
