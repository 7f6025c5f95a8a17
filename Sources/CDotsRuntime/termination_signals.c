#define _GNU_SOURCE
#include "dots_runtime.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int signal_pipe[2] = {-1, -1};

/* Async-signal-safe: one byte naming the signal into the pipe; the waiting thread does the rest. */
static void on_termination_signal(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    (void)write(signal_pipe[1], &byte, 1);
    errno = saved;
}

int dots_catch_termination_signals(void) {
    if (signal_pipe[0] >= 0) return signal_pipe[0];
    if (pipe2(signal_pipe, O_CLOEXEC) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_termination_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    const int numbers[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        /* A signal the parent left ignored (nohup, a CI runner) stays ignored: the user asked for that. */
        struct sigaction old;
        if (sigaction(numbers[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(numbers[i], &action, NULL);
    }
    return signal_pipe[0];
}

_Noreturn void dots_end_by_signal(int number) {
    signal(number, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, number);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(number);
    _exit(128 + number);
}
