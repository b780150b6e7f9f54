// modules: Messages Gherkin
//
// Fuzz target for the Gherkin parser: any bytes must give a result (a document and pickles, or errors),
// never a crash or a hang, with the built-in languages and with every language of a languages file.

import Gherkin
import Messages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGherkin(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var ids = IncrementingIdGenerator()
    let result = Gherkin.parse(uri: "fuzz.feature", data: bytes, idGenerator: &ids)
    // Every error must carry a location inside the document.
    for error in result.errors {
        precondition(error.line >= 1, "error line \(error.line)")
        precondition(error.column.map { $0 >= 1 } ?? true, "error column")
    }
    if result.errors.isEmpty {
        precondition(result.document != nil, "no document and no error")
    }
    _ = Gherkin.tokens(of: bytes)
    return 0
}
