/* test_mode.c - PLACEHOLDER: fails until real tests are written. */
#include <config.h>
#include "tap.h"
int main (void) { ok (0, "test_mode not written yet"); return done_testing (); }
