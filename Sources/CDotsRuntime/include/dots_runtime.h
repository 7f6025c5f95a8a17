#ifndef DOTS_RUNTIME_H
#define DOTS_RUNTIME_H

/* What the binary knows about itself, and its own arguments, without /proc.

   The build facts are fixed when CDotsBuildFacts is compiled (Package.swift defines them from the git checkout and from
   Scripts/package's environment). The arguments are captured by a constructor from what the C runtime hands every
   ELF constructor: Swift's CommandLine reads /proc/self/cmdline on Linux, which a chroot or a minimal container may
   not have mounted, and then every command would see no arguments at all. */

/* "0.2.0", or "0.0.0-dev+<commit>" between releases. */
const char *dots_build_version(void);
/* The full commit id, with "-dirty" when the tree had uncommitted changes; "unknown" outside a git checkout. */
const char *dots_build_commit(void);
/* The build date, YYYY-MM-DD (the release's commit date for packaged builds, so rebuilding is reproducible). */
const char *dots_build_date(void);
/* The Swift compiler that built it ("6.3.1"), or "" when the build did not say. */
const char *dots_build_swift(void);

/* The process's arguments as main received them (argv[0] first); count 0 when the platform passed none to
   constructors. The strings live as long as the process. */
int dots_argument_count(void);
const char *dots_argument(int index);

/* Makes this process die (SIGKILL) when its parent `parent` does, so a drawing child never outlives the command
   that started it (prctl is variadic, which Swift cannot call). 0 on success, -1 where not supported. */
int dots_die_with_parent(int parent);

/* The file of the loaded library that holds `symbol` (dladdr), or NULL. */
const char *dots_library_file(const void *symbol);

/* Flushes stdout and stderr and ends the process with `status` at once (_exit): no atexit handler or static
   destructor runs while the runtime's worker threads may still use what they free. Only stdout and stderr: a full
   fflush(NULL) would wait for stdin's lock, which a thread blocked reading a prompt holds. */
_Noreturn void dots_end_process(int status);

/* Catches SIGINT, SIGTERM and SIGHUP with a handler that writes the signal's number (one byte) into a pipe, and
   returns the pipe's reading end (-1 on failure): a thread reading it does the clean-up no signal handler may do.
   A handler, unlike SIG_IGN, is reset in children at exec (a browser or drawing child still dies of Ctrl-C). */
int dots_catch_termination_signals(void);

/* Ends the process by `number` as if it had never been caught: the status a shell and a CI runner expect. */
_Noreturn void dots_end_by_signal(int number);

/* Starts `path` with `argv` (NULL-terminated, argv[0] first) and this process's environment, its stdin, stdout and
   stderr on /dev/null, no other descriptor inherited and every signal at its default, unblocked: a browser opener or
   a drawing child. Sets *pid and returns 0, or returns the errno that stopped it. */
int dots_spawn_quiet(const char *path, char *const argv[], int *pid);

/* Makes Swift concurrency's global executor a pool of our own threads (see own_executor.c): for a process where
   /proc is not mounted, where libdispatch's worker monitor aborts. Returns 1 when installed, 0 when another hook was
   already in place or no thread could start (the default executor stays). Call before any task starts. */
int dots_install_own_executor(void);

/* How many CPUs the calling thread may run on (its affinity: taskset, a container's cpuset), or -1 where it cannot
   be read (not Linux). */
int dots_affinity_cpu_count(void);

/* Asks glibc's malloc to grow and trim heaps 16 MiB at a time (see heap_steps.c); elsewhere it does nothing. */
void dots_grow_heaps_in_large_steps(void);

#endif
