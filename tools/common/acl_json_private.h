/*
 * acl_json_private.h - what the JSON writer and parser share: the names
 * of permissions and flags, and UTF-8 validation.  Not for the tools.
 */
#ifndef TOOLS_ACL_JSON_PRIVATE_H
#define TOOLS_ACL_JSON_PRIVATE_H

#include <stddef.h>

/* The text format's tables (SPEC section 6): JSON uses the same long
   names, so that the two formats never disagree on a name. */
#include "../../lib/richacl_text_names.h"

/* The bits of e_flags that say what kind of who an entry has: JSON shows
   them in "who", never in "flags". */
#define JSON_WHO_FLAGS RICHACL_TEXT_WHO_FLAGS

/*
 * The length of the UTF-8 sequence that starts at @s (at most @n bytes
 * available), or 0 when it is not a valid one (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF).  A byte below 0x80 is a
 * sequence of one.
 */
static inline size_t
utf8_sequence_length (const unsigned char *s, size_t n)
{
  unsigned char c = s[0];
  size_t len, i;
  unsigned char lo = 0x80, hi = 0xbf;	/* the range of the second byte */

  if (c < 0x80)
    return 1;
  if (c < 0xc2)
    return 0;			/* continuation byte, or overlong */
  if (c < 0xe0)
    len = 2;
  else if (c < 0xf0)
    {
      len = 3;
      if (c == 0xe0)
	lo = 0xa0;		/* overlong */
      else if (c == 0xed)
	hi = 0x9f;		/* surrogates */
    }
  else if (c < 0xf5)
    {
      len = 4;
      if (c == 0xf0)
	lo = 0x90;		/* overlong */
      else if (c == 0xf4)
	hi = 0x8f;		/* above U+10FFFF */
    }
  else
    return 0;
  if (n < len || s[1] < lo || s[1] > hi)
    return 0;
  for (i = 2; i < len; i++)
    if ((s[i] & 0xc0) != 0x80)
      return 0;
  return len;
}

#endif
