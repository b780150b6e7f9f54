import Foundation
import Messages

/// The steps and hooks of an element: their match, result and embeddings.
extension CucumberJSONFormatter {
    func writeHooks(_ indices: [Int], of attempt: TestCaseAttempt, to json: inout JSONWriter) {
        json.beginArray()
        for index in indices {
            let testStep = attempt.testCase.testSteps[index]
            json.beginObject()
            if let location = query.codeLocation(of: testStep) {
                json.key("match")
                json.beginObject()
                json.field("location", location)
                json.endObject()
            }
            writeResult(attempt.stepResults[index], testStep: testStep, to: &json)
            writeEmbeddings(attempt.stepAttachments[index], to: &json)
            json.endObject()
        }
        json.endArray()
    }

    func writeStep(_ index: Int, of attempt: TestCaseAttempt, pickle: Pickle, to json: inout JSONWriter) {
        let testStep = attempt.testCase.testSteps[index]
        guard let pickleStep = testStep.pickleStepId.flatMap({ query.pickleStep(id: $0) }) else { return }
        let gherkinStep = query.gherkinStep(of: pickleStep)
        json.beginObject()
        json.field("keyword", query.keyword(of: pickleStep))
        json.field("name", pickleStep.text)
        json.field("line", gherkinStep?.location.line ?? 1)
        if let docString = pickleStep.argument?.docString {
            json.key("doc_string")
            json.beginObject()
            json.field("value", docString.content)
            json.field("content_type", docString.mediaType)
            json.field("line", gherkinStep?.docString?.location.line ?? gherkinStep?.location.line ?? 1)
            json.endObject()
        }
        if let table = pickleStep.argument?.dataTable {
            json.key("rows")
            json.beginArray()
            for row in table.rows {
                json.beginObject()
                json.key("cells")
                json.beginArray()
                for cell in row.cells { json.string(cell.value) }
                json.endArray()
                json.endObject()
            }
            json.endArray()
        }
        if let definition = query.matchedDefinition(of: testStep) {
            json.key("match")
            json.beginObject()
            json.field("location", ReportText.location(definition.sourceReference))
            json.endObject()
        }
        writeResult(attempt.stepResults[index], testStep: testStep, to: &json)
        writeEmbeddings(attempt.stepAttachments[index], to: &json)
        json.endObject()
    }

    private func writeResult(_ result: TestStepResult?, testStep: TestStep, to json: inout JSONWriter) {
        json.key("result")
        json.beginObject()
        guard let result else {
            json.field("status", "unknown")
            json.endObject()
            return
        }
        let status: String
        var errorMessage: String?
        switch result.status {
        case .ambiguous:
            status = "failed"
            errorMessage = result.message ?? query.ambiguityText(testStep)
        case .failed:
            status = "failed"
            errorMessage = ReportText.failureText(result)
        case .pending:
            status = "pending"
            errorMessage = result.message
        default:
            status = result.status.rawValue.lowercased()
        }
        json.field("status", status)
        json.field("duration", max(0, result.duration.nanoseconds))
        json.field("error_message", errorMessage)
        json.endObject()
    }

    private func writeEmbeddings(_ attachments: [Attachment], to json: inout JSONWriter) {
        guard style == .legacy, !attachments.isEmpty else { return }
        json.key("embeddings")
        json.beginArray()
        for attachment in attachments {
            json.beginObject()
            json.field("mime_type", attachment.mediaType)
            switch attachment.contentEncoding {
            case .base64: json.field("data", attachment.body)
            case .identity: json.field("data", Data(attachment.body.utf8).base64EncodedString())
            }
            json.field("name", attachment.fileName)
            json.endObject()
        }
        json.endArray()
    }
}
