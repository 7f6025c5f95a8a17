import CDotsRuntime
import DotsSSOBasics
import DotsSSOCore
import DotsSSOLoopback
import DotsSSOPictures

#if canImport(Glibc)
    import Glibc
#endif

/// What the binary does with its process before it parses a command line, and the context it runs commands with.
/// The one place that names the drawing, keyring and loopback implementations, which the core reaches only through the
/// context (it must not import their modules).
enum BinaryStart {
    /// Prepares the process for `arguments` (the whole command line, the program first) and returns the context. A
    /// drawing child (`__draw`) is served here and ends the process.
    static func begin(_ arguments: [String]) -> CommandContext {
        // Without /proc (a chroot), libdispatch's worker monitor aborts the process; jobs then run on our own pool.
        if access("/proc/self/stat", R_OK) != 0 { _ = dots_install_own_executor() }
        // A drawing child: picture work under limits, for a parent dots-sso (see DrawingJob).
        if arguments.count > 1, arguments[1] == DrawingWorker.argument {
            dots_end_process(DrawingWorker.serve(Array(arguments.dropFirst(2)), drawer: PictureDrawer()))
        }
        if arguments.count > 1 { CurlHTTPClient.preloadLibrary(forCommand: arguments[1]) }
        // Private folders the run makes in the temporary directory go with it, also when it is interrupted.
        ScratchSpace.removeOnTermination()
        return .binary()
    }
}

extension CommandContext {
    /// The live context with the implementations behind it: the in-process drawer (the fallback when no bounded
    /// drawing child can start), the desktop keyring, and the loopback HTTP server under sign-ins and the sandbox.
    static func binary() -> CommandContext {
        var context = CommandContext.live()
        context.drawer = PictureDrawer()
        context.keyring = SecretServiceKeyring()
        context.listening = HummingbirdLoopback()
        return context
    }
}
