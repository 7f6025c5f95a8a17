#include "dots_runtime.h"

static int saved_count;
static char **saved_arguments;

/* glibc calls .init_array constructors with (argc, argv, envp), as it calls main. */
__attribute__((constructor)) static void dots_capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc > 0 && argv != 0) {
        saved_count = argc;
        saved_arguments = argv;
    }
}

int dots_argument_count(void) { return saved_count; }

const char *dots_argument(int index) {
    if (index < 0 || index >= saved_count) return 0;
    return saved_arguments[index];
}
