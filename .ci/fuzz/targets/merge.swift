// modules: Messages StepSuggestions SpecReports
// options: -max_len=65536 -timeout=20
//
// Fuzz target for `merge`'s input: the bytes are up to four NDJSON shard streams, separated by lines `---`. Each
// is read (a bad line is an error naming it), the shards are merged (a stream that breaks its own ids, or shards
// that overlap, are errors naming the line), and every report is written from the merged stream: never a crash,
// a trap or a hang, whatever the messages say.

import Foundation
import Messages
import SpecReports

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    var shards: [Data] = []
    var start = bytes.startIndex
    let separator = Data("\n---\n".utf8)
    while shards.count < 3, let range = bytes.range(of: separator, in: start..<bytes.endIndex) {
        shards.append(bytes[start..<range.lowerBound])
        start = range.upperBound
    }
    shards.append(bytes[start...])
    var streams: [[Envelope]] = []
    for (index, shard) in shards.enumerated() {
        do {
            streams.append(try NDJSONReader(skipsUnknownEnvelopeTypes: index == 0).read(shard, file: "shard").envelopes)
        } catch {
            precondition(!"\(error)".isEmpty)
            return 0
        }
    }
    let merged: [Envelope]
    do {
        merged = try ShardMerger().merge(streams)
    } catch {
        precondition(!"\(error)".isEmpty)
        return 0
    }
    for format in ReportFormat.allCases {
        let output = MemoryOutput()
        let formatter = format.makeFormatter(output: output, settings: ReportSettings(), query: RunQuery())
        do {
            try formatter.format(merged)
        } catch {
            preconditionFailure("a report to memory failed: \(error)")
        }
        precondition(output.isClosed, "\(format) was not finished")
    }
    return 0
}
