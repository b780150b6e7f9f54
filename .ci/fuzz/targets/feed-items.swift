// modules: Feed
// options: -max_len=16384 -timeout=5
//
// Fuzz target for the image-feed mapper (`{"items": [...]}` with status 200): any body gives images or throws
// `FeedPayloadError`, never a crash; every image it gives has an http or https address.

import Feed
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private let response: HTTPURLResponse = {
    guard let url = URL(string: "https://fuzz.example/feed"),
        let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
    else { fatalError("cannot make a 200 response") }
    return response
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedItems(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Data(bytes: data, count: size)
    do {
        let images = try FeedItemsMapper.map(body, from: response)
        for image in images {
            let scheme = image.url.scheme?.lowercased()
            check(scheme == "http" || scheme == "https", "image address \(image.url)")
        }
    } catch is FeedPayloadError {
    } catch {
        fatalError("not a FeedPayloadError: \(error)")
    }
    return 0
}

/// `precondition` that keeps its message in optimized builds.
func check(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError(message(), line: line) }
}
