/* A program written against the librichacl 1.12 API, built against an
   installed copy of the library by test/consumer.bats: it parses an ACL,
   computes the file masks, walks the entries and prints the ACL again. */

#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/richacl.h>

int
main (int argc, char *argv[])
{
  const char *text = argc > 1 ? argv[1]
    : "owner@:rwp::allow group:30010:r::allow everyone@:r::allow";
  struct richacl *acl;
  struct richace *ace;
  int given = 0;
  char *out;

  acl = richacl_from_text (text, &given, NULL);
  if (!acl)
    {
      fprintf (stderr, "richacl_from_text failed\n");
      return 1;
    }
  richacl_compute_max_masks (acl);
  richacl_for_each_entry (ace, acl)
    {
      if (ace->e_flags & RICHACE_SPECIAL_WHO)
	printf ("special %u mask 0x%x\n", (unsigned) ace->e_id, ace->e_mask);
      else
	printf ("%s %u mask 0x%x\n",
		(ace->e_flags & RICHACE_IDENTIFIER_GROUP) ? "group" : "user",
		(unsigned) ace->e_id, ace->e_mask);
    }
  out = richacl_to_text (acl, RICHACL_TEXT_SHOW_MASKS | RICHACL_TEXT_NUMERIC_IDS);
  if (!out)
    {
      fprintf (stderr, "richacl_to_text failed\n");
      return 1;
    }
  fputs (out, stdout);
  free (out);
  richacl_free (acl);
  return 0;
}
