import Foundation
import Testing

@testable import RegexEngine

/// The values of the capture groups 1...n of the leftmost match, nil when there is no match.
private func captures(_ pattern: String, _ text: String, foundation: Bool = false) throws -> [String?]? {
    let regex = try TreeRegex(pattern, preferFoundation: foundation)
    guard let root = try regex.match(text) else { return nil }
    var values: [String?] = []
    func collect(_ group: MatchGroup) {
        for child in group.children {
            values.append(child.value)
            collect(child)
        }
    }
    collect(root)
    return [root.value] + values
}

@Suite("Built-in regular expression matcher")
struct RegexEngineTests {
    @Test(
        "runs the ECMAScript subset on the built-in matcher",
        arguments: [
            #"^a(b|c)*d$"#, #"\d+"#, #"[^\s]+"#, #"(?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E][+-]?\d+)?"#,
            #""([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'"#, #"^x{2,3}?\b\B(?!y)$"#, #"[\x41-\u005A\/]"#,
        ])
    func usesBuiltInMatcher(pattern: String) throws {
        #expect(try TreeRegex(pattern).usesBuiltInMatcher)
    }

    @Test(
        "a lookahead without captures matches as ICU's does, trailing optional parts and greediness aside",
        arguments: [
            (#"(?=.*\d.*)\w+"#, ["abc1", "abc", "", "a\n1", "x 2 y"]),
            (#"a(?=b*c*)"#, ["a", "ab", "xac"]),
            (#"(?=(?:ab)*c)\w+"#, ["ababc", "abab", "c"]),
            (#"x(?!.*z.*)"#, ["xyz", "xy", "zx"]),
            (#"(?=a+b|c)\w"#, ["aaab", "aaa", "c"]),
            (#"(?=(?:\d+\.)?\d+$).+"#, ["1.5", "15", "1.", "a1"]),
        ])
    func lookaheadExistence(pattern: String, texts: [String]) throws {
        #expect(try TreeRegex(pattern).usesBuiltInMatcher)
        for text in texts {
            #expect(
                try captures(pattern, text) == captures(pattern, text, foundation: true),
                "/\(pattern)/ on \(text.debugDescription)")
        }
    }

    @Test(
        "falls back to NSRegularExpression outside the subset",
        arguments: [#"(?<year>\d{4})"#, #"(\w)\1"#, #"(?i)abc"#, #"(?<=a)b"#, #"\p{L}+"#, #"a*+"#])
    func fallsBack(pattern: String) throws {
        #expect(try !TreeRegex(pattern).usesBuiltInMatcher)
    }

    @Test("NSRegularExpression fallback still matches with groups and offsets")
    func fallbackMatches() throws {
        let regex = try TreeRegex(#"(?<year>\d{4})-(\d\d)"#)
        let root = try #require(try regex.match("on 2024-05"))
        #expect(root.children.map(\.value) == ["2024", "05"])
        #expect(root.children.map(\.start) == [3, 8])
        #expect(try captures(#"(?i)ABC"#, "xabc") == ["abc"])
    }

    @Test(
        "reports invalid patterns with the pattern and the reason",
        arguments: [
            ("(", "Invalid regular expression /(/: unterminated group at offset 0"),
            ("a)", "Invalid regular expression /a)/: unmatched ')' at offset 1"),
            ("[a", "Invalid regular expression /[a/: unterminated character class at offset 0"),
            ("*a", "Invalid regular expression /*a/: nothing to repeat at offset 0"),
            ("a{2,1}", "Invalid regular expression /a{2,1}/: numbers out of order in {} quantifier at offset 1"),
            ("[z-a]", "Invalid regular expression /[z-a]/: range out of order in character class at offset 2"),
        ])
    func invalidPatterns(pattern: String, message: String) {
        let error = #expect(throws: RegularExpressionError.self) { try TreeRegex(pattern) }
        #expect(error?.message == message)
        #expect(error?.pattern == pattern)
    }

    @Test("stops a catastrophically backtracking match with an error instead of hanging")
    func budget() throws {
        let regex = try TreeRegex(#"^(a+)+$"#)
        let text = String(repeating: "a", count: 40) + "!"
        let error = #expect(throws: RegularExpressionError.self) { try regex.match(text) }
        #expect(error?.message.contains("needs more than 2000000 steps") == true)
    }

    @Test("leftmost alternative wins, not the longest")
    func alternationPriority() throws {
        #expect(try captures("(a|ab)(c|bcd)", "abcd") == ["abcd", "a", "bcd"])
        #expect(try captures("a|ab", "ab") == ["a"])
        #expect(try captures("^(a|ab)(b*)$", "abb") == ["abb", "a", "bb"])
    }

    @Test("greedy stars give back one scalar at a time; lazy stars take one at a time")
    func stars() throws {
        #expect(try captures(#"^(a*)ab$"#, "aaab") == ["aaab", "aa"])
        #expect(try captures(#"^(.*?)(\d+)$"#, "abc123") == ["abc123", "abc", "123"])
        #expect(try captures(#"^(.*)(\d+)$"#, "abc123") == ["abc123", "abc12", "3"])
        #expect(try captures(#"^(a+?)(a*)$"#, "aaa") == ["aaa", "a", "aa"])
        #expect(try captures(#"^x(é*)é$"#, "xééé") == ["xééé", "éé"])
        #expect(try captures(#"^(?:ab)*?c"#, "ababc") == ["ababc"])
    }

    @Test("counted repetitions and braces that are not quantifiers")
    func counted() throws {
        #expect(try captures(#"^a{2,3}$"#, "aaa") == ["aaa"])
        #expect(try captures(#"^a{2,3}$"#, "aaaa") == nil)
        #expect(try captures(#"^(ab){2}$"#, "abab") == ["abab", "ab"])
        #expect(try captures(#"^a{2,}?(a*)$"#, "aaaa") == ["aaaa", "aa"])
        #expect(try captures(#"^(\d{2,4})(\d*)$"#, "123456") == ["123456", "1234", "56"])
        #expect(try captures(#"^(\d{2,4}?)(\d*)$"#, "123456") == ["123456", "12", "3456"])
        #expect(try captures(#"^(a{1,3}?)b$"#, "aab") == ["aab", "aa"])
        #expect(try captures(#"^(a{1,3}?)b$"#, "aaaab") == nil)
        #expect(try captures(#"^(a??)(a)$"#, "a") == ["a", "", "a"])
        #expect(try captures(#"^(é{2})(é?)$"#, "ééé") == ["ééé", "éé", "é"])
        #expect(try captures(#"^a{$"#, "a{") == ["a{"])
        #expect(try captures(#"^a{1,x}$"#, "a{1,x}") == ["a{1,x}"])
    }

    @Test("a repeated group's captures are reset at each iteration, as in JavaScript")
    func captureReset() throws {
        #expect(try captures(#"^(?:(a)|b)+$"#, "ab") == ["ab", nil])
        #expect(try captures(#"^(?:(a)|(b))+$"#, "ba") == ["ba", "a", nil])
    }

    @Test("an optional iteration that matches nothing fails, as in JavaScript")
    func emptyIterations() throws {
        #expect(try captures(#"^(a*)?b$"#, "b") == ["b", nil])
        #expect(try captures(#"^(a*)*$"#, "aa") == ["aa", "aa"])
        #expect(try captures(#"^(a|)+b$"#, "aab") == ["aab", "a"])
    }

    @Test("lookaheads are atomic and keep their captures")
    func lookaheads() throws {
        #expect(try captures(#"^(?=(\w+))\w"#, "abc") == ["a", "abc"])
        #expect(try captures(#"^(?!ab)\w+"#, "abc") == nil)
        #expect(try captures(#"^(?!ab)(\w+)"#, "acb") == ["acb", "acb"])
        #expect(try captures(#"(?=.*\d)x"#, "x1") == ["x"])
    }

    @Test("character classes, escapes and anchors have their ECMAScript meaning")
    func classesAndEscapes() throws {
        #expect(try captures(#"^\d+\s\w+\S$"#, "42 cukes!") == ["42 cukes!"])
        #expect(try captures(#"\bcat\b"#, "concat cat") == ["cat"])
        #expect(try captures(#"\Bcat"#, "concat") == ["cat"])
        #expect(try captures(#"^[\d-x]+$"#, "1-x") == ["1-x"])
        #expect(try captures(#"^[a-]+$"#, "a-a") == ["a-a"])
        #expect(try captures(#"^[^]$"#, "\n") == ["\n"])
        #expect(try captures(#"^[]$"#, "a") == nil)
        #expect(try captures(#"^\x41\u00e9\/\.$"#, "Aé/.") == ["Aé/."])
        #expect(try captures(#"^.$"#, "\n") == nil)
        #expect(try captures(#"^\d$"#, "٣") == nil, "\\d is ASCII only")
        #expect(try captures(#"^\s$"#, "\u{00A0}") == ["\u{00A0}"], "\\s is Unicode white space")
        #expect(try captures(#"a$"#, "a\n") == nil, "$ is the end of the input, not of a line")
    }

    @Test("unanchored patterns find the leftmost match at a scalar boundary")
    func unanchored() throws {
        #expect(try captures(#"(\w+) cukes"#, "I have 42 cukes") == ["42 cukes", "42"])
        #expect(try captures(#"(.)b"#, "éb") == ["éb", "é"])
    }

    @Test("group offsets count UTF-16 code units")
    func utf16Offsets() throws {
        let regex = try TreeRegex(#"^(\S+) (\w+)$"#)
        let root = try #require(try regex.match("😀é cukes"))
        #expect(root.children.map(\.start) == [0, 4])
        #expect(root.children.map(\.end) == [3, 9])
        #expect(root.children.map(\.value) == ["😀é", "cukes"])
    }

    @Test("the group tree nests capture groups and skips non-capturing ones, as TreeRegexp does")
    func groupShape() {
        let shape = GroupShape(pattern: #"(a(?:b(c))(?=(d)))\((e)[(](f)"#)
        #expect(shape.children.map(\.source) == ["a(?:b(c))(?=(d))", "e", "f"])
        #expect(shape.children[0].children.map(\.source) == ["c", "d"])
        #expect(shape.captureCount == 5)
    }

    /// Patterns and texts on which JavaScript and ICU agree: both engines must give the same tree.
    static let differentialCases: [(String, String)] = [
        (
            #"^the cache holds ((?:-?\d+)|(?:\d+)) images? saved (\d+ days?) ago$"#,
            "the cache holds 3 images saved 7 days ago"
        ),
        (#"^three ("([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)') mice$"#, #"three "bl\"nd" mice"#),
        (#"^three ("([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)') mice$"#, "three 'a\\'b' mice"),
        (#"^((?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E][+-]?\d+)?)$"#, "+1.5E+3"),
        (#"^((?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E][+-]?\d+)?)$"#, ".22"),
        (#"^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$"#, "a cucumber and a zucchini"),
        (#"^I wait ((?:-?\d+)|(?:\d+)) (?:second(?:s)?\.|second(?:s)?\?)$"#, "I wait 2 seconds?"),
        (#"(\d+)(?:st|nd|rd|th)"#, "the 22nd of May"),
        (#"^([A-Z]{3})-([A-Z]{3})$"#, "LHR-CDG"),
        (#"^(\w+)@((\w+)\.(com|org))$"#, "cukes@cucumber.org"),
        (#"^(a+?)(b*)(c?)$"#, "aabbc"),
        (#"^Привет, Мир(?:ы)?! (\S+)$"#, "Привет, Миры! 😀x"),
        (#"(\d+) (?:day|hour)s?(?: (\d+) (?:day|hour)s?)*"#, "in 6 days 23 hours 5 hours"),
        (#"^(x)?(y)?z$"#, "yz"),
    ]

    @Test("agrees with NSRegularExpression where JavaScript and ICU agree", arguments: differentialCases)
    func differential(pattern: String, text: String) throws {
        let builtIn = try TreeRegex(pattern)
        let foundation = try TreeRegex(pattern, preferFoundation: true)
        #expect(builtIn.usesBuiltInMatcher && !foundation.usesBuiltInMatcher)
        let expected = try foundation.match(text)
        #expect(expected != nil)
        #expect(try builtIn.match(text) == expected)
    }
}
