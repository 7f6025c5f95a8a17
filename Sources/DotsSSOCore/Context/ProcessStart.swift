import CDotsRuntime
import DotsSSOBasics

#if canImport(Glibc)
    import Glibc
#endif

/// What a dots-sso process does first, before its command line is parsed.
package enum ProcessStart {
    /// Readies the process for `arguments` (the whole command line, the program first). A drawing child (`__draw`)
    /// is served here with `drawer` (DotsSSOPictures's, which the executable supplies) and ends the process.
    package static func begin(_ arguments: [String], drawer: () -> any Drawer) {
        // Without /proc (a chroot), libdispatch's worker monitor aborts the process; jobs then run on our own pool.
        if access("/proc/self/stat", R_OK) != 0 { _ = dots_install_own_executor() }
        // A drawing child: picture work under limits, for a parent dots-sso (see DrawingJob).
        if arguments.count > 1, arguments[1] == DrawingWorker.argument {
            dots_end_process(DrawingWorker.serve(Array(arguments.dropFirst(2)), drawer: drawer()))
        }
        // Heaps grow in large steps, not 128 KiB at a time (heap_steps.c); the drawing child, under its memory
        // limit, keeps glibc's steps.
        dots_grow_heaps_in_large_steps()
        if arguments.count > 1 {
            CurlHTTPClient.preloadLibrary(forCommand: arguments[1])
            FetchedDigests.fetchAhead(forCommand: arguments[1])
        }
        // Private folders the run makes in the temporary directory go with it, also when it is interrupted.
        ScratchSpace.removeOnTermination()
    }
}
