import Foundation
import Messages
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Language Server Protocol's base protocol on two file descriptors: messages framed by a `Content-Length`
/// header, bodies of JSON. Reads never trust the peer: a missing or absurd length, a body that is not JSON or a
/// peer that goes away each come back as a value, never a crash or an endless wait.
///
/// One thread reads (the server's reader); any thread may send: frames are written whole, one at a time.
final class JSONRPCConnection: @unchecked Sendable {
    // @unchecked: the reading state is touched by the reading thread only; sending holds `writing`.
    private let writing = Mutex(())
    /// What reading produced.
    enum Incoming {
        /// A JSON value (usually an object: a request, a response or a notification).
        case message(Any)
        /// A frame whose header or body could not be read as JSON-RPC; the reason.
        case malformed(String)
        /// The input ended (the client went away).
        case end
        /// An event of the server's own, handed to its loop from another thread (a finished run); never read.
        case local(any Sendable)
    }

    /// The largest body accepted (64 MiB): a longer frame is skipped, unread, with an error.
    static let maximumBodySize = 64 << 20

    let input: Int32
    /// The descriptor frames are written to (the process's standard output, set apart from what steps print).
    let output: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    /// Where the frame being read starts in `buffer`: what is unread when reading stops.
    private var frameStart = 0
    private var ended = false
    /// A pipe whose write end stops reading (`stopReading`), for handing the connection to a new server process.
    private let wake: (read: Int32, write: Int32)?
    private let stopped = Atomic<Bool>(false)

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
        var ends: [Int32] = [0, 0]
        wake = pipe(&ends) == 0 ? (ends[0], ends[1]) : nil
        if let wake {
            _ = fcntl(wake.read, F_SETFD, FD_CLOEXEC)
            _ = fcntl(wake.write, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        if let wake {
            close(wake.read)
            close(wake.write)
        }
    }

    /// Makes the reading thread stop at once: `read()` returns `.end`, and `unread` holds the bytes of every frame
    /// not read whole. From any thread.
    func stopReading() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        if let wake {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
    }

    /// Whether reading ended because `stopReading` asked.
    var stoppedReading: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    /// The bytes read from the input and not yet returned as whole frames (after `stopReading`).
    var unread: [UInt8] { Array(buffer[min(frameStart, buffer.count)...]) }

    /// Reading goes on after a `stopReading` (the hand-over failed), from the frame it stopped in.
    func resumeReading() {
        if let wake {
            var byte: UInt8 = 0
            let flags = fcntl(wake.read, F_GETFL)
            _ = fcntl(wake.read, F_SETFL, flags | O_NONBLOCK)
            while systemRead(wake.read, &byte, 1) > 0 {}
            _ = fcntl(wake.read, F_SETFL, flags)
        }
        position = frameStart
        ended = false
        stopped.store(false, ordering: .sequentiallyConsistent)
    }

    /// Bytes read by an earlier server process, to be read first.
    func prepend(_ bytes: [UInt8]) {
        buffer.insert(contentsOf: bytes, at: position)
    }

    /// The next message, or why a frame was malformed, or the end of the input.
    func read() -> Incoming {
        frameStart = position
        let header: String
        switch readHeader() {
        case .end: return .end
        case .tooLong:
            return .malformed("a message header of over \(Self.maximumHeaderSize) bytes without its blank line")
        case .header(let text): header = text
        }
        var length: Int?
        for line in header.split(separator: "\r\n") {
            // Bytes left over from a frame whose length was wrong may precede the field: it is looked for at the
            // end of the line, so the stream finds its frames again.
            guard let field = line.range(of: "content-length:", options: [.caseInsensitive, .backwards]) else {
                continue
            }
            length = Int(line[field.upperBound...].trimmingCharacters(in: .whitespaces))
        }
        guard let length, length >= 0 else {
            return .malformed("a message header without a valid Content-Length: \(header.debugDescription)")
        }
        guard length <= Self.maximumBodySize else {
            guard skip(length) else { return .end }
            return .malformed("a message of \(length) bytes, over the \(Self.maximumBodySize)-byte limit")
        }
        guard let body = readBytes(length) else { return .end }
        do {
            return .message(try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]))
        } catch {
            return .malformed("a message body that is not JSON (\(length) bytes)")
        }
    }

    /// Writes `object` as one framed message.
    func send(_ object: [String: Any]) {
        var json = JSONWriter(capacity: 1024)
        Self.writeJSON(object, to: &json)
        let body = json.bytes
        var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(contentsOf: body)
        writing.withLock { _ in writeFrame(frame) }
    }

    /// Writes a JSON value made of dictionaries, arrays, strings, numbers (Swift's or `NSNumber`s read from the
    /// peer), booleans and `NSNull`; anything else is written as `null`. The collection types the server builds
    /// are recognised by their exact type first: a conditional cast of `[String: Int]` to `[String: Any]` copies
    /// it, which made large responses slow.
    static func writeJSON(_ value: Any, to json: inout JSONWriter) {
        let type = Swift.type(of: value)
        if type == [String: Any].self, let object = value as? [String: Any] {
            writeObject(object, to: &json)
        } else if type == String.self, let string = value as? String {
            json.string(string)
        } else if type == Int.self, let int = value as? Int {
            json.int(int)
        } else if type == [String: Int].self, let object = value as? [String: Int] {
            json.beginObject()
            for (key, member) in object {
                json.key(key)
                json.int(member)
            }
            json.endObject()
        } else if type == [[String: Any]].self, let array = value as? [[String: Any]] {
            json.beginArray()
            for element in array { writeObject(element, to: &json) }
            json.endArray()
        } else if type == [Any].self, let array = value as? [Any] {
            json.beginArray()
            for element in array { writeJSON(element, to: &json) }
            json.endArray()
        } else if type == [Int].self, let array = value as? [Int] {
            json.beginArray()
            for element in array { json.int(element) }
            json.endArray()
        } else if type == [String].self, let array = value as? [String] {
            json.beginArray()
            for element in array { json.string(element) }
            json.endArray()
        } else if type == Bool.self, let bool = value as? Bool {
            json.bool(bool)
        } else if type == Double.self, let double = value as? Double {
            json.double(double)
        } else if type == [String: [[String: Any]]].self, let object = value as? [String: [[String: Any]]] {
            json.beginObject()
            for (key, member) in object {
                json.key(key)
                json.beginArray()
                for element in member { writeObject(element, to: &json) }
                json.endArray()
            }
            json.endObject()
        } else if type is NSNull.Type {
            json.null()
        } else if type is NSNumber.Type, let number = value as? NSNumber {
            // Checked by class first: asking any value `as? NSNumber` bridges a whole dictionary to find out.
            // Read from the peer: `c` is a boolean; other numbers keep their value, every digit of it (an id past
            // 2^53 written through a Double would come back as another id).
            let kind = String(cString: number.objCType)
            if kind == "c" {
                json.bool(number.boolValue)
            } else if ["q", "l", "i", "s"].contains(kind) {
                json.int(number.intValue)
            } else if ["Q", "L", "I", "S"].contains(kind) || number is NSDecimalNumber {
                json.number(text: number.description)
            } else {
                json.double(number.doubleValue)
            }
        } else if let string = value as? String {
            json.string(string)
        } else if let object = value as? [String: Any] {
            writeObject(object, to: &json)
        } else if let array = value as? [Any] {
            json.beginArray()
            for element in array { writeJSON(element, to: &json) }
            json.endArray()
        } else {
            json.null()
        }
    }

    private static func writeObject(_ object: [String: Any], to json: inout JSONWriter) {
        json.beginObject()
        for (key, member) in object {
            json.key(key)
            writeJSON(member, to: &json)
        }
        json.endObject()
    }

    private func writeFrame(_ frame: [UInt8]) {
        var written = 0
        while written < frame.count {
            let result = frame.withUnsafeBytes { bytes in
                write(output, bytes.baseAddress.map { $0 + written }, frame.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return  // the client went away: the next read ends the session
            }
            written += result
        }
    }

    /// The longest header block read (64 KiB): past it, the bytes are dropped as malformed, so a peer sending no
    /// blank line can neither fill the memory nor make each read scan everything again.
    static let maximumHeaderSize = 64 << 10

    private enum Header {
        case header(String)
        case tooLong
        case end
    }

    /// The header block (without its blank line).
    private func readHeader() -> Header {
        var scanned = 0  // bytes after `position` already searched: the blank line starts in none of them
        while true {
            if let end = find([13, 10, 13, 10], from: position + scanned) {
                let header = String(decoding: buffer[position..<end], as: UTF8.self)
                position = end + 4
                return .header(header)
            }
            if buffer.count - position > Self.maximumHeaderSize {
                position = buffer.count - 3  // the blank line may start in the last bytes
                return .tooLong
            }
            scanned = max(0, buffer.count - position - 3)
            guard fill() else { return .end }  // `fill` may move the bytes, never those after `position`
        }
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        guard buffer.count - start >= pattern.count else { return nil }
        var index = start
        while index + pattern.count <= buffer.count {
            if buffer[index] == pattern[0] && buffer[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }

    private func readBytes(_ count: Int) -> [UInt8]? {
        while buffer.count - position < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[position..<(position + count)])
        position += count
        return bytes
    }

    private func skip(_ count: Int) -> Bool {
        var remaining = count
        while remaining > 0 {
            frameStart = position  // a frame too long to keep: its bytes are dropped as they come
            if position == buffer.count, !fill() { return false }
            let taken = min(remaining, buffer.count - position)
            position += taken
            remaining -= taken
        }
        return true
    }

    /// Reads more input; false at its end, or when reading is stopped.
    private func fill() -> Bool {
        if ended || stoppedReading { return false }
        if frameStart > 0 && frameStart == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
            frameStart = 0
        } else if frameStart > 1 << 20 {
            buffer.removeFirst(frameStart)
            position -= frameStart
            frameStart = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let wake {
                var descriptors = [
                    pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&descriptors, 2, -1)
                if ready < 0 && errno == EINTR { continue }
                if stoppedReading || descriptors[1].revents != 0 { return false }
            }
            let count = chunk.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                ended = true
                return false
            }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }
}

/// `read(2)`, named apart from `JSONRPCConnection.read()`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
