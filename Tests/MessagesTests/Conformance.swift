import Foundation
import TestSupport

extension Conformance {
    /// The paths (relative to the conformance folder) of every NDJSON file in it, sorted; empty when absent.
    static var ndjsonFiles: [String] { files(endingIn: ".ndjson") }
}
