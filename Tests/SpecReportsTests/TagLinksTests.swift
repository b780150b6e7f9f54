import Messages
import SpecReports
import Testing

@Suite struct TagLinksTests {
    static let jira = #"@JIRA-(\d+)=https://tracker.example/browse/JIRA-$1"#

    @Test func `a tag matching a rule links to its URL with the groups in place`() throws {
        let links = try TagLinks([Self.jira, #"@issue:(\w+)=https://github.com/org/repo/issues/$1?from=spec"#])
        #expect(links.url(for: "@JIRA-123") == "https://tracker.example/browse/JIRA-123")
        #expect(links.url(for: "@issue:42") == "https://github.com/org/repo/issues/42?from=spec")
        #expect(links.url(for: "@JIRA-12x") == nil, "the whole tag must match")
        #expect(links.url(for: "@wip") == nil)
        #expect(TagLinks().url(for: "@JIRA-1") == nil)
    }

    @Test func `a group's text is percent-encoded in the URL`() throws {
        let links = try TagLinks([#"@doc:(.+)=https://wiki.example/$1"#])
        #expect(links.url(for: "@doc:a\"b<c>") == "https://wiki.example/a%22b%3Cc%3E")
    }

    @Test(arguments: [
        ("@JIRA-(\\d+)", "write PATTERN=URL"),
        ("@JIRA-(\\d+=https://x.example/$1", "is not a valid regular expression"),
        ("@a=javascript:alert(1)", "write PATTERN=URL"),
        ("@a=http://", "is not an http or https URL"),
        ("=https://x.example", "is not a valid regular expression"),
    ])
    func `a rule that cannot be used is an error naming it`(rule: String, reason: String) {
        #expect {
            try TagLinks([rule])
        } throws: { error in
            let text = String(describing: error)
            return text.contains("--link-tags '\(rule)'") && text.contains(reason)
        }
    }

    @Test func `HTML and Markdown show linked tags as links, escaped`() throws {
        var builder = StreamBuilder()
        builder.scenario("Ticket", tags: ["@JIRA-123", "@slow"], [.failed("it breaks")])
        let links = try TagLinks([Self.jira])
        let html = try render(builder.build()) { HTMLFormatter(output: $0, tagLinks: links) }
        #expect(
            html.contains(
                "<a class=\"tag-name tag-link\" rel=\"noopener noreferrer\" "
                    + "href=\"https://tracker.example/browse/JIRA-123\">@JIRA-123</a>"))
        #expect(html.contains("<span class=\"tag-name\">@slow</span>"))
        let markdown = try render(builder.build()) { MarkdownFormatter(output: $0, tagLinks: links) }
        #expect(markdown.contains(" · [`@JIRA-123`](https://tracker.example/browse/JIRA-123) `@slow`"))
        let plain = try render(builder.build()) { HTMLFormatter(output: $0) }
        #expect(!plain.contains("class=\"tag-name tag-link\""))
    }
}
