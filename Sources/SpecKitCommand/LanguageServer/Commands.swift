/// `workspace/executeCommand`: the commands the server runs for the client, by name (code lenses and code
/// actions name them). None yet: the place where running a scenario from the editor (`speckit.run`) is added,
/// one entry per command here and its name in `names`.
enum Commands {
    typealias Command = @Sendable (_ arguments: [Any], _ workspace: Workspace) throws(ResponseError) -> Any

    static let table: [String: Command] = [:]

    /// The commands announced in the server's capabilities.
    static var names: [String] { table.keys.sorted() }

    static func respond(_ request: Request) throws(ResponseError) -> Any {
        let name = request.params["command"] as? String ?? ""
        guard let command = table[name] else { throw .invalidParams("Unknown command: \(name)") }
        return try command(request.params["arguments"] as? [Any] ?? [], request.workspace)
    }
}
