import Foundation

/// A D-Bus session bus of the test's own (no system services on it), and on request a real Secret Service on it:
/// Debian's gnome-keyring-daemon with a login keyring made and unlocked from a password, in folders of the test's own.
/// Nothing here touches the machine's own session or keyrings.
package final class PrivateSessionBus: @unchecked Sendable {
    package let folder = TemporaryDirectory("bus")
    package let address: String
    private let bus: BackgroundProcess
    private var keyring: BackgroundProcess?

    /// Whether the programs are here (Scripts/bootstrap installs them): tests skip with a notice without them.
    package static var available: Bool {
        ["/usr/bin/dbus-daemon", "/usr/bin/gnome-keyring-daemon", "/usr/bin/dbus-send"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts the bus. `activating` names a program D-Bus starts when a client asks for org.freedesktop.secrets (one
    /// that never answers stands for a stuck keyring); none: the name is simply absent.
    package init(activating program: String? = nil) async throws {
        let root = folder.url.path
        for sub in ["home", "data", "run", "services"] {
            try FileManager.default.createDirectory(
                atPath: "\(root)/\(sub)", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        if let program {
            try "[D-BUS Service]\nName=org.freedesktop.secrets\nExec=\(program)\n"
                .write(toFile: "\(root)/services/org.freedesktop.secrets.service", atomically: true, encoding: .utf8)
        }
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(root)/bus</listen>
              <servicedir>\(root)/services</servicedir>
              <limit name="service_start_timeout">20000</limit>
              <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
            </busconfig>
            """
        try config.write(toFile: "\(root)/bus.conf", atomically: true, encoding: .utf8)
        bus = try BackgroundProcess(
            "/usr/bin/dbus-daemon", ["--config-file=\(root)/bus.conf", "--nofork", "--print-address=1"], separateStderr: true)
        address = try await bus.waitFor("^(unix:path=\\S+)$")
    }

    /// What a program on this bus needs: the bus, and a home and runtime folder of the test's own.
    package var environment: [String: String] {
        let root = folder.url.path
        return [
            "DBUS_SESSION_BUS_ADDRESS": address, "HOME": "\(root)/home", "XDG_DATA_HOME": "\(root)/data",
            "XDG_RUNTIME_DIR": "\(root)/run",
        ]
    }

    /// Starts gnome-keyring-daemon's Secret Service with a login keyring made from `password` (read from its stdin),
    /// unlocked, and waits until the bus has it.
    package func startKeyring(password: String = "test-keyring-password") async throws {
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, ours in ours }
        let daemon = try BackgroundProcess(
            "/usr/bin/gnome-keyring-daemon", ["--foreground", "--unlock", "--components=secrets"], environment: env, interactive: true)
        keyring = daemon
        try daemon.send(password)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if try await send(["/org/freedesktop/DBus", "org.freedesktop.DBus.ListNames"], to: "org.freedesktop.DBus")
                .contains("\"org.freedesktop.secrets\"")
            {
                return
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        throw BackgroundProcess.StartError(description: "gnome-keyring-daemon did not come up: \(daemon.output)")
    }

    /// Locks the login keyring, as a screen lock or `seahorse` does.
    package func lock() async throws {
        _ = try await send([
            "/org/freedesktop/secrets", "org.freedesktop.Secret.Service.Lock", "array:objpath:/org/freedesktop/secrets/collection/login",
        ])
    }

    /// How many items the keyring holds for `entry` (the attribute dots-sso finds its items by), unlocked or not.
    package func items(entry: String) async throws -> Int {
        let reply = try await send([
            "/org/freedesktop/secrets", "org.freedesktop.Secret.Service.SearchItems", "dict:string:string:entry,\(entry)",
        ])
        return reply.components(separatedBy: "object path \"/org/freedesktop/secrets/collection/").count - 1
    }

    private func send(_ arguments: [String], to destination: String = "org.freedesktop.secrets") async throws -> String {
        let result = try await ProcessRunner.run(
            "/usr/bin/dbus-send", ["--session", "--dest=\(destination)", "--print-reply"] + arguments, environment: environment,
            timeout: 20)
        return result.stdout
    }

    /// Stops the bus, and the keyring daemon that runs in this bus's folders (found by its environment).
    package func stop() {
        keyring?.stop()
        bus.stop()
        let runtime = "XDG_RUNTIME_DIR=\(folder.url.path)/run"
        for pid in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(pid) != nil {
            guard let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
                command.contains("gnome-keyring-daemon"),
                let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                String(decoding: environ, as: UTF8.self).split(separator: "\0").contains(Substring(runtime))
            else { continue }
            kill(Int32(pid)!, SIGTERM)
        }
    }
}
