import Foundation

#if canImport(Glibc)
    import Glibc

    private let systemClose = Glibc.close
    private let systemSend = Glibc.send
    private let sendFlags = Int32(MSG_NOSIGNAL)
    private let streamType = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
    import Darwin

    private let systemClose = Darwin.close
    private let systemSend = Darwin.send
    private let sendFlags: Int32 = 0
    private let streamType = SOCK_STREAM
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: it answers each request as its handler says, including the
/// misbehaviours a real server can show (hanging, dribbling, cutting the body off, resetting the connection).
/// One thread accepts connections and one thread serves each connection; `stop()` ends them all.
package final class LoopbackServer: @unchecked Sendable {
    package struct Request: Sendable, Equatable {
        package let method: String
        package let path: String
        /// The request's headers, names lowercased.
        package var headers: [String: String] = [:]
    }

    package enum Reply: Sendable {
        /// A complete answer.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// A redirect to `location`.
        case redirect(status: Int, location: String)
        /// Reads the request and never answers (until the server stops).
        case hang
        /// Sends the headers, declaring `declaredLength` bytes, then `body` a byte at a time every `interval`
        /// seconds, then closes.
        case dribble(declaredLength: Int, body: Data, interval: TimeInterval)
        /// Declares `declaredLength` bytes, sends only `body`, then closes the connection.
        case cutOff(declaredLength: Int, body: Data)
        /// Sends a chunked body's first chunk, then closes the connection mid-stream.
        case cutOffChunked(firstChunk: Data)
        /// Sends a chunked body of `chunk` repeated forever (until the client goes or the server stops).
        case endlessChunks(chunk: Data)
        /// Declares `declaredLength` bytes and sends `chunk` repeatedly until the client goes or the server stops.
        case endlessDeclared(declaredLength: Int, chunk: Data)
        /// Aborts the connection with a TCP reset, without answering.
        case reset
        /// Closes the connection without answering.
        case close
    }

    package struct StartFailure: Error, CustomStringConvertible {
        package let description: String
    }

    private let handler: @Sendable (Request) -> Reply
    private let listener: Int32
    private let lock = NSLock()
    private let stopped = NSCondition()
    private var isStopped = false
    private var connections: Set<Int32> = []
    private var receivedRequests: [Request] = []

    /// The port the server listens on.
    package let port: UInt16

    package init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw StartFailure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let message = String(cString: strerror(errno))
            _ = systemClose(fd)
            throw StartFailure(description: "bind/listen on 127.0.0.1: \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        stop()
    }

    /// The address of `path` on this server.
    package func url(_ path: String = "/feed") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Every request received so far, in order.
    package var requests: [Request] {
        lock.withLock { receivedRequests }
    }

    /// Stops accepting, wakes every hanging connection and closes every connection.
    package func stop() {
        let open: Set<Int32>? = lock.withLock {
            guard !isStopped else { return nil }
            isStopped = true
            return connections
        }
        guard let open else { return }
        stopped.lock()
        stopped.broadcast()
        stopped.unlock()
        _ = shutdown(listener, Int32(SHUT_RDWR))
        _ = systemClose(listener)
        for fd in open { _ = shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private var stopRequested: Bool { lock.withLock { isStopped } }

    private func acceptLoop() {
        while !stopRequested {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            let accepted = lock.withLock { () -> Bool in
                guard !isStopped else { return false }
                connections.insert(fd)
                return true
            }
            #if canImport(Darwin)
                var on: Int32 = 1
                _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            guard accepted else {
                _ = systemClose(fd)
                return
            }
            let thread = Thread { [self] in serve(fd) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var closeNormally = true
        defer {
            lock.withLock { _ = connections.remove(fd) }
            if closeNormally { _ = systemClose(fd) }
        }
        guard let request = readRequest(fd) else { return }
        lock.withLock { receivedRequests.append(request) }
        switch handler(request) {
        case .respond(let status, let headers, let body):
            var all = headers
            all["Content-Length"] = all["Content-Length"] ?? String(body.count)
            send(fd, head(status: status, headers: all) + body)
        case .redirect(let status, let location):
            send(fd, head(status: status, headers: ["Location": location, "Content-Length": "0"]))
        case .hang:
            stopped.lock()
            while !stopRequested { stopped.wait() }
            stopped.unlock()
        case .dribble(let declaredLength, let body, let interval):
            guard send(fd, head(status: 200, headers: ["Content-Length": String(declaredLength)])) else { return }
            for byte in body {
                if stopRequested { return }
                Thread.sleep(forTimeInterval: interval)
                guard send(fd, Data([byte])) else { return }
            }
        case .cutOff(let declaredLength, let body):
            send(fd, head(status: 200, headers: ["Content-Length": String(declaredLength)]) + body)
        case .cutOffChunked(let firstChunk):
            let chunk =
                Data(String(firstChunk.count, radix: 16).utf8) + Data("\r\n".utf8) + firstChunk
                + Data("\r\n".utf8)
            send(fd, head(status: 200, headers: ["Transfer-Encoding": "chunked"]) + chunk)
        case .endlessChunks(let chunk):
            let framed =
                Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8)
            guard send(fd, head(status: 200, headers: ["Transfer-Encoding": "chunked"])) else { return }
            while !stopRequested, send(fd, framed) {}
        case .endlessDeclared(let declaredLength, let chunk):
            guard send(fd, head(status: 200, headers: ["Content-Length": String(declaredLength)])) else { return }
            while !stopRequested, send(fd, chunk) {}
        case .reset:
            var linger = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            _ = systemClose(fd)
            closeNormally = false
        case .close:
            break
        }
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while received.range(of: terminator) == nil {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = (head.first ?? "").split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Request(method: String(parts[0]), path: String(parts[1]), headers: headers)
    }

    private func head(status: Int, headers: [String: String]) -> Data {
        var text = "HTTP/1.1 \(status) Status \(status)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            text += "\(name): \(value)\r\n"
        }
        return Data((text + "\r\n").utf8)
    }

    @discardableResult
    private func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = systemSend(fd, buffer.baseAddress! + offset, buffer.count - offset, sendFlags)
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }
}
