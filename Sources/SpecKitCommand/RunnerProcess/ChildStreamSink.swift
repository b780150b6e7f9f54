import Foundation
import Messages
import SpecKit
import Synchronization

/// The message stream of a runner process, written as NDJSON to the descriptor its parent reads: what its hooks and
/// test cases do (the parent emits the documents, definitions and test cases itself, with the same ids).
///
/// The stream is written out before each step or hook body starts (at `testStepStarted` and
/// `testRunHookStarted`), when a test case finishes and at the end, and in between when 64 KiB are buffered: should
/// the process die in a body, its parent has every message up to that body's start and can fail that step.
final class ChildStreamSink: MessageSink {
    private let writer: Mutex<NDJSONWriter>
    /// Set once a write fails (the parent is gone): nothing more is written, and the process ends.
    private let broken = Atomic<Bool>(false)

    init(descriptor: Int32) {
        writer = Mutex(NDJSONWriter(fileDescriptor: descriptor, name: "the runner's stream", flushThreshold: 1 << 16))
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
        let failed = writer.withLock { writer -> Bool in
            do throws(NDJSONWriteError) {
                try writer.write(envelope)
                switch envelope {
                case .testStepStarted, .testRunHookStarted, .testCaseFinished, .testRunFinished:
                    try writer.flush()
                default:
                    break
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

    /// Writes out what is buffered.
    func finish() {
        writer.withLock { writer in try? writer.flush() }
    }
}
