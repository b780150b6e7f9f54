import Feed
import FeedTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The contract of a file-backed store whose file cannot be read: retrieve throws an error naming it, changing nothing.
protocol FailableRetrieveFeedStoreSpecs: PersistentFeedStoreSpecs {}

/// A file-backed store's tests that can take away the write permissions its file needs.
protocol ReadOnlyLocationFeedStoreSpecs: PersistentFeedStoreSpecs {
    /// Takes away the write permissions the store needs to change its file at `location`, true when it could.
    func makeReadOnly(_ location: URL) -> Bool
}

/// The contract of a file-backed store that cannot write its file: insert throws an error naming it, changing nothing.
protocol FailableInsertFeedStoreSpecs: ReadOnlyLocationFeedStoreSpecs {}

/// The contract of a file-backed store that cannot remove its cache: delete throws an error naming the file and
/// keeps what is there.
protocol FailableDeleteFeedStoreSpecs: ReadOnlyLocationFeedStoreSpecs {}

/// Every failure contract a file-backed store honours.
typealias FailableFeedStoreSpecs = FailableRetrieveFeedStoreSpecs & FailableInsertFeedStoreSpecs
    & FailableDeleteFeedStoreSpecs

/// The timestamp of the feeds the failure contracts insert.
private let timestamp = Date(timeIntervalSinceReferenceDate: 700_000_000)

/// Expects `operation` to throw an error whose description contains `path`.
private func expectError(
    naming path: String, sourceLocation: SourceLocation, _ operation: () async throws -> Void
) async {
    await #expect(sourceLocation: sourceLocation) {
        try await operation()
    } throws: { error in
        "\(error)".contains(path)
    }
}

extension FailableRetrieveFeedStoreSpecs {
    /// Retrieve throws an error naming the location when a folder stands where the file goes.
    func assertThatRetrieveDeliversFailureWhenTheLocationIsADirectory(
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = location(in: directory.url)
        try FileManager.default.createDirectory(at: location, withIntermediateDirectories: true)

        await expectError(naming: location.path, sourceLocation: sourceLocation) {
            _ = try await makeStore(at: location).retrieve()
        }
    }

    /// A failing retrieve fails again when asked again and leaves what stands at the location as it was.
    func assertThatRetrieveHasNoSideEffectsOnFailure(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = location(in: directory.url)
        try FileManager.default.createDirectory(at: location, withIntermediateDirectories: true)
        let store = makeStore(at: location)

        await #expect(throws: (any Error).self, sourceLocation: sourceLocation) { _ = try await store.retrieve() }
        await #expect(throws: (any Error).self, sourceLocation: sourceLocation) { _ = try await store.retrieve() }
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) && isDirectory.boolValue,
            sourceLocation: sourceLocation)
    }

    /// Retrieve throws an error naming the location when the file may not be read (not enforced for root).
    func assertThatRetrieveDeliversFailureWhenTheFileIsUnreadable(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = location(in: directory.url)
        try await makeStore(at: location).insert(uniqueImageFeed().local, timestamp: timestamp)
        #expect(chmod(location.path, 0o000) == 0, sourceLocation: sourceLocation)

        await expectError(naming: location.path, sourceLocation: sourceLocation) {
            _ = try await makeStore(at: location).retrieve()
        }
    }
}

extension FailableInsertFeedStoreSpecs {
    /// Insert throws an error naming the location when a regular file stands where its folder goes, and leaves
    /// that file as it was.
    func assertThatInsertDeliversFailureWhenItsDirectoryCannotBeCreated(
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.url.appendingPathComponent("not-a-directory")
        try Data("a regular file".utf8).write(to: blocker)
        let location = blocker.appendingPathComponent("feed.cache")

        await expectError(naming: location.path, sourceLocation: sourceLocation) {
            try await makeStore(at: location).insert(uniqueImageFeed().local, timestamp: timestamp)
        }
        #expect(try Data(contentsOf: blocker) == Data("a regular file".utf8), sourceLocation: sourceLocation)
    }

    /// Insert throws an error naming the location in a read-only location and keeps the old feed (not enforced
    /// for root).
    func assertThatInsertDeliversFailureAndKeepsTheOldFeedInAReadOnlyLocation(
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await assertThatChangeFailsAndKeepsTheFeedInAReadOnlyLocation(sourceLocation: sourceLocation) { store in
            try await store.insert(uniqueImageFeed().local, timestamp: timestamp + 1)
        }
    }
}

extension ReadOnlyLocationFeedStoreSpecs {
    /// `change` on a store whose location was made read-only after a feed was saved throws an error naming the
    /// location, and the saved feed is still what the store retrieves.
    fileprivate func assertThatChangeFailsAndKeepsTheFeedInAReadOnlyLocation(
        sourceLocation: SourceLocation, _ change: (any FeedStore) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = location(in: directory.url)
        let old = CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)
        try await makeStore(at: location).insert(old.feed, timestamp: old.timestamp)
        #expect(makeReadOnly(location), sourceLocation: sourceLocation)
        let store = makeStore(at: location)

        await expectError(naming: location.path, sourceLocation: sourceLocation) { try await change(store) }
        #expect(try await store.retrieve() == old, sourceLocation: sourceLocation)
    }
}

extension FailableDeleteFeedStoreSpecs {
    /// Delete throws an error naming the location when a folder with something in it stands where the file goes,
    /// and leaves that folder as it was.
    func assertThatDeleteDeliversFailureWhenTheLocationIsADirectory(
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = location(in: directory.url)
        try FileManager.default.createDirectory(
            at: location.appendingPathComponent("something"), withIntermediateDirectories: true)

        await expectError(naming: location.path, sourceLocation: sourceLocation) {
            try await makeStore(at: location).deleteCachedFeed()
        }
        #expect(
            FileManager.default.fileExists(atPath: location.appendingPathComponent("something").path),
            sourceLocation: sourceLocation)
    }

    /// Delete throws an error naming the location in a read-only location and keeps the feed (not enforced for
    /// root).
    func assertThatDeleteDeliversFailureAndKeepsTheFeedInAReadOnlyLocation(
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await assertThatChangeFailsAndKeepsTheFeedInAReadOnlyLocation(sourceLocation: sourceLocation) { store in
            try await store.deleteCachedFeed()
        }
    }
}
