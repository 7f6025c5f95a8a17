#define _GNU_SOURCE
#include <dlfcn.h>
#include "dots_runtime.h"

const char *dots_library_file(const void *symbol) {
    Dl_info info;
    if (symbol == 0 || dladdr(symbol, &info) == 0) return 0;
    return info.dli_fname;
}
