import Foundation
import Messages
import SpecKit
import Synchronization

/// The message stream of a runner process, written as NDJSON to the descriptor its parent reads: what its hooks and
/// test cases do (the parent emits the documents, definitions and test cases itself, with the same ids).
///
/// With a `StreamJournal`, the stream is written out in large pieces: when a test case finishes (in a worker of a
/// parallel run, whose command hands out more as test cases finish), when a hook finishes, every 64 KiB, at the end,
/// and at a step's start when nothing was written for 50 ms (so that a slow run still shows its progress). Whatever
/// is not written out yet is in the journal: should the process die in a body, its parent has every message up to
/// that body's start and can fail that step. Without a journal, the stream is written out before each step or hook
/// body starts.
final class ChildStreamSink: MessageSink {
    private struct Output: ~Copyable {
        var writer: NDJSONWriter
        /// When the stream was last written out (`DispatchTime` nanoseconds).
        var writtenAt: UInt64 = DispatchTime.now().uptimeNanoseconds
    }

    private static let quietNanoseconds: UInt64 = 50_000_000

    private let output: Mutex<Output>
    private let journal: StreamJournal?
    private let writesEachTestCase: Bool
    /// Set once a write fails (the parent is gone): nothing more is written, and the process ends.
    private let broken = Atomic<Bool>(false)

    /// A sink writing to `descriptor`, keeping what it has not written out in `journal`; `writesEachTestCase`
    /// writes the stream out each time a test case finishes.
    init(descriptor: Int32, journal: StreamJournal?, writesEachTestCase: Bool) {
        output = Mutex(
            Output(
                writer: NDJSONWriter(
                    fileDescriptor: descriptor, name: "the runner's stream", flushThreshold: 1 << 16)))
        self.journal = journal
        self.writesEachTestCase = writesEachTestCase
    }

    func emit(_ envelope: Envelope) {
        switch envelope {
        case .meta, .source, .gherkinDocument, .pickle, .parseError, .parameterType, .stepDefinition, .hook,
            .undefinedParameterType, .testRunStarted, .testCase:
            // The command emits these itself, with the same ids: only what runs here is sent.
            return
        default:
            break
        }
        guard !broken.load(ordering: .relaxed) else { return }
        let failed = output.withLock { output -> Bool in
            do throws(NDJSONWriteError) {
                try output.writer.write(envelope)
                if writesOut(envelope, &output) {
                    try output.writer.flush()
                    output.writtenAt = DispatchTime.now().uptimeNanoseconds
                }
                if let journal {
                    let position = output.writer.flushedByteCount
                    output.writer.withUnsafeBufferedBytes { journal.hold($0, from: position) }
                }
                return false
            } catch {
                return true
            }
        }
        if failed {
            // The parent stopped reading: nobody will see what this process does from now on.
            broken.store(true, ordering: .relaxed)
            _exit(3)
        }
    }

    /// Whether the stream is written out after `envelope`.
    private func writesOut(_ envelope: Envelope, _ output: inout Output) -> Bool {
        switch envelope {
        case .testRunFinished, .testRunHookFinished:
            return true
        case .testCaseFinished:
            return journal == nil || writesEachTestCase || isQuiet(output)
        case .testStepStarted, .testRunHookStarted:
            return journal == nil || isQuiet(output)
        default:
            return false
        }
    }

    private func isQuiet(_ output: borrowing Output) -> Bool {
        DispatchTime.now().uptimeNanoseconds - output.writtenAt > Self.quietNanoseconds
    }

    /// Writes out what is buffered.
    func finish() {
        output.withLock { output in
            try? output.writer.flush()
            if let journal { journal.empty(at: output.writer.flushedByteCount) }
        }
    }
}
