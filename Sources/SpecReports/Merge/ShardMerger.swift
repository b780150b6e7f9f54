import Foundation
import Messages

/// Merges the message streams of shards that ran disjoint subsets of the same specs (a CI matrix, Bazel shards)
/// into one coherent stream, so that every report of the merged stream counts as a single full run would.
///
/// - Static messages (`meta`, `source`, `gherkinDocument`, `pickle`, `stepDefinition`, `hook`,
///   `parameterType`, `undefinedParameterType`, `parseError`) appear once. They are matched by content (a
///   document by its URI, a pickle by its document node ids, a definition by its pattern and source...), not by
///   id, so shards that parsed different subsets of the files (and so numbered their ids differently) merge
///   correctly; ids are mapped to those of the first shard that had the message.
/// - Dynamic ids (`testRunStarted`, `testCase`, test steps, `testCaseStarted`, `testRunHookStarted`,
///   `suggestion`...) are kept when unique and re-keyed (`<id>~<shard>`) when another shard already used them,
///   as shards with incrementing ids do.
/// - One `testRunStarted` (the earliest timestamp) starts the merged stream and one `testRunFinished` (the
///   latest timestamp) ends it, successful only if every shard succeeded. If a shard has no `testRunFinished`
///   (it was interrupted), neither has the merged stream.
///
/// A shard whose document or pickle differs from another shard's for the same URI (the shards ran different
/// versions of the specs) cannot be merged: `merge` throws `ReportError.conflictingShards` naming the shard.
///
/// Each shard is checked first, message by message: an id defined twice in a shard, or pointing to nothing an
/// earlier message defines, is `ReportError.invalidStream` naming the file, the line and the id; so is a scenario
/// run by two shards (the same shard given twice, or shards that overlap). Shards that seem to come from
/// different runs (another implementation, git revision or CI build, other step definitions) merge, with a
/// warning (see `merge(filesAt:)`).
public struct ShardMerger: Sendable {
    /// Creates a merger.
    public init() {}

    /// Merges `shards` (each a complete or interrupted stream), naming them `names` in errors (default
    /// `shard 1`, `shard 2`...; a message is named by its place in its shard, from 1).
    public func merge(_ shards: [[Envelope]], names: [String]? = nil) throws(ReportError) -> [Envelope] {
        try merge(shards.map { $0.enumerated().map { ($0.element, $0.offset + 1) } }, names: names).envelopes
    }

    /// Reads the NDJSON streams at `urls` and merges them; errors name the file and line.
    package func mergeFiles(at urls: [URL]) async throws -> [Envelope] {
        try await merge(filesAt: urls).envelopes
    }

    /// Reads the NDJSON streams at `urls` and merges them, with what the merge noticed; errors name the file and
    /// line.
    public func merge(filesAt urls: [URL]) async throws -> MergedStream {
        var shards: [[(Envelope, Int)]] = []
        for url in urls {
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw NDJSONReadError(
                    file: url.path, line: nil, reason: "cannot read the file (\(error.localizedDescription))")
            }
            var shard: [(Envelope, Int)] = []
            try NDJSONReader().forEachEnvelopeAndLine(in: data, file: url.path) { shard.append(($0, $1)) }
            shards.append(shard)
        }
        return try merge(shards, names: urls.map(\.path))
    }

    private func merge(_ shards: [[(Envelope, Int)]], names: [String]?) throws(ReportError) -> MergedStream {
        let state = MergeState()
        for (index, shard) in shards.enumerated() {
            let name = names.flatMap { index < $0.count ? $0[index] : nil } ?? "shard \(index + 1)"
            try state.add(shard, index: index, name: name)
        }
        return MergedStream(envelopes: state.result(shardCount: shards.count), warnings: state.warnings)
    }
}

/// A merged stream, and what the merge noticed without failing.
public struct MergedStream: Sendable {
    /// The envelopes of the merged run.
    public var envelopes: [Envelope]
    /// Warnings, one line each: shards that seem to come from different runs.
    public var warnings: [String]
}

/// The merged stream being built.
private final class MergeState {
    /// The id map of the shard being added: its ids to the merged stream's.
    var map: [String: String] = [:]
    var meta: Envelope?
    var statics: [Envelope] = []
    var dynamics: [Envelope] = []
    var usedIds: Set<String> = []
    var documentsByURI: [String: GherkinDocument] = [:]
    var sourcesByURI: [String: Source] = [:]
    var picklesByKey: [String: Pickle] = [:]
    var definitionIds: [String: String] = [:]
    var seenValues: Set<Envelope> = []
    var runStarted: TestRunStarted?
    var runFinished: [TestRunFinished] = []
    var shardsWithoutFinish = 0
    var warnings: [String] = []
    /// The first shard's name, meta and step definitions, to say when another shard seems to come from another run.
    var firstShard: (name: String, meta: Meta?, definitions: Set<String>)?
    /// Which shard ran each pickle (by merged id), to find shards that overlap.
    var pickleRunBy: [String: (index: Int, name: String)] = [:]

    func add(_ shard: [(Envelope, Int)], index: Int, name: String) throws(ReportError) {
        map = [:]
        var finished: TestRunFinished?
        var check = ShardCheck(name: name)
        var shardMeta: Meta?
        var shardDefinitions: Set<String> = []
        for (envelope, line) in shard {
            try check.check(envelope, line: line)
            switch envelope {
            case .meta(let value):
                shardMeta = value
                if meta == nil { meta = envelope }
            case .source(let source):
                if let existing = sourcesByURI[source.uri] {
                    guard existing == source else {
                        throw ReportError.conflictingShards(
                            shard: name, reason: "its source \(source.uri) differs from another shard's")
                    }
                } else {
                    sourcesByURI[source.uri] = source
                    statics.append(envelope)
                }
            case .gherkinDocument(let document):
                try addDocument(document, shard: index, name: name)
            case .pickle(let pickle):
                try addPickle(pickle, shard: index, name: name)
            case .stepDefinition(let definition):
                let key =
                    "stepDefinition|\(definition.pattern.type.rawValue)|\(definition.pattern.source)|"
                    + Self.key(definition.sourceReference)
                shardDefinitions.insert(key)
                addDefinition(envelope, id: definition.id, key: key, shard: index)
            case .hook(let hook):
                let key =
                    "hook|\(hook.type?.rawValue ?? "")|\(hook.name ?? "")|\(hook.tagExpression ?? "")|"
                    + Self.key(hook.sourceReference)
                addDefinition(envelope, id: hook.id, key: key, shard: index)
            case .parameterType(let parameterType):
                let key =
                    "parameterType|\(parameterType.name)|\(parameterType.regularExpressions.joined(separator: "|"))"
                addDefinition(envelope, id: parameterType.id, key: key, shard: index)
            case .undefinedParameterType, .parseError:
                if seenValues.insert(envelope).inserted { statics.append(envelope) }
            case .testRunStarted(let started):
                if let id = started.id {
                    if let merged = runStarted {
                        map[id] = merged.id ?? id
                        if started.timestamp < merged.timestamp { runStarted?.timestamp = started.timestamp }
                    } else {
                        let mergedId = fresh(id, shard: index)
                        map[id] = mergedId
                        runStarted = TestRunStarted(timestamp: started.timestamp, id: mergedId)
                    }
                } else if runStarted == nil {
                    runStarted = started
                } else if let merged = runStarted, started.timestamp < merged.timestamp {
                    runStarted?.timestamp = started.timestamp
                }
            case .testRunFinished(let shardFinished):
                finished = shardFinished
            default:
                if case .testCase(let testCase) = envelope {
                    let pickle = map[testCase.pickleId] ?? testCase.pickleId
                    if let other = pickleRunBy[pickle], other.index != index {
                        let scenario = picklesByKey.values.first { $0.id == pickle }.map { "'\($0.name)' " } ?? ""
                        throw ReportError.invalidStream(
                            file: name, line: line,
                            reason:
                                "test case \(testCase.id) runs the scenario \(scenario)(pickle \(testCase.pickleId)) "
                                + "that \(other.name) ran too: the same shard given twice, or shards that overlap")
                    }
                    pickleRunBy[pickle] = (index, name)
                }
                let rewriter = IdRewriter(
                    define: { [self] id in
                        let newId = fresh(id, shard: index)
                        map[id] = newId
                        return newId
                    },
                    refer: { [self] id in map[id] ?? id })
                dynamics.append(envelope.rekeyed(rewriter))
            }
        }
        if let finished { runFinished.append(finished) } else { shardsWithoutFinish += 1 }
        noteOtherRun(name: name, meta: shardMeta, definitions: shardDefinitions)
    }

    /// Warns when a shard seems to come from another run than the first: another implementation, git revision or
    /// CI build, or other step definitions.
    private func noteOtherRun(name: String, meta: Meta?, definitions: Set<String>) {
        guard let first = firstShard else {
            firstShard = (name, meta, definitions)
            return
        }
        var differences: [String] = []
        if let meta, let firstMeta = first.meta {
            func product(_ product: Product) -> String {
                ([product.name] + [product.version].compactMap { $0 }).joined(separator: " ")
            }
            if meta.implementation != firstMeta.implementation || meta.protocolVersion != firstMeta.protocolVersion {
                differences.append(
                    "it was written by \(product(meta.implementation)) (protocol \(meta.protocolVersion)), \(first.name) "
                        + "by \(product(firstMeta.implementation)) (protocol \(firstMeta.protocolVersion))")
            }
            if let revision = meta.ci?.git?.revision, let firstRevision = firstMeta.ci?.git?.revision,
                revision != firstRevision
            {
                differences.append("its git revision is \(revision), \(first.name)'s \(firstRevision)")
            }
            if let build = meta.ci?.buildNumber, let firstBuild = firstMeta.ci?.buildNumber, build != firstBuild {
                differences.append("its CI build is \(build), \(first.name)'s \(firstBuild)")
            }
        }
        if !definitions.isEmpty && !first.definitions.isEmpty && definitions != first.definitions {
            differences.append(
                "its step definitions differ from \(first.name)'s (\(definitions.subtracting(first.definitions).count) "
                    + "only in it, \(first.definitions.subtracting(definitions).count) only in \(first.name))")
        }
        if !differences.isEmpty {
            warnings.append(
                "\(name) seems to come from another run than \(first.name): " + differences.joined(separator: "; "))
        }
    }

    func result(shardCount: Int) -> [Envelope] {
        var envelopes: [Envelope] = []
        envelopes.reserveCapacity(statics.count + dynamics.count + 3)
        if let meta { envelopes.append(meta) }
        envelopes += statics
        if let runStarted { envelopes.append(.testRunStarted(runStarted)) }
        envelopes += dynamics
        if shardsWithoutFinish == 0, shardCount > 0, let latest = runFinished.max(by: { $0.timestamp < $1.timestamp }) {
            let failed = runFinished.first { !$0.success }
            envelopes.append(
                .testRunFinished(
                    TestRunFinished(
                        message: failed?.message, success: runFinished.allSatisfy(\.success),
                        timestamp: latest.timestamp, exception: failed?.exception, testRunStartedId: runStarted?.id)))
        }
        return envelopes
    }

    // MARK: Ids

    /// `id` if no message of the merged stream uses it yet, otherwise `id~shard` (made unique); marked used.
    func fresh(_ id: String, shard: Int) -> String {
        var candidate = id
        var attempt = 0
        while usedIds.contains(candidate) {
            attempt += 1
            candidate = attempt == 1 ? "\(id)~\(shard + 1)" : "\(id)~\(shard + 1).\(attempt)"
        }
        usedIds.insert(candidate)
        return candidate
    }

    private static func key(_ reference: SourceReference) -> String {
        "\(reference.uri ?? "")|\(reference.location?.line ?? 0)|\(reference.location?.column ?? 0)|"
            + "\(reference.javaMethod.map { "\($0.className).\($0.methodName)" } ?? "")"
    }

    // MARK: Static messages

    private func addDocument(_ document: GherkinDocument, shard: Int, name: String) throws(ReportError) {
        let uri = document.uri ?? ""
        if let existing = documentsByURI[uri] {
            let shardIds = document.allIds
            let keptIds = existing.allIds
            guard shardIds.count == keptIds.count else {
                throw ReportError.conflictingShards(
                    shard: name, reason: "its document \(uri) differs from another shard's")
            }
            var local: [String: String] = [:]
            for (shardId, keptId) in zip(shardIds, keptIds) { local[shardId] = keptId }
            guard document.rekeyed({ local[$0] ?? $0 }) == existing else {
                throw ReportError.conflictingShards(
                    shard: name, reason: "its document \(uri) differs from another shard's")
            }
            map.merge(local) { _, new in new }
        } else {
            var local: [String: String] = [:]
            let rekeyed = document.rekeyed { id in
                let newId = fresh(id, shard: shard)
                local[id] = newId
                return newId
            }
            map.merge(local) { _, new in new }
            documentsByURI[uri] = rekeyed
            statics.append(.gherkinDocument(rekeyed))
        }
    }

    private func addPickle(_ pickle: Pickle, shard: Int, name: String) throws(ReportError) {
        let key = pickle.uri + "|" + pickle.astNodeIds.map { map[$0] ?? $0 }.joined(separator: ",")
        if let existing = picklesByKey[key] {
            guard existing.steps.count == pickle.steps.count, existing.name == pickle.name else {
                throw ReportError.conflictingShards(
                    shard: name, reason: "its scenario \(pickle.name) in \(pickle.uri) differs from another shard's")
            }
            map[pickle.id] = existing.id
            for (shardStep, keptStep) in zip(pickle.steps, existing.steps) { map[shardStep.id] = keptStep.id }
            return
        }
        let rewriter = IdRewriter(
            define: { [self] id in
                let newId = fresh(id, shard: shard)
                map[id] = newId
                return newId
            },
            refer: { [self] id in map[id] ?? id })
        guard case .pickle(let rekeyed) = Envelope.pickle(pickle).rekeyed(rewriter) else { return }
        picklesByKey[key] = rekeyed
        statics.append(.pickle(rekeyed))
    }

    private func addDefinition(_ envelope: Envelope, id: String, key: String, shard: Int) {
        if let existing = definitionIds[key] {
            map[id] = existing
            return
        }
        let newId = fresh(id, shard: shard)
        map[id] = newId
        definitionIds[key] = newId
        statics.append(envelope.rekeyed(IdRewriter(define: { _ in newId }, refer: { $0 })))
    }
}
