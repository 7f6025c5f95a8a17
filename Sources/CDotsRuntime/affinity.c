#define _GNU_SOURCE
#include "dots_runtime.h"

#include <sched.h>

/* CPU_COUNT and sched_getaffinity are macros and GNU extensions Swift cannot reach. A set sized for 4,096 CPUs: the
   fixed cpu_set_t holds 1,024, and the call fails with EINVAL on a machine with more CPUs than the set. */
int dots_affinity_cpu_count(void) {
#if defined(__linux__)
    const int most = 4096;
    cpu_set_t *set = CPU_ALLOC(most);
    if (set == NULL) return -1;
    size_t size = CPU_ALLOC_SIZE(most);
    CPU_ZERO_S(size, set);
    int count = sched_getaffinity(0, size, set) == 0 ? CPU_COUNT_S(size, set) : -1;
    CPU_FREE(set);
    return count;
#else
    return -1;
#endif
}
