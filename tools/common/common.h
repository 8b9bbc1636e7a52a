#include <sys/richacl.h>
