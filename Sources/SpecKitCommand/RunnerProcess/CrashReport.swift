import Foundation
import Messages

/// What a runner process that died in the middle of a run said about it: the message a crashed step fails with
/// and the Swift places it knows, read from how the process ended and the end of its standard error (Swift's
/// `Fatal error: …` line and the crashed thread's frames, as the runtime's backtracer prints them).
struct CrashReport: Sendable, Hashable {
    /// What the step fails with: what ended the process, Swift's own line, the first frames.
    let message: String
    /// The frames that name a source place, innermost first; the first outside the toolchain is the step's.
    let frames: [StackFrame]

    /// How many frames of the crashed thread the message shows.
    static let shownFrames = 5

    /// `stoppedBy`: the signal that had stopped the process when `StoppedRunnerWatch` ended it. `inStep`: whether
    /// a step (or a hook of a scenario) was running, which the message says; not outside any scenario or after the
    /// run.
    init(
        ending: RunnerSpawn.Ending, standardError tail: String, root: String, stoppedBy: Int32? = nil,
        inStep: Bool = true
    ) {
        let inThisStep = inStep ? " in this step" : ""
        var lines: [String] = []
        switch ending {
        case .signalled(SIGKILL) where stoppedBy != nil:
            let signal = stoppedBy ?? SIGSTOP
            let seconds = StoppedRunnerWatch.observations / 4
            lines.append(
                "the runner process was stopped\(inThisStep) by signal \(signal) (\(Self.stopSignalName(signal))) "
                    + "and stayed stopped for \(seconds) s: it was ended so that the run could go on")
        case .exited(RunnerGuard.exitStatus) where tail.contains(RunnerGuard.notice):
            lines.append(
                "the step did not return within its timeout and held its thread, while every other thread of the "
                    + "runner process was held too (a wait that never ends: a semaphore, a lock, a blocking call): "
                    + "the runner process was ended so that the run could go on")
        case .signalled(let signal) where signal == SIGTERM || signal == SIGINT:
            lines.append(
                "the runner process was ended\(inThisStep) by signal \(signal) (\(Self.signalName(signal))), sent to "
                    + "it alone: by the step, or by another process")
        case .signalled(let signal):
            lines.append("the runner process crashed\(inThisStep): signal \(signal) (\(Self.signalName(signal)))")
        case .exited(let status):
            lines.append(
                "the runner process ended\(inThisStep) with exit status \(status) (a step called exit(), or the "
                    + "process was ended)")
        }
        let output = tail.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in output where line.contains("Fatal error") {
            lines.append(line.trimmingCharacters(in: .whitespaces))
        }
        // The crashed thread's frames that have a place in the package's code, up to the harness's own.
        var frames: [StackFrame] = []
        var shown: [String] = []
        if let crashed = output.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix("crashed:") }) {
            for line in output[(crashed + 1)...] {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty {
                    if shown.isEmpty && frames.isEmpty { continue }
                    break
                }
                guard trimmed.first?.isNumber == true, let place = Self.place(in: trimmed, root: root) else { continue }
                if place.file.contains("Sources/SpecKit/") || place.file.hasPrefix("SpecKit/") { break }
                frames.append(place)
                if shown.count < Self.shownFrames { shown.append("  \(Self.symbol(in: trimmed)) at \(place)") }
            }
        }
        if !shown.isEmpty { lines.append("crashed in:\n" + shown.joined(separator: "\n")) }
        message = lines.joined(separator: "\n")
        self.frames = frames
    }

    /// The function of a backtrace frame (`  3 [ra] 0x… boom(_:) + 32 in c at /p/c.swift:1:33` → `boom(_:)`).
    static func symbol(in frame: String) -> String {
        guard let address = frame.range(of: " 0x") else { return frame }
        var symbol = frame[address.upperBound...].drop { $0 != " " }.dropFirst()
        if let end = symbol.range(of: " + ") ?? symbol.range(of: " in ") { symbol = symbol[..<end.lowerBound] }
        return String(symbol)
    }

    /// The place `… at /path/File.swift:12:5` of a backtrace frame, relative to `root` when inside it and written
    /// as Swift's `#fileID` is (`Module/File.swift`) for a file of `Sources/Module/`.
    static func place(in frame: String, root: String) -> StackFrame? {
        guard let range = frame.range(of: " at /", options: .backwards) else { return nil }
        let place = frame[frame.index(after: range.lowerBound)...].dropFirst(3)
        let parts = place.split(separator: ":")
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            return nil
        }
        var file = parts.dropLast(2).joined(separator: ":")
        let base = root.hasSuffix("/") ? root : root + "/"
        if file.hasPrefix(base) {
            file.removeFirst(base.count)
            let components = file.split(separator: "/")
            if components.count == 3, components[0] == "Sources" {
                file = components.dropFirst().joined(separator: "/")
            }
        }
        return StackFrame(file: file, line: line, column: column)
    }

    /// What a signal that stops a process means.
    static func stopSignalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSTOP: "SIGSTOP: sent by the step, or by another process"
        case SIGTSTP: "SIGTSTP: a stop asked of the process alone"
        case SIGTTIN: "SIGTTIN: the step read the terminal while the run was in the shell's background"
        case SIGTTOU: "SIGTTOU: the step wrote to the terminal while the run was in the shell's background"
        default: "signal \(signal)"
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL: a Swift runtime trap, e.g. fatalError, an index out of range or a nil force-unwrapped"
        case SIGTRAP: "SIGTRAP: a Swift runtime trap"
        case SIGSEGV: "SIGSEGV: a bad memory access"
        case SIGBUS: "SIGBUS: a bad memory access"
        case SIGFPE: "SIGFPE: an arithmetic error"
        case SIGABRT: "SIGABRT: abort()"
        case SIGKILL: "SIGKILL: killed, e.g. out of memory"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: "signal \(signal)"
        }
    }
}
