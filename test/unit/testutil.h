/* testutil.h - helpers shared by the C unit tests. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <sys/richacl.h>

/* Build an ACL from a fixed list of entries (no text parser needed). */
struct richacl *acl_make (unsigned char flags, unsigned int owner_mask,
			  unsigned int group_mask, unsigned int other_mask,
			  int count, const struct richace *entries);

#endif
