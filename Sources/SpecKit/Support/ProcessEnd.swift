import Synchronization

/// Values a process holds until it ends, rather than freeing them piece by piece on its way out: what a command's
/// last run read of its specs (the 8,643 pickles of a corpus of 2,200 files took 16 ms to free, one by one, after
/// the run's last message and before the command could exit). Only a run that is the last thing its process does
/// leaves anything here (`RunConfiguration.endsWithProcess`): never a library's or a watch mode's run.
package enum ProcessEnd {
    private static let values = Mutex<[any Sendable]>([])

    /// Holds `value` until the process ends.
    package static func keep(_ value: some Sendable) {
        values.withLock { $0.append(value) }
    }
}
