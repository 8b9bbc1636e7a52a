/* messages.c - placeholder */
#include <config.h>
#include "common.h"
