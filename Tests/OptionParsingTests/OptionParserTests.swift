import Testing

@testable import OptionParsing

@Suite("The option parser every executable uses")
struct OptionParserTests {
    let parser = OptionParser(options: [
        .init(name: "--format", short: "-f", takesValue: true),
        .init(name: "--out", short: "-o", takesValue: true),
        .init(name: "--strict", short: nil, takesValue: false),
    ])

    @Test("options, short options, inline values, repeated options and positionals, in order")
    func reads() throws {
        let parsed = try parser.parse(["a.feature", "-f", "html", "--format=junit:x.xml", "--strict", "-", "b"])
        #expect(parsed.values("--format") == ["html", "junit:x.xml"])
        #expect(parsed.value("--format") == "junit:x.xml")
        #expect(parsed.has("--strict"))
        #expect(!parsed.has("--out"))
        #expect(parsed.positionals == ["a.feature", "-", "b"])
    }

    @Test("after --, every argument is a positional")
    func doubleDash() throws {
        let parsed = try parser.parse(["--", "--strict", "-f"])
        #expect(parsed.positionals == ["--strict", "-f"])
        #expect(parsed.options.isEmpty)
    }

    @Test(
        "mistakes are usage errors naming the option",
        arguments: [
            (["--fromat", "html"], "unknown option '--fromat'; did you mean '--format'?"),
            (["--form"], "unknown option '--form'; did you mean '--format'?"),
            (["--zzzzzzzz"], "unknown option '--zzzzzzzz'"),
            (["--out"], "--out needs a value"),
            (["--out", "--format", "html"], "--out needs a value"),
            (["--out", "-f"], "--out needs a value"),
            (["--strict=yes"], "--strict takes no value"),
        ])
    func mistakes(arguments: [String], message: String) {
        #expect(throws: OptionParser.Failure.usage(message)) { try parser.parse(arguments) }
    }

    @Test("a value that only looks like an option is a value: a negative number, an unknown word after dashes")
    func valuesLikeOptions() throws {
        #expect(try parser.parse(["--out", "-1"]).value("--out") == "-1")
        #expect(try parser.parse(["--out", "--other"]).value("--out") == "--other")
        #expect(try parser.parse(["--out", "-"]).value("--out") == "-")
    }

    @Test("--help and -h ask for the usage")
    func help() {
        #expect(throws: OptionParser.Failure.help) { try parser.parse(["a", "--help"]) }
        #expect(throws: OptionParser.Failure.help) { try parser.parse(["-h"]) }
    }

    @Test("an option that may be given once says so when given twice")
    func single() throws {
        let parsed = try parser.parse(["--out", "a", "--out", "b"])
        #expect(throws: OptionParser.Failure.usage("--out is given more than once")) { try parsed.single("--out") }
        #expect(try parser.parse(["--out", "a"]).single("--out") == "a")
        #expect(try parser.parse([]).single("--out") == nil)
    }
}

@Suite("Options given once, no positionals (the feed's commands)")
struct ParseOnceTests {
    let parser = OptionParser(options: [
        .init(name: "--url", short: nil, takesValue: true), .init(name: "--store", short: nil, takesValue: true),
    ])

    @Test("each option's value by its name; those not given are absent")
    func values() throws {
        #expect(
            try parser.parseOnce(["--url", "http://h.example", "--store=file"]) == [
                "--url": "http://h.example", "--store": "file",
            ])
        #expect(try parser.parseOnce([]).isEmpty)
    }

    @Test(
        "a positional or a repeated option is refused, naming it",
        arguments: [
            (["extra"], "unexpected argument 'extra'"),
            (["--url", "a", "--url", "b"], "--url is given more than once"),
        ])
    func refused(arguments: [String], message: String) {
        #expect(throws: OptionParser.Failure.usage(message)) { try parser.parseOnce(arguments) }
    }
}
