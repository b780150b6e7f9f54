import Dispatch

/// The executor of a store that waits on the disk: a serial queue of its own. Writing a feed ends with `fsync`,
/// and SQLite waits for another process's lock; run on Swift's cooperative pool (one thread per core), those
/// waits would hold threads every other task needs. On this queue they hold a thread of their own, and the
/// store's actor isolation is kept: one job at a time, in order.
final class DiskExecutor: SerialExecutor {
    private let queue: DispatchQueue

    /// An executor whose queue is named `label` (in a debugger's and a profiler's list of threads).
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
