import Foundation
import Testing

@testable import SpecKitCommand

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `speckit.build`: where the server's binary was built, the build's progress, and the hand-over of the session to
/// the new build (the bytes read and not handled are never lost).
@Suite struct ServerBuildTests {
    @Test(arguments: [
        ("/p/Shop/.build/release/shop-specs", "/p/Shop", "release", "shop-specs"),
        ("/p/Shop/.build/x86_64-unknown-linux-gnu/debug/shop-specs", "/p/Shop", "debug", "shop-specs"),
    ])
    func `a binary in a package's build folder names its package, configuration and product`(
        path: String, package: String, configuration: String, product: String
    ) throws {
        let place = try #require(ServerBuild.Executable(path: path, arguments: [], modified: nil).buildPlace)
        #expect(place.package == package && place.configuration == configuration && place.product == product)
    }

    @Test(arguments: ["/usr/local/bin/shop-specs", "/p/.build/shop-specs", "/p/.build/profile/shop-specs"])
    func `a binary elsewhere cannot build itself`(path: String) {
        #expect(ServerBuild.Executable(path: path, arguments: [], modified: nil).buildPlace == nil)
    }

    @Test func `build lines give the share done`() {
        #expect(ServerBuild.percentage("[12/340] Compiling FeedAcceptance FeedSteps.swift") == 3)
        #expect(ServerBuild.percentage("[340/340] Linking feed-specs") == 100)
        #expect(ServerBuild.percentage("Building for debugging...") == nil)
        #expect(ServerBuild.percentage("[3/0] nothing") == nil)
    }

    @Test func `a hand-over is read back whole and its file removed`() throws {
        let handover = ServerHandover(
            initialize: ["rootUri": "file:///p", "capabilities": ["window": ["workDoneProgress": true]]],
            settings: ["timeout": 5.0], documents: [("file:///p/a.feature", "Feature: A\n", 3)],
            pending: [["jsonrpc": "2.0", "method": "initialized"]], unread: Array("Content-Len".utf8),
            message: "Restarted")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "speckit-lsp-test-\(UUID().uuidString).json"
        ).path
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: try handover.json(), attributes: [.posixPermissions: 0o600]))
        let read = try #require(ServerHandover(readingAndRemoving: path))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(read.initialize["rootUri"] as? String == "file:///p")
        #expect(read.documents.count == 1 && read.documents[0].text == "Feature: A\n" && read.documents[0].version == 3)
        #expect((read.pending.first as? [String: Any])?["method"] as? String == "initialized")
        #expect(read.unread == Array("Content-Len".utf8) && read.message == "Restarted")
    }

    @Test func `a variable naming any other file reads nothing and removes nothing`() throws {
        let folder = FileManager.default.temporaryDirectory
        let json = try ServerHandover(
            initialize: [:], settings: [:], documents: [], pending: [], unread: [], message: ""
        ).json()
        let elsewhere = folder.appendingPathComponent("not-a-handover-\(UUID().uuidString).json").path
        let readable = folder.appendingPathComponent("speckit-lsp-\(UUID().uuidString).json").path
        #expect(
            FileManager.default.createFile(atPath: elsewhere, contents: json, attributes: [.posixPermissions: 0o600]))
        #expect(
            FileManager.default.createFile(atPath: readable, contents: json, attributes: [.posixPermissions: 0o644]))
        defer {
            try? FileManager.default.removeItem(atPath: elsewhere)
            try? FileManager.default.removeItem(atPath: readable)
        }
        for path in [elsewhere, readable, "/etc/passwd", folder.path] {
            #expect(ServerHandover(readingAndRemoving: path) == nil, "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: elsewhere), "a file not named as a hand-over is left")
        #expect(FileManager.default.fileExists(atPath: readable), "a file others can read is left")
        #expect(FileManager.default.fileExists(atPath: "/etc/passwd"))
    }

    @Test func `stopping reads keeps the bytes of the frame not read whole, and reading resumes from them`() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let connection = JSONRPCConnection(input: ends[0], output: -1)
        let first = "Content-Length: 2\r\n\r\n{}"
        let partial = "Content-Length: 4\r\n\r\nnu"
        let bytes = Array((first + partial).utf8)
        #expect(write(ends[1], bytes, bytes.count) == bytes.count)
        guard case .message = connection.read() else {
            Issue.record("the first frame is read")
            return
        }
        // The second frame's body is not all there: reading waits, until it is stopped.
        let stopper = Thread { connection.stopReading() }
        stopper.start()
        guard case .end = connection.read() else {
            Issue.record("a stopped read ends")
            return
        }
        #expect(connection.stoppedReading)
        #expect(connection.unread == Array(partial.utf8))
        // The hand-over failed: reading goes on, and the frame is read whole once the rest comes.
        connection.resumeReading()
        let rest = Array("ll".utf8)
        #expect(write(ends[1], rest, rest.count) == rest.count)
        close(ends[1])
        guard case .message(let value) = connection.read() else {
            Issue.record("the frame is read after resuming")
            return
        }
        #expect(value is NSNull)
    }
}
