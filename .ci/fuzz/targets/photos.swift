// modules: Feed
// options: -max_len=32768 -timeout=5
//
// Fuzz target for the photo-list mapper (an Unsplash-style JSON array, status 200): any body gives photos or
// throws `FeedPayloadError`, never a crash; every address it gives is http or https.

import Feed
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private let response: HTTPURLResponse = {
    guard let url = URL(string: "https://fuzz.example/photos"),
        let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
    else { fatalError("cannot make a 200 response") }
    return response
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhotos(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Data(bytes: data, count: size)
    do {
        for photo in try PhotosMapper.map(body, from: response) {
            for url in [photo.urls.raw, photo.urls.full, photo.urls.regular, photo.urls.small, photo.urls.thumb] {
                let scheme = url.scheme?.lowercased()
                check(scheme == "http" || scheme == "https", "photo address \(url)")
            }
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
