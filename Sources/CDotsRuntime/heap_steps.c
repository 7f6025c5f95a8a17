#include "dots_runtime.h"

#include <stdlib.h> /* defines __GLIBC__ where glibc is the C library */

#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* glibc grows and trims each thread's heap 128 KiB at a time, each step an mprotect that every other thread's TLB
   must hear of: a 1,000-pass pkpass inspect made 1,117 of them (17 with 16 MiB steps), 3 % of its wall time. The
   padding costs address space, and about 2 MB more resident memory in that batch. */
void dots_grow_heaps_in_large_steps(void) {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, 16 << 20);
#endif
}
