import Foundation

/// A path given on the command line where `-` means standard input.
public enum InputFile {
    /// The whole file (or stdin), or nil when it cannot be read.
    public static func read(_ path: String) -> Data? {
        path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
    }

    /// How messages name it.
    public static func displayName(_ path: String) -> String {
        path == "-" ? "stdin" : path
    }
}
