import CDotsRuntime

/// The process's own arguments. Swift's `CommandLine.arguments` is read from /proc/self/cmdline on Linux; in a
/// chroot or a minimal container without /proc it is empty, and every command would show the help. The C runtime
/// hands the real argv to constructors, so they are captured there (dots_runtime.h) and used when /proc fails us.
package enum ProcessArguments {
    package static var all: [String] {
        let count = Int(dots_argument_count())
        guard count > 0 else { return CommandLine.arguments }
        return (0..<count).map { dots_argument(Int32($0)).map { String(cString: $0) } ?? "" }
    }
}
