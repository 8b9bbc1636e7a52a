/*
 * test_xattr.c - the binary xattr codec (seed 011): encoding layout,
 * round trips, and one crafted buffer for each rule the decoder enforces.
 */
#include <config.h>
#include "tap.h"
#include "testutil.h"

#include <errno.h>
#include <stdint.h>

static const struct richace sample[] = {
  { RICHACE_ACCESS_ALLOWED_ACE_TYPE, RICHACE_SPECIAL_WHO, 0x27,
    { RICHACE_OWNER_SPECIAL_ID } },
  { RICHACE_ACCESS_DENIED_ACE_TYPE, RICHACE_IDENTIFIER_GROUP
    | RICHACE_FILE_INHERIT_ACE, RICHACE_WRITE_DATA, { 1000 } },
  { RICHACE_ACCESS_ALLOWED_ACE_TYPE, 0, RICHACE_READ_DATA, { 2000 } },
  { RICHACE_ACCESS_ALLOWED_ACE_TYPE, RICHACE_SPECIAL_WHO, RICHACE_READ_DATA,
    { RICHACE_EVERYONE_SPECIAL_ID } },
};

/* The sample ACL as bytes: header then four entries. */
static unsigned char sample_bytes[16 + 4 * 12];

static void
put32 (unsigned char *p, uint32_t v)
{
  p[0] = v; p[1] = v >> 8; p[2] = v >> 16; p[3] = v >> 24;
}

static void
put16 (unsigned char *p, uint16_t v)
{
  p[0] = v; p[1] = v >> 8;
}

static void
build_sample_bytes (void)
{
  unsigned char *p = sample_bytes;
  int n;

  p[0] = 0;
  p[1] = RICHACL_MASKED | RICHACL_AUTO_INHERIT;
  put16 (p + 2, 4);
  put32 (p + 4, 0x27);
  put32 (p + 8, 0x21);
  put32 (p + 12, 0x01);
  for (n = 0; n < 4; n++)
    {
      unsigned char *e = p + 16 + 12 * n;

      put16 (e, sample[n].e_type);
      put16 (e + 2, sample[n].e_flags);
      put32 (e + 4, sample[n].e_mask);
      put32 (e + 8, sample[n].e_id);
    }
}

static struct richacl *
sample_acl (void)
{
  return acl_make (RICHACL_MASKED | RICHACL_AUTO_INHERIT, 0x27, 0x21, 0x01,
		   4, sample);
}

/* Decode a modified copy of the sample bytes; expect EINVAL. */
static void
expect_reject (const char *why, void (*modify) (unsigned char *, size_t *))
{
  unsigned char buf[sizeof sample_bytes + 24];
  size_t size = sizeof sample_bytes;
  struct richacl *acl;

  memcpy (buf, sample_bytes, sizeof sample_bytes);
  memset (buf + sizeof sample_bytes, 0, 24);
  modify (buf, &size);
  errno = 0;
  acl = richacl_from_xattr (buf, size);
  ok (!acl && errno == EINVAL, "rejects %s", why);
  richacl_free (acl);
}

static void short_header (unsigned char *b, size_t *s) { (void) b; *s = 15; }
static void empty (unsigned char *b, size_t *s) { (void) b; *s = 0; }
static void version_1 (unsigned char *b, size_t *s) { (void) s; b[0] = 1; }
static void version_ff (unsigned char *b, size_t *s) { (void) s; b[0] = 0xff; }
static void acl_flag_08 (unsigned char *b, size_t *s) { (void) s; b[1] |= 0x08; }
static void acl_flag_10 (unsigned char *b, size_t *s) { (void) s; b[1] |= 0x10; }
static void acl_flag_20 (unsigned char *b, size_t *s) { (void) s; b[1] |= 0x20; }
static void size_short (unsigned char *b, size_t *s) { (void) b; *s -= 1; }
static void size_long (unsigned char *b, size_t *s) { (void) b; *s += 1; }
static void size_extra_entry (unsigned char *b, size_t *s) { (void) b; *s += 12; }
static void count_high (unsigned char *b, size_t *s) { (void) s; put16 (b + 2, 5); }
static void count_low (unsigned char *b, size_t *s) { (void) s; put16 (b + 2, 3); }
static void count_max (unsigned char *b, size_t *s) { (void) s; put16 (b + 2, 0xffff); }
static void count_over_limit (unsigned char *b, size_t *s)
{
  (void) s; put16 (b + 2, RICHACL_XATTR_MAX_COUNT + 1);
}
static void owner_mask_bad (unsigned char *b, size_t *s) { (void) s; put32 (b + 4, 0x800); }
static void group_mask_bad (unsigned char *b, size_t *s) { (void) s; put32 (b + 8, 0x8000); }
static void other_mask_bad (unsigned char *b, size_t *s) { (void) s; put32 (b + 12, 0x80000000); }
static void entry_flag_bad (unsigned char *b, size_t *s) { (void) s; put16 (b + 16 + 2, 0x0010); }
static void entry_flag_unmapped (unsigned char *b, size_t *s) { (void) s; put16 (b + 16 + 2, RICHACE_UNMAPPED_WHO); }
static void entry_flag_8000 (unsigned char *b, size_t *s) { (void) s; put16 (b + 28 + 2, 0x8000); }
static void special_id_3 (unsigned char *b, size_t *s) { (void) s; put32 (b + 16 + 8, 3); }
static void special_id_big (unsigned char *b, size_t *s) { (void) s; put32 (b + 52 + 8, 0xffffffff); }
static void type_2 (unsigned char *b, size_t *s) { (void) s; put16 (b + 16, 2); }
static void type_ffff (unsigned char *b, size_t *s) { (void) s; put16 (b + 40, 0xffff); }
static void entry_mask_bad (unsigned char *b, size_t *s) { (void) s; put32 (b + 16 + 4, 0x27 | 0x800); }
static void entry_mask_high (unsigned char *b, size_t *s) { (void) s; put32 (b + 28 + 4, 0x00200000); }
static void last_entry_mask_bad (unsigned char *b, size_t *s) { (void) s; put32 (b + 52 + 4, 0x01000000); }
static void uid_unmapped (unsigned char *b, size_t *s) { (void) s; put32 (b + 40 + 8, 0xffffffff); }
static void gid_unmapped (unsigned char *b, size_t *s) { (void) s; put32 (b + 28 + 8, 0xffffffff); }

int
main (void)
{
  struct richacl *acl, *back;
  unsigned char buf[sizeof sample_bytes];
  unsigned int bit;
  int n;

  build_sample_bytes ();
  acl = sample_acl ();

  ok (richacl_xattr_size (acl) == 16 + 4 * 12, "size is header + 12 per entry");
  memset (buf, 0xa5, sizeof buf);
  richacl_to_xattr (acl, buf);
  ok (memcmp (buf, sample_bytes, sizeof buf) == 0,
      "encoding is little-endian header then entries");
  back = richacl_from_xattr (buf, sizeof buf);
  ok (back != NULL, "decodes its own encoding");
  ok (back && richacl_compare (acl, back) == 0, "round trip gives an equal ACL");
  richacl_free (back);

  /* An empty ACL with masks only. */
  {
    struct richacl *e = acl_make (RICHACL_MASKED | RICHACL_WRITE_THROUGH,
				  RICHACE_VALID_MASK, 0, 0x20, 0, NULL);
    unsigned char eb[16];

    ok (richacl_xattr_size (e) == 16, "empty ACL is 16 bytes");
    richacl_to_xattr (e, eb);
    back = richacl_from_xattr (eb, 16);
    ok (back && back->a_count == 0 && richacl_compare (e, back) == 0,
	"empty ACL round trip");
    richacl_free (back);
    richacl_free (e);
  }

  /* Every valid flag and mask bit survives a round trip. */
  for (bit = 1; bit; bit <<= 1)
    {
      struct richace one = { RICHACE_ACCESS_ALLOWED_ACE_TYPE, 0, bit, { 7 } };
      struct richacl *a = acl_make (0, bit, bit, bit, 1, &one);
      unsigned char ab[28];

      richacl_to_xattr (a, ab);
      back = richacl_from_xattr (ab, sizeof ab);
      if (bit & RICHACE_VALID_MASK)
	ok (back && richacl_compare (a, back) == 0,
	    "mask bit 0x%x round trips", bit);
      else
	ok (!back && errno == EINVAL, "mask bit 0x%x is rejected", bit);
      richacl_free (back);
      richacl_free (a);
    }
  for (n = 0; n < 16; n++)
    {
      unsigned short flag = 1 << n;
      struct richace one = { RICHACE_ACCESS_DENIED_ACE_TYPE, 0,
			     RICHACE_READ_DATA, { 1 } };
      struct richacl *a = acl_make (0, 0, 0, 0, 1, &one);
      unsigned char ab[28];

      /* Set the flag in the bytes: in memory, RICHACE_UNMAPPED_WHO would
	 make e_id a string pointer. */
      richacl_to_xattr (a, ab);
      put16 (ab + 16 + 2, flag);
      if (flag != RICHACE_UNMAPPED_WHO)
	a->a_entries[0].e_flags = flag;
      back = richacl_from_xattr (ab, sizeof ab);
      if (flag & RICHACE_VALID_FLAGS)
	ok (back && richacl_compare (a, back) == 0,
	    "entry flag 0x%x round trips", flag);
      else
	ok (!back && errno == EINVAL, "entry flag 0x%x is rejected", flag);
      richacl_free (back);
      richacl_free (a);
    }
  for (n = 0; n < 8; n++)
    {
      unsigned char flag = 1 << n;
      struct richacl *a = acl_make (flag, 0, 0, 0, 0, NULL);
      unsigned char ab[16];

      richacl_to_xattr (a, ab);
      back = richacl_from_xattr (ab, sizeof ab);
      if (flag & RICHACL_VALID_FLAGS)
	ok (back && back->a_flags == flag, "ACL flag 0x%x round trips", flag);
      else
	ok (!back && errno == EINVAL, "ACL flag 0x%x is rejected", flag);
      richacl_free (back);
      richacl_free (a);
    }

  /* A maximal ACL decodes; the count limit is the kernel's. */
  {
    size_t size = 16 + (size_t) RICHACL_XATTR_MAX_COUNT * 12;
    unsigned char *big = calloc (1, size);

    put16 (big + 2, RICHACL_XATTR_MAX_COUNT);
    for (n = 0; n < RICHACL_XATTR_MAX_COUNT; n++)
      put32 (big + 16 + 12 * n + 8, n);
    back = richacl_from_xattr (big, size);
    ok (back && back->a_count == RICHACL_XATTR_MAX_COUNT,
	"decodes %d entries (the kernel's limit)", RICHACL_XATTR_MAX_COUNT);
    ok (size <= 65536, "the limit fits XATTR_SIZE_MAX");
    richacl_free (back);
    free (big);
  }

  expect_reject ("an empty buffer", empty);
  expect_reject ("a buffer shorter than the header", short_header);
  expect_reject ("version 1", version_1);
  expect_reject ("version 255", version_ff);
  expect_reject ("unknown ACL flag 0x08", acl_flag_08);
  expect_reject ("unknown ACL flag 0x10", acl_flag_10);
  expect_reject ("unknown ACL flag 0x20", acl_flag_20);
  expect_reject ("a size one byte short", size_short);
  expect_reject ("a size one byte long", size_long);
  expect_reject ("a trailing extra entry", size_extra_entry);
  expect_reject ("a count larger than the entries", count_high);
  expect_reject ("a count smaller than the entries", count_low);
  expect_reject ("count 65535", count_max);
  expect_reject ("a count above the kernel's limit", count_over_limit);
  expect_reject ("an invalid owner mask bit", owner_mask_bad);
  expect_reject ("an invalid group mask bit", group_mask_bad);
  expect_reject ("an invalid other mask bit", other_mask_bad);
  expect_reject ("an unknown entry flag 0x10", entry_flag_bad);
  expect_reject ("the user-space-only unmapped-who flag", entry_flag_unmapped);
  expect_reject ("entry flag 0x8000", entry_flag_8000);
  expect_reject ("special id 3", special_id_3);
  expect_reject ("special id 0xffffffff", special_id_big);
  expect_reject ("entry type 2", type_2);
  expect_reject ("entry type 0xffff", type_ffff);
  expect_reject ("an invalid mask bit in the first entry", entry_mask_bad);
  expect_reject ("mask bit 0x200000", entry_mask_high);
  expect_reject ("an invalid mask bit in the last entry", last_entry_mask_bad);
  expect_reject ("uid 0xffffffff (no mapping)", uid_unmapped);
  expect_reject ("gid 0xffffffff (no mapping)", gid_unmapped);

  /* Random round trips: encode(decode(encode(acl))) is stable. */
  {
    unsigned int seed = 20261203, fails = 0;
    int i;

    srand (seed);
    for (i = 0; i < 10000; i++)
      {
	int count = rand () % 9, k;
	struct richacl *a = richacl_alloc (count);
	unsigned char *b1, *b2;
	size_t size;

	a->a_flags = rand () & RICHACL_VALID_FLAGS;
	a->a_owner_mask = rand () & RICHACE_VALID_MASK;
	a->a_group_mask = rand () & RICHACE_VALID_MASK;
	a->a_other_mask = rand () & RICHACE_VALID_MASK;
	for (k = 0; k < count; k++)
	  {
	    struct richace *e = &a->a_entries[k];

	    e->e_type = rand () & 1;
	    e->e_flags = rand () & RICHACE_VALID_FLAGS;
	    e->e_mask = rand () & RICHACE_VALID_MASK;
	    e->e_id = (e->e_flags & RICHACE_SPECIAL_WHO) ? (id_t) (rand () % 3)
						       : (id_t) rand ();
	  }
	size = richacl_xattr_size (a);
	b1 = malloc (size);
	b2 = malloc (size);
	richacl_to_xattr (a, b1);
	back = richacl_from_xattr (b1, size);
	if (back)
	  richacl_to_xattr (back, b2);
	if (!back || richacl_compare (a, back) || memcmp (b1, b2, size))
	  fails++;
	richacl_free (back);
	richacl_free (a);
	free (b1);
	free (b2);
      }
    ok (fails == 0, "10000 random ACLs round trip byte-identical (seed %u)",
	seed);
  }

  richacl_free (acl);
  return done_testing ();
}
