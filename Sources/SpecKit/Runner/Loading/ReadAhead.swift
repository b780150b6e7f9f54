import Foundation

/// Makes `make(element)` for each of `elements`, in order, on a thread of its own, handing each over as it is made
/// (at most `capacity` waiting); stops after the first failure, which is handed over too.
///
/// The thread has an 8 MB stack, as parsing deeply nested input needs.
func readAhead<Element: Sendable, Value: Sendable>(
    _ elements: [Element], name: String, capacity: Int,
    _ make: @escaping @Sendable (Element) throws(SpecRunError) -> Value
) -> Handover<Result<Value, SpecRunError>> {
    let handover = Handover<Result<Value, SpecRunError>>(capacity: capacity)
    let thread = Thread {
        for element in elements {
            do throws(SpecRunError) {
                handover.put(.success(try make(element)))
            } catch {
                handover.put(.failure(error))
                break
            }
        }
        handover.finish()
    }
    thread.stackSize = 8 << 20
    thread.name = name
    thread.start()
    return handover
}

extension Handover {
    /// The next value made by `readAhead`, nil at the end; throws its failure, after letting the thread end.
    func nextValue<Value>() throws(SpecRunError) -> Value? where Item == Result<Value, SpecRunError> {
        switch take() {
        case nil:
            return nil
        case .success(let value)?:
            return value
        case .failure(let error)?:
            while take() != nil {}  // the thread stopped after the failure: take its end mark
            throw error
        }
    }
}
