import Messages

/// The documents: kept, or spooled and decoded again while a running test case uses them (`.streaming`).
extension RunQuery {
    /// The document at `ordinal` and its source: kept, or decoded again when streaming.
    func document(at ordinal: Int) -> (document: GherkinDocument, source: Source?)? {
        guard documents.indices.contains(ordinal) else { return nil }
        if retention == .everything {
            let document = gherkinDocuments[ordinal]
            return (document, sources.first { $0.uri == document.uri })
        }
        if let loaded = loadedDocuments[ordinal] { return (loaded.document, loaded.source) }
        guard let spool else { return nil }
        let (document, source) = spool.document(at: documents[ordinal].slot)
        return (document, source)
    }

    /// The documents with a feature whose pickles did not all settle, in order.
    var incompleteDocuments: [Int] {
        documents.indices.filter { !documents[$0].isComplete && documents[$0].featureIndex >= 0 }
    }

    /// The pickles of the documents at `ordinals` (-1 for the pickles without a document), in stream order.
    func pickles(ofDocuments ordinals: Set<Int>) -> [MessageSpool.PickleRecord] {
        guard !ordinals.isEmpty else { return [] }
        if retention == .everything {
            return pickles.indices.compactMap { index in
                let document = Int(pickleDocuments[index])
                guard ordinals.contains(document) else { return nil }
                return MessageSpool.PickleRecord(
                    pickle: pickles[index], ordinal: index, document: document >= 0 ? document : nil, keyNumber: 0)
            }
        }
        return spool?.pickles(ofDocuments: { ordinals.contains($0) }) ?? []
    }

    /// The position of the document `pickle` belongs to (the last document of its URI before it).
    func documentOrdinal(of pickle: Pickle) -> Int? {
        if let lastDocument, lastDocument.uri == pickle.uri { return lastDocument.ordinal }
        if documentOrdinalsByURI == nil {
            var byURI: [String: Int] = [:]
            for ordinal in documents.indices {
                if let uri = document(at: ordinal)?.document.uri { byURI[uri] = ordinal }
            }
            documentOrdinalsByURI = byURI
        }
        return documentOrdinalsByURI?[pickle.uri]
    }

    func retainDocument(_ ordinal: Int) {
        guard retention == .streaming else { return }
        if let loaded = loadedDocuments[ordinal] {
            if loaded.users == 0 { unusedDocuments.removeAll { $0 == ordinal } }
            loadedDocuments[ordinal]?.users += 1
            return
        }
        guard let spool else { return }
        let (document, source) = spool.document(at: documents[ordinal].slot)
        gherkin.add(document)
        loadedDocuments[ordinal] = (document, source, 1)
    }

    func releaseDocument(_ ordinal: Int) {
        guard retention == .streaming, let loaded = loadedDocuments[ordinal] else { return }
        loadedDocuments[ordinal]?.users = loaded.users - 1
        guard loaded.users == 1 else { return }
        unusedDocuments.append(ordinal)
        while unusedDocuments.count > tuning.unusedDocumentsKept {
            let evicted = unusedDocuments.removeFirst()
            if let document = loadedDocuments.removeValue(forKey: evicted)?.document { gherkin.remove(document) }
        }
    }
}
