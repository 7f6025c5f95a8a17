import Foundation

/// A path given on the command line where `-` means standard input.
public enum InputFile {
    /// The whole file (or stdin), or nil when it cannot be read.
    public static func read(_ path: String) -> Data? {
        path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
    }

    /// Like `read`, but stops after `limit + 1` bytes, so a caller can refuse an oversized input (stdin above
    /// all, which cannot be measured first) without holding all of it.
    public static func read(_ path: String, atMost limit: Int) -> Data? {
        // A plain file of known size is read in one go; stdin, FIFOs and devices in chunks.
        if path != "-", let status = FileStatus(path), status.isRegular, status.size <= limit {
            return FileManager.default.contents(atPath: path)
        }
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            guard let file = FileHandle(forReadingAtPath: path) else { return nil }
            handle = file
        }
        defer { if path != "-" { try? handle.close() } }
        var data = Data()
        while data.count <= limit {
            guard let chunk = try? handle.read(upToCount: min(1 << 16, limit + 1 - data.count)), !chunk.isEmpty else { break }
            data.append(chunk)
        }
        return data
    }

    /// How messages name it.
    public static func displayName(_ path: String) -> String {
        path == "-" ? "stdin" : path
    }
}
