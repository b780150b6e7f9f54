import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on `NAME.lock` beside a run history, held while a run reads, merges and
/// writes the history, so that runs ending at once each add their run. The lock goes with the descriptor: a run
/// that dies holding it releases it.
struct HistoryLock {
    /// Why the lock was not taken.
    struct Failure: Error {
        let reason: String
    }

    private let descriptor: Int32

    /// The lock file of the history at `url`: `NAME.lock` in the same folder.
    static func file(beside url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".lock")
    }

    /// Takes the lock of the history at `url`, waiting at most `wait` for another holder to release it (trying
    /// again every 10 ms; the thread blocks meanwhile). Creates the lock file, and the history's folder, if needed.
    static func acquire(beside url: URL, wait: Duration) -> Result<HistoryLock, Failure> {
        let lockURL = file(beside: url)
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .failure(
                Failure(reason: "its lock file \(lockURL.path) cannot be opened (\(String(cString: strerror(errno))))"))
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return .success(HistoryLock(descriptor: descriptor)) }
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                let reason = String(cString: strerror(code))
                return .failure(Failure(reason: "its lock file \(lockURL.path) cannot be locked (\(reason))"))
            }
            guard clock.now < deadline else {
                close(descriptor)
                return .failure(
                    Failure(reason: "another run held its lock file \(lockURL.path) for longer than \(wait)"))
            }
            usleep(10_000)
        }
    }

    /// Releases the lock.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
