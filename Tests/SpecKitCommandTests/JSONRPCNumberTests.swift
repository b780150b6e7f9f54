import Foundation
import Testing

@testable import SpecKitCommand

/// A message written back by the language server keeps every number as the client sent it: an id past 2^53, an
/// unsigned 64-bit value or a decimal with more digits than a `Double` holds comes back the same (found by the
/// framing fuzz target).
@Suite struct JSONRPCNumberTests {
    @Test(arguments: [
        "9007199254740993", "-9007199254740993", "18446744073709551615", "155325592629044838.38", "1.5", "42", "true",
    ])
    func `a number read from the client is written back as it was`(number: String) throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data("{\"id\":\(number)}".utf8)) as? [String: Any])
        var pipe: [Int32] = [0, 0]
        try #require(Foundation.pipe(&pipe) == 0)
        defer {
            close(pipe[0])
            close(pipe[1])
        }
        JSONRPCConnection(input: -1, output: pipe[1]).send(object)
        guard case .message(let echoed) = JSONRPCConnection(input: pipe[0], output: -1).read() else {
            Issue.record("the message written does not read again")
            return
        }
        let sent = try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
        let received = try JSONSerialization.data(withJSONObject: echoed, options: .sortedKeys)
        #expect(
            String(decoding: received, as: UTF8.self) == String(decoding: sent, as: UTF8.self),
            "\(String(decoding: sent, as: UTF8.self))")
    }
}
