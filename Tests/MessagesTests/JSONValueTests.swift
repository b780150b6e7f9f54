import Foundation
import Messages
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test("parses every kind of value")
    func parsesEveryKindOfValue() throws {
        let value = try JSONValue(parsing: #" {"a": [null, true, false, -1.5e2, "x\u00e9\ud83e\udd52\n"], "b": {}} "#)
        #expect(value == ["a": [.null, true, false, -150, "xé🥒\n"], "b": [:]])
    }

    @Test("equality ignores member order and number spelling")
    func equalityIgnoresMemberOrderAndNumberSpelling() throws {
        #expect(try JSONValue(parsing: #"{"a":1,"b":[2.0]}"#) == JSONValue(parsing: #"{"b":[2e0],"a":1.0}"#))
        #expect(try JSONValue(parsing: "[1,2]") != JSONValue(parsing: "[2,1]"))
        #expect(try JSONValue(parsing: "1") != JSONValue(parsing: "\"1\""))
        #expect(try JSONValue(parsing: "true") != JSONValue(parsing: "1"))
    }

    @Test("the JSON text sorts keys so equal values give equal text")
    func jsonTextSortsKeys() throws {
        #expect(
            try JSONValue(parsing: #"{"b":1,"a":{"d":null,"c":"\u0001"}}"#).jsonText
                == #"{"a":{"c":"\u0001","d":null},"b":1}"#)
    }

    @Test("parses what the writer writes for every tricky string", arguments: JSONWriterTests.trickyStrings)
    func parsesWhatTheWriterWrites(text: String) throws {
        var json = JSONWriter()
        json.string(text)
        #expect(try JSONValue(parsing: json.bytes) == .string(text))
    }

    @Test(
        "invalid JSON is an error with line and column",
        arguments: [
            ("", 1, 1, "expected a value, got end of input"),
            ("{\"a\":\n  [1,,2]}", 2, 6, "expected a value, got ','"),
            ("[1 2]", 1, 4, "expected ',' or ']' in an array, got '2'"),
            ("{\"a\" 1}", 1, 6, "expected ':' after an object key, got '1'"),
            ("{a:1}", 1, 2, "expected a string key, got 'a'"),
            ("\"abc", 1, 1, "unterminated string"),
            ("\"a\u{1}\"", 1, 3, "unescaped control character in a string"),
            (#""\x""#, 1, 2, "invalid escape sequence in a string"),
            (#""\ud83e""#, 1, 2, "high surrogate \\u escape not followed by a low surrogate"),
            (#""\udd52""#, 1, 2, "lone low surrogate \\u escape"),
            ("01", 1, 1, "a number cannot have leading zeros"),
            ("1.", 1, 3, "expected a digit after '.' in a number"),
            ("-", 1, 2, "expected a digit in a number"),
            ("1e999", 1, 1, "number out of range"),
            ("tru", 1, 1, "expected true"),
            ("[1] x", 1, 5, "unexpected text after the JSON value"),
        ]
    )
    func invalidJSONIsAnErrorWithLineAndColumn(text: String, line: Int, column: Int, reason: String) {
        #expect(throws: JSONParseError(line: line, column: column, reason: reason)) { try JSONValue(parsing: text) }
    }

    @Test("invalid UTF-8 in a string is an error")
    func invalidUTF8IsAnError() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: [0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test("very deep nesting is an error, not a crash")
    func veryDeepNestingIsAnError() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test("NDJSON lines parse one value per non-blank line, errors naming the line")
    func ndjsonLinesParse() throws {
        #expect(try JSONValue.parseLines(Data("1\n\n{\"a\":2}\r\n".utf8)) == [1, ["a": 2]])
        #expect(throws: JSONParseError(line: 3, column: 4, reason: "expected a value, got ']'")) {
            try JSONValue.parseLines(Data("1\n\n[1,]\n".utf8))
        }
    }

    @Test("replacing values of keys works at any depth")
    func replacingValuesOfKeysWorksAtAnyDepth() {
        let value: JSONValue = ["timestamp": ["seconds": 5], "steps": [["timestamp": 1, "id": "a"]]]
        #expect(
            value.replacingValues(ofKeys: ["timestamp"], with: 0)
                == ["timestamp": 0, "steps": [["timestamp": 0, "id": "a"]]]
        )
    }

    @Test("mapping values of keys passes the original value")
    func mappingValuesOfKeysPassesTheOriginalValue() {
        let value: JSONValue = ["uri": "features/a/b.feature", "nested": ["uri": "c.feature"]]
        let mapped = value.mappingValues(ofKeys: ["uri"]) { uri in
            if case .string(let path) = uri { .string(String(path.split(separator: "/").last ?? "")) } else { uri }
        }
        #expect(mapped == ["uri": "b.feature", "nested": ["uri": "c.feature"]])
    }

    @Test("removing keys works at any depth")
    func removingKeysWorksAtAnyDepth() {
        let value: JSONValue = ["a": 1, "b": [["a": 2, "c": 3]]]
        #expect(value.removingKeys(["a"]) == ["b": [["c": 3]]])
    }

    @Test("subscripts reach members and elements, nil when absent")
    func subscriptsReachMembersAndElements() {
        let value: JSONValue = ["a": [10, 20]]
        #expect(value["a"]?[1] == 20)
        #expect(value["b"] == nil)
        #expect(value["a"]?[2] == nil)
        #expect(value[0] == nil)
    }

    @Test("decodes and encodes with Codable")
    func decodesAndEncodesWithCodable() throws {
        let value: JSONValue = ["a": [1, "x", true, .null, ["b": 2.5]]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }
}
