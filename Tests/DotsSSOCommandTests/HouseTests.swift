import ArgumentParser
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// The floors the compiler cannot keep inside one module: the core's folders depend on each other in one direction
/// (a cycle means two folders are one concept, or a name lives on the wrong side), and the drawing libraries stay
/// behind DotsSSOPictures.
@Suite("the house: folders without cycles, drawing behind its module")
struct HouseTests {
    /// Each folder of the core → the folders whose names it uses, with the names.
    static func folderGraph() throws -> [String: [String: Set<String>]] {
        let files = try SourceTree.files().filter { $0.module == "DotsSSOCore" }
        let declaration = try Regex(
            #"(?m)^(?:package |public |internal )?(?:final )?(?:indirect )?(?:struct|enum|class|protocol|typealias|actor) ([A-Z]\w*)"#)
        var home: [String: String] = [:]
        for file in files {
            for match in file.text.matches(of: declaration) {
                if let name = match.output[1].substring { home[String(name)] = file.folder }
            }
        }
        let comment = try Regex(#"//[^\n]*"#)
        let literal = try Regex(#""(?:[^"\\\n]|\\.)*""#)
        let word = try Regex(#"\b[A-Z]\w*\b"#)
        var graph: [String: [String: Set<String>]] = [:]
        for file in files {
            let code = file.text.replacing(comment, with: "").replacing(literal, with: "\"\"")
            for match in code.matches(of: word) {
                let name = String(code[match.range])
                guard let folder = home[name], folder != file.folder else { continue }
                graph[file.folder, default: [:]][folder, default: []].insert(name)
            }
        }
        return graph
    }

    @Test("the core's folders form no cycle: each depends on the ones below it only")
    func noFolderCycle() throws {
        let graph = try Self.folderGraph()
        #expect(graph["Context"] != nil && graph["OAuth"]?["Config"] != nil, "the walker sees the folders: \(graph.keys.sorted())")
        var state: [String: Bool] = [:]  // false: on the path being walked; true: done
        var path: [String] = []
        var cycles: [String] = []
        func walk(_ folder: String) {
            state[folder] = false
            path.append(folder)
            for next in (graph[folder] ?? [:]).keys.sorted() {
                if state[next] == false {
                    let loop = Array(path[path.firstIndex(of: next)!...]) + [next]
                    let closing = zip(loop, loop.dropFirst()).map {
                        "\($0) → \($1) (\(graph[$0]![$1]!.sorted().prefix(3).joined(separator: ", ")))"
                    }
                    cycles.append(closing.joined(separator: "; "))
                } else if state[next] == nil {
                    walk(next)
                }
            }
            path.removeLast()
            state[folder] = true
        }
        for folder in graph.keys.sorted() where state[folder] == nil { walk(folder) }
        #expect(cycles.isEmpty, "folder cycles (move the name that closes each): \(cycles)")
    }

    @Test("only DotsSSOPictures draws: no other module imports CPictures, and the core never names the pictures module")
    func drawingBehindItsModule() throws {
        let files = try SourceTree.files()
        let drawing = files.filter { $0.text.contains("import CPictures") }.map(\.module)
        #expect(!drawing.isEmpty && Set(drawing) == ["DotsSSOPictures"], "CPictures imported by \(Set(drawing).sorted())")
        let reaching = files.filter {
            $0.module == "DotsSSOCore" && ($0.text.contains("import DotsSSOPictures") || $0.text.contains("PictureDrawer("))
        }.map(\.path)
        #expect(reaching.isEmpty, "the core reaches drawing through CommandContext.drawer only: \(reaching)")
    }

    @Test("the core imports no server library: SwiftNIO and Hummingbird are DotsSSOLoopback's and the sandbox's")
    func serverBehindItsModule() throws {
        // The build would not always refuse it: SwiftPM lets a module import any module already built beside it.
        let server = ["import NIO", "import Hummingbird", "import Logging", "import ServiceLifecycle", "import DotsSSOLoopback"]
        let reaching = try SourceTree.files().filter { file in
            ["DotsSSOBasics", "DotsSSOCore", "DotsSSOFuzzTargets"].contains(file.module)
                && file.text.split(separator: "\n").contains { line in server.contains { line.hasPrefix($0) } }
        }.map(\.path)
        #expect(reaching.isEmpty, "the core listens through CommandContext.listening only: \(reaching)")
    }

    @Test("an option is declared once, in its group: no two @Option or @Flag declarations share their help")
    func noOptionDeclaredTwice() throws {
        var declared: [String: [String]] = [:]
        for file in try SourceTree.files() where file.module == "dots-sso" {
            let text = file.text
            var searchFrom = text.startIndex
            while let attribute = text.range(of: #"@(Option|Flag)\("#, options: .regularExpression, range: searchFrom..<text.endIndex) {
                searchFrom = attribute.upperBound
                guard let variable = text.range(of: "var ", range: attribute.upperBound..<text.endIndex),
                    let help = text.range(of: "help:", range: attribute.upperBound..<variable.lowerBound)
                else { continue }
                // The help as written (a literal or a shared constant), whitespace folded and completions left out.
                var words = text[help.upperBound..<variable.lowerBound].split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if let completion = words.range(of: "completion:") { words = String(words[..<completion.lowerBound]) }
                let name = text[variable.upperBound...].prefix { $0.isLetter || $0.isNumber }
                declared[words, default: []].append("\(file.name): \(name)")
            }
        }
        #expect(declared.count > 100, "the scan found the options")
        let twice = declared.filter { $0.value.count > 1 }
        #expect(twice.isEmpty, "declared more than once; make it a group and use that: \(twice.values.sorted { $0[0] < $1[0] })")
    }

    @Test("command files are named one way (the command as typed), and option groups live in Options/")
    func commandFilesAndGroups() throws {
        let files = try SourceTree.files().filter { $0.module == "dots-sso" }
        let commands = files.filter { $0.path.hasPrefix("dots-sso/Commands/") }
        #expect(commands.count > 20)
        #expect(commands.filter { $0.name.hasSuffix("Command.swift") || $0.name.hasSuffix("Commands.swift") }.isEmpty)
        let strayGroups = files.filter { !$0.path.hasPrefix("dots-sso/Options/") && $0.text.contains(": ParsableArguments {") }
        #expect(strayGroups.isEmpty, "option groups outside Options/: \(strayGroups.map(\.path))")
    }

    @Test("the core spells no command-line flag in a string of its own: each is a CLIFlag case, interpolated")
    func noFlagSpelledInTheCore() throws {
        var spelled: [String] = []
        for file in try SourceTree.files() where file.module == "DotsSSOCore" && file.name != "CLIFlag.swift" {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                if line.range(of: #""(?:[^"\\]|\\.)*(?<![\w-])--[a-z][a-z0-9-]+"#, options: .regularExpression) != nil {
                    spelled.append("\(file.path):\(number + 1)")
                }
            }
        }
        #expect(CLIFlag.allCases.count > 50)
        #expect(spelled.isEmpty, "flags spelled in core strings (use CLIFlag): \(spelled)")
    }
}

/// How `DotsSSO.run` tells ArgumentParser's errors from an internal one, by ArgumentParser's public API rather than by
/// the name of its (internal) error types.
@Suite("ArgumentParser's errors, told apart")
struct ArgumentParserErrorTests {
    struct Unexpected: Error {}

    @Test("help and usage errors are ArgumentParser's (0 and 64); any other error is a plain failure, reported as internal")
    func toldApart() throws {
        #expect(DotsSSO.exitCode(for: ValidationError("bad")) == .validationFailure)
        #expect(DotsSSO.exitCode(for: CleanExit.helpRequest()) == .success)
        do {
            _ = try DotsSSO.parseAsRoot(["--no-such-flag"])
        } catch {
            #expect(DotsSSO.exitCode(for: error) == .validationFailure)
        }
        #expect(DotsSSO.exitCode(for: Unexpected()) == .failure)
    }
}
