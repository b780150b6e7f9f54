import Foundation
import Messages

func runDecode(_ arguments: [String]) throws {
    guard let path = arguments.first else { throw BenchError("decode needs FILE") }
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let clock = ContinuousClock()
    var start = clock.now
    let values = try JSONValue.parseLines(data)
    print("JSONValue.parseLines: \(values.count) values in \(clock.now - start)")
    start = clock.now
    var count = 0
    try NDJSONReader().forEachEnvelope(in: data) { _ in count += 1 }
    print("JSONDecoder: \(count) envelopes in \(clock.now - start)")
}
