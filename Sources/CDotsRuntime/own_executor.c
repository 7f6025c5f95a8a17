// Swift concurrency's global executor on threads of our own, for a process that runs where /proc is not mounted.
//
// On Linux the default global executor is libdispatch's, whose worker-pool monitor reads /proc/<tid>/stat of each
// worker once a second and aborts the process (DISPATCH_CLIENT_CRASH, seen as SIGILL) when it cannot open it. In a
// chroot without /proc about one command in twenty-five died that way. The runtime's enqueue hooks (the ones
// SwiftNIO and JavaScriptKit install) hand every global job to this pool instead, so libdispatch starts no worker.
//
// The pool: a fixed set of threads taking jobs first in, first out, and one timer thread for delayed jobs (Task.sleep,
// deadlines), which it moves to the pool when they are due. Priorities are not honoured; nothing here depends on them.

#include "dots_runtime.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define DOTS_SWIFTCC __attribute__((swiftcall))

typedef struct DotsSwiftJob DotsSwiftJob;
// SerialExecutorRef: the generic executor is { NULL, 0 }.
typedef struct {
    void *identity;
    uintptr_t implementation;
} DotsExecutorRef;

typedef DOTS_SWIFTCC void (*dots_enqueue_original)(DotsSwiftJob *);
typedef DOTS_SWIFTCC void (*dots_delay_original)(unsigned long long, DotsSwiftJob *);
typedef DOTS_SWIFTCC void (*dots_deadline_original)(long long, long long, long long, long long, int, DotsSwiftJob *);

extern DOTS_SWIFTCC void (*swift_task_enqueueGlobal_hook)(DotsSwiftJob *, dots_enqueue_original);
extern DOTS_SWIFTCC void (*swift_task_enqueueGlobalWithDelay_hook)(unsigned long long, DotsSwiftJob *, dots_delay_original);
extern DOTS_SWIFTCC void (*swift_task_enqueueGlobalWithDeadline_hook)(
    long long, long long, long long, long long, int, DotsSwiftJob *, dots_deadline_original);
extern DOTS_SWIFTCC void swift_job_run(DotsSwiftJob *job, DotsExecutorRef executor);

typedef struct DotsQueued {
    struct DotsQueued *next;
    DotsSwiftJob *job;
    uint64_t due;  // CLOCK_MONOTONIC nanoseconds, for delayed jobs
} DotsQueued;

static pthread_mutex_t ready_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready_signal = PTHREAD_COND_INITIALIZER;
static DotsQueued *ready_head, *ready_tail;

static pthread_mutex_t delayed_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t delayed_signal;
static DotsQueued *delayed_head;  // sorted by due

static uint64_t clock_nanoseconds(clockid_t clock) {
    struct timespec now;
    clock_gettime(clock, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static DotsQueued *queued(DotsSwiftJob *job, uint64_t due) {
    DotsQueued *item = malloc(sizeof(DotsQueued));
    if (!item) abort();  // as the runtime itself does when it cannot allocate a job's bookkeeping
    item->next = NULL;
    item->job = job;
    item->due = due;
    return item;
}

static void make_ready(DotsQueued *item) {
    item->next = NULL;
    pthread_mutex_lock(&ready_lock);
    if (ready_tail) ready_tail->next = item;
    else ready_head = item;
    ready_tail = item;
    pthread_cond_signal(&ready_signal);
    pthread_mutex_unlock(&ready_lock);
}

static void *worker(void *unused) {
    (void)unused;
    for (;;) {
        pthread_mutex_lock(&ready_lock);
        while (!ready_head) pthread_cond_wait(&ready_signal, &ready_lock);
        DotsQueued *item = ready_head;
        ready_head = item->next;
        if (!ready_head) ready_tail = NULL;
        pthread_mutex_unlock(&ready_lock);
        DotsSwiftJob *job = item->job;
        free(item);
        DotsExecutorRef generic = {NULL, 0};
        swift_job_run(job, generic);
    }
    return NULL;
}

static void *timer(void *unused) {
    (void)unused;
    pthread_mutex_lock(&delayed_lock);
    for (;;) {
        if (!delayed_head) {
            pthread_cond_wait(&delayed_signal, &delayed_lock);
            continue;
        }
        uint64_t now = clock_nanoseconds(CLOCK_MONOTONIC);
        if (delayed_head->due <= now) {
            DotsQueued *item = delayed_head;
            delayed_head = item->next;
            make_ready(item);
            continue;
        }
        struct timespec until = {(time_t)(delayed_head->due / 1000000000u), (long)(delayed_head->due % 1000000000u)};
        pthread_cond_timedwait(&delayed_signal, &delayed_lock, &until);
    }
    return NULL;
}

static void enqueue_delayed(DotsSwiftJob *job, uint64_t due) {
    DotsQueued *item = queued(job, due);
    pthread_mutex_lock(&delayed_lock);
    DotsQueued **link = &delayed_head;
    while (*link && (*link)->due <= due) link = &(*link)->next;
    item->next = *link;
    *link = item;
    pthread_cond_signal(&delayed_signal);
    pthread_mutex_unlock(&delayed_lock);
}

static DOTS_SWIFTCC void enqueue_global(DotsSwiftJob *job, dots_enqueue_original original) {
    (void)original;
    make_ready(queued(job, 0));
}

static DOTS_SWIFTCC void enqueue_with_delay(unsigned long long delay, DotsSwiftJob *job, dots_delay_original original) {
    (void)original;
    enqueue_delayed(job, clock_nanoseconds(CLOCK_MONOTONIC) + delay);
}

// Swift's clocks: 1 is ContinuousClock (CLOCK_BOOTTIME on Linux), 2 SuspendingClock (CLOCK_MONOTONIC). The deadline
// is turned into a wait from now on that clock, then into a CLOCK_MONOTONIC time (they advance alike while awake).
static DOTS_SWIFTCC void enqueue_with_deadline(
    long long seconds, long long nanoseconds, long long tolerance_seconds, long long tolerance_nanoseconds, int clock,
    DotsSwiftJob *job, dots_deadline_original original) {
    (void)tolerance_seconds;
    (void)tolerance_nanoseconds;
    (void)original;
    uint64_t now = clock_nanoseconds(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC);
    uint64_t deadline = seconds < 0 ? 0 : (uint64_t)seconds * 1000000000u + (uint64_t)(nanoseconds < 0 ? 0 : nanoseconds);
    uint64_t wait = deadline > now ? deadline - now : 0;
    enqueue_delayed(job, clock_nanoseconds(CLOCK_MONOTONIC) + wait);
}

static int start_detached(void *(*body)(void *)) {
    pthread_attr_t attributes;
    pthread_t thread;
    if (pthread_attr_init(&attributes) != 0) return 0;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 8u << 20);
    int started = pthread_create(&thread, &attributes, body, NULL) == 0;
    pthread_attr_destroy(&attributes);
    return started;
}

int dots_install_own_executor(void) {
    if (swift_task_enqueueGlobal_hook || swift_task_enqueueGlobalWithDelay_hook || swift_task_enqueueGlobalWithDeadline_hook) {
        return 0;  // someone else's executor is in place
    }
    pthread_condattr_t attributes;
    if (pthread_condattr_init(&attributes) != 0) return 0;
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    int made = pthread_cond_init(&delayed_signal, &attributes) == 0;
    pthread_condattr_destroy(&attributes);
    if (!made) return 0;
    // Twice the cores, at least four: the jobs are cooperative, but a call that blocks its thread (a bounded wait
    // for a library) must not stall the pool the way it would stall a pool of exactly one thread a core.
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cores > 2 ? (int)(cores * 2) : 4;
    if (threads > 64) threads = 64;
    int started = 0;
    for (int index = 0; index < threads; index++) started += start_detached(worker);
    if (started == 0 || !start_detached(timer)) return 0;
    swift_task_enqueueGlobal_hook = enqueue_global;
    swift_task_enqueueGlobalWithDelay_hook = enqueue_with_delay;
    swift_task_enqueueGlobalWithDeadline_hook = enqueue_with_deadline;
    return 1;
}
