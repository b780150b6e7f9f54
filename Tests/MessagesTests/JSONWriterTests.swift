import Foundation
import Messages
import Testing

@Suite("JSON writing")
struct JSONWriterTests {
    static let allControlCharacters = String(
        String.UnicodeScalarView((0x00...0x1F).compactMap { Unicode.Scalar(UInt32($0)) })
    )

    static let trickyStrings: [String] = [
        "",
        "plain text",
        "say \"hello\"",
        #"back\slash \\ and \""#,
        allControlCharacters,
        "lone\rCR",
        "CRLF\r\nand LF\n",
        "tab\there",
        "emoji 🥒🚀 and flags 🇫🇷",
        "accents: é ü ñ, CJK: 漢字, RTL: שלום",
        "line separator \u{2028} and paragraph separator \u{2029}",
        "DEL \u{7F} and NBSP \u{A0}",
        "slash / stays",
        "\u{0}leading NUL",
    ]

    @Test("strings round-trip exactly through the writer and JSONDecoder", arguments: trickyStrings)
    func stringsRoundTripExactly(text: String) throws {
        let envelope = Envelope.source(Source(uri: text, data: text, mediaType: .gherkinPlain))
        let decoded = try JSONDecoder().decode(Envelope.self, from: Data(envelope.jsonBytes()))
        #expect(decoded == envelope)
        #expect(try JSONValue(parsing: envelope.jsonBytes())["source"]?["data"] == .string(text))
    }

    @Test(
        "each control character is escaped as JSON requires",
        arguments: (0x00...0x1F).map { UInt8($0) }
    )
    func controlCharacterIsEscaped(byte: UInt8) {
        let expected: String =
            switch byte {
            case 0x08: #"\b"#
            case 0x09: #"\t"#
            case 0x0A: #"\n"#
            case 0x0C: #"\f"#
            case 0x0D: #"\r"#
            default: #"\u00"# + String(byte, radix: 16).leftPadded(to: 2)
            }
        var json = JSONWriter()
        json.string(String(decoding: [byte], as: UTF8.self))
        #expect(String(decoding: json.bytes, as: UTF8.self) == "\"\(expected)\"")
    }

    @Test("escapes are correct at every position of strings of every length up to three words")
    func escapesAreCorrectAtEveryPosition() {
        for length in 0..<25 {
            for position in -1..<length {
                for special in ["\"", "\\", "\n", "\u{1F}", "\u{0}", "\u{7F}", "é"] {
                    let text = String(
                        (0..<length).map {
                            $0 == position ? Character(special) : Character(Unicode.Scalar(UInt8(0x41 + $0 % 26)))
                        }
                    )
                    var json = JSONWriter(capacity: 0)
                    json.string(text)
                    let actual = String(decoding: json.bytes, as: UTF8.self)
                    if actual != Self.referenceEscaped(text) {
                        Issue.record("length \(length), position \(position): \(actual)")
                    }
                }
            }
        }
    }

    @Test("every ASCII and some non-ASCII characters are escaped correctly at every alignment")
    func everyCharacterIsEscapedCorrectlyAtEveryAlignment() {
        let all =
            String(String.UnicodeScalarView((0x00...0x7F).compactMap { Unicode.Scalar(UInt32($0)) })) + "é€🥒\u{FFFF}"
        for offset in 0..<8 {
            let text = String(repeating: "x", count: offset) + all + all
            var json = JSONWriter(capacity: 0)
            json.string(text)
            #expect(String(decoding: json.bytes, as: UTF8.self) == Self.referenceEscaped(text))
        }
    }

    @Test("long strings with many escapes grow the buffer correctly")
    func longStringsWithManyEscapesGrowTheBuffer() throws {
        let text = String(repeating: "\u{1}\"a\\", count: 5_000) + String(repeating: "z", count: 10_000)
        var json = JSONWriter(capacity: 0)
        json.beginArray()
        json.string(text)
        json.string(text)
        json.endArray()
        #expect(
            String(decoding: json.bytes, as: UTF8.self)
                == "[\(Self.referenceEscaped(text)),\(Self.referenceEscaped(text))]")
        #expect(try JSONValue(parsing: json.bytes) == [.string(text), .string(text)])
    }

    /// A straightforward escaper to check the fast one against.
    static func referenceEscaped(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            case _ where scalar.value < 0x20:
                result += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    @Test("quotes and backslashes are escaped, non-ASCII passes through as UTF-8")
    func quotesAndBackslashesAreEscapedNonASCIIPassesThrough() {
        var json = JSONWriter()
        json.string("a\"b\\c é 🥒")
        #expect(json.bytes == Array(#""a\"b\\c é 🥒""#.utf8))
    }

    @Test(
        "integers are written in decimal",
        arguments: [
            0, 7, 9, 10, 11, 99, 100, 101, 999, 1_000, 10_001, -1, -9, -10, -99, -100, 1_234_567_890,
            999_999_999_999_999_999, 1_000_000_000_000_000_000, Int.max, Int.min, Int.min + 1,
        ])
    func integersAreWrittenInDecimal(value: Int) {
        var json = JSONWriter()
        json.int(value)
        #expect(String(decoding: json.bytes, as: UTF8.self) == String(value))
    }

    @Test("every integer up to 100,000 and around each power of ten is written as Swift writes it")
    func integersMatchSwiftEverywhere() {
        var values = Array(-1_000...100_000)
        var power = 1
        while power <= Int.max / 10 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        var json = JSONWriter()
        for value in values {
            json.removeAll()
            json.int(value)
            if String(decoding: json.bytes, as: UTF8.self) != String(value) {
                Issue.record("\(value) written as \(String(decoding: json.bytes, as: UTF8.self))")
                return
            }
        }
    }

    @Test("arrays and objects get commas between members and elements")
    func arraysAndObjectsGetCommas() {
        var json = JSONWriter()
        json.beginObject()
        json.field("a", 1)
        json.key("b")
        json.array(["x", "y"])
        json.field("c", [Location(line: 1), Location(line: 2, column: 3)])
        json.field("d", true)
        json.key("e")
        json.beginArray()
        json.endArray()
        json.endObject()
        #expect(
            String(decoding: json.bytes, as: UTF8.self)
                == #"{"a":1,"b":["x","y"],"c":[{"line":1},{"line":2,"column":3}],"d":true,"e":[]}"#
        )
    }

    @Test("nil optional fields are omitted and required empty arrays are written")
    func nilFieldsAreOmittedAndEmptyArraysWritten() {
        let pickle = Pickle(id: "1", uri: "a.feature", name: "", language: "en", steps: [], tags: [], astNodeIds: ["0"])
        #expect(
            Envelope.pickle(pickle).jsonLine()
                == #"{"pickle":{"id":"1","uri":"a.feature","name":"","language":"en","steps":[],"tags":[],"astNodeIds":["0"]}}"#
        )
        let step = TestStep(id: "5", pickleStepId: "2", stepDefinitionIds: [], stepMatchArgumentsLists: [])
        #expect(
            String(decoding: step.jsonBytesForTest(), as: UTF8.self)
                == #"{"id":"5","pickleStepId":"2","stepDefinitionIds":[],"stepMatchArgumentsLists":[]}"#
        )
    }

    @Test("members are written in the schema's property order")
    func membersAreWrittenInSchemaOrder() {
        let finished = TestStepFinished(
            testCaseStartedId: "7",
            testStepId: "3",
            testStepResult: TestStepResult(
                duration: MessageDuration(seconds: 0, nanos: 5),
                message: "boom",
                status: .failed,
                exception: Exception(type: "StepFailure", message: "boom")
            ),
            timestamp: Timestamp(seconds: 1, nanos: 2)
        )
        #expect(
            Envelope.testStepFinished(finished).jsonLine()
                == #"{"testStepFinished":{"testCaseStartedId":"7","testStepId":"3","testStepResult":{"#
                + #""duration":{"seconds":0,"nanos":5},"message":"boom","status":"FAILED","#
                + #""exception":{"type":"StepFailure","message":"boom"}},"timestamp":{"seconds":1,"nanos":2}}}"#
        )
    }

    @Test("a step argument with both a doc string and a data table writes both")
    func stepArgumentWithBothWritesBoth() {
        let argument = PickleStepArgument.docStringAndDataTable(
            PickleDocString(argumentIndex: 1, content: "hi"),
            PickleTable(argumentIndex: 2, rows: [PickleTableRow(cells: [PickleTableCell(value: "x")])])
        )
        #expect(
            String(decoding: argument.jsonBytesForTest(), as: UTF8.self)
                == #"{"docString":{"argumentIndex":1,"content":"hi"},"dataTable":{"argumentIndex":2,"rows":[{"cells":[{"value":"x"}]}]}}"#
        )
    }

    @Test("doubles are written as integers when integral and as shortest text otherwise")
    func doublesAreWrittenCompactly() {
        var json = JSONWriter()
        json.beginArray()
        for value in [1.0, -2.0, 0.5, 1e-7, 1e300, .nan, .infinity] { json.double(value) }
        json.endArray()
        #expect(String(decoding: json.bytes, as: UTF8.self) == "[1,-2,0.5,1e-07,1e+300,null,null]")
    }

    @Test("negative zero reads back as negative zero, not as the integer 0 (found by the lsp-framing fuzzer)")
    func negativeZeroKeepsItsSign() throws {
        var json = JSONWriter()
        json.beginArray()
        json.double(-0.0)
        json.double(0.0)
        json.endArray()
        #expect(String(decoding: json.bytes, as: UTF8.self) == "[-0.0,0]")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [NSNumber])
        #expect(read.first?.doubleValue.sign == .minus)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

extension JSONWritable {
    fileprivate func jsonBytesForTest() -> [UInt8] {
        var json = JSONWriter()
        write(to: &json)
        return json.bytes
    }
}
