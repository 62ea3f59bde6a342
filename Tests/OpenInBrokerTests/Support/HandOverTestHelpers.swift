import Foundation
import Glibc
import OpenInBroker
import Testing

/// Helpers shared by the hand-over tests.
enum HandOverTestHelpers {
    /// The names in a folder, sorted, hidden ones included.
    static func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// SHA-256 computed by coreutils' `sha256sum`, independently of the code under test.
    static func sha256sum(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    /// The permission bits of a path (not following a final symbolic link).
    static func mode(_ path: String) -> UInt32 {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return UInt32(status.st_mode) & 0o7777
    }

    /// The contents of a file.
    static func contents(_ path: String) -> [UInt8] {
        (FileManager.default.contents(atPath: path)).map { Array($0) } ?? []
    }

    /// Runs `body`, expecting a ``HandOverError`` with `code`; returns it.
    @discardableResult
    static func expectError<T>(
        _ code: HandOverError.Code, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> T
    ) -> HandOverError? {
        do {
            let value = try body()
            Issue.record("expected \(code), got \(value)", sourceLocation: sourceLocation)
            return nil
        } catch let error as HandOverError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("expected a HandOverError \(code), got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
