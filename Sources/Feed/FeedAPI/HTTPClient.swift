import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a resource over HTTP. The feed owns this contract; infrastructure implements it.
public protocol HTTPClient: Sendable {
    /// Performs a GET request and delivers the body and the response, whatever its status code.
    ///
    /// Throws when no response arrives: no connectivity, a timeout, a connection cut off, a cancelled task.
    func get(from url: URL) async throws -> (Data, HTTPURLResponse)
}
