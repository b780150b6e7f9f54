import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where tests put the files they make: `/dev/shm` when it is a writable, memory-backed folder with room to spare,
/// else the system's temporary folder.
///
/// The stores, the crash-safety savers and the reports call `fsync` after every write: about 90,000 calls in one
/// `swift test`. On a disk that really writes each one (a few milliseconds apiece), they queue behind each other,
/// hold the cooperative threads that issue them, and stretch a one-minute run past ten minutes. In memory they cost
/// nothing, and the code under test runs exactly as it does on disk: a process killed mid-save, a rename, a lock
/// behave the same; only a power cut tells the two apart, and no test simulates one.
package let scratchFolder: URL = {
    let shared = "/dev/shm"
    var info = statvfs()
    if access(shared, W_OK | X_OK) == 0, statvfs(shared, &info) == 0,
        UInt64(info.f_bavail) * UInt64(info.f_frsize) >= 1 << 30
    {
        return URL(fileURLWithPath: shared, isDirectory: true)
    }
    return FileManager.default.temporaryDirectory
}()
