import Foundation
import Messages
import Testing

@Suite("Timestamps and durations")
struct TimeTests {
    @Test("a timestamp from a date splits seconds and nanoseconds")
    func timestampFromDateSplitsSecondsAndNanos() {
        #expect(
            Timestamp(Date(timeIntervalSince1970: 1_700_000_000.25))
                == Timestamp(seconds: 1_700_000_000, nanos: 250_000_000))
    }

    @Test("a timestamp before the epoch keeps non-negative nanoseconds")
    func timestampBeforeEpochKeepsNonNegativeNanos() {
        #expect(Timestamp(Date(timeIntervalSince1970: -1.5)) == Timestamp(seconds: -2, nanos: 500_000_000))
    }

    @Test("a timestamp converts back to the same date")
    func timestampConvertsBackToTheSameDate() {
        let date = Date(timeIntervalSince1970: 1_234_567_890.125)
        #expect(Timestamp(date).date == date)
    }

    @Test("now is the system time")
    func nowIsTheSystemTime() {
        let before = Timestamp(Date())
        let now = Timestamp.now
        let after = Timestamp(Date())
        #expect(before <= now && now <= after)
    }

    @Test("the duration between timestamps borrows across seconds")
    func durationBetweenTimestampsBorrowsAcrossSeconds() {
        let start = Timestamp(seconds: 10, nanos: 900_000_000)
        let end = Timestamp(seconds: 12, nanos: 100_000_000)
        #expect(start.duration(to: end) == MessageDuration(seconds: 1, nanos: 200_000_000))
        #expect(end.duration(to: start) == MessageDuration(seconds: -2, nanos: 800_000_000))
    }

    @Test(
        "durations convert to and from nanoseconds",
        arguments: [
            (0, MessageDuration(seconds: 0, nanos: 0)),
            (1, MessageDuration(seconds: 0, nanos: 1)),
            (1_500_000_000, MessageDuration(seconds: 1, nanos: 500_000_000)),
            (-1, MessageDuration(seconds: -1, nanos: 999_999_999)),
            (-1_500_000_000, MessageDuration(seconds: -2, nanos: 500_000_000)),
        ]
    )
    func durationsConvertToAndFromNanoseconds(nanoseconds: Int, duration: MessageDuration) {
        #expect(MessageDuration(nanoseconds: nanoseconds) == duration)
        #expect(duration.nanoseconds == nanoseconds)
    }

    @Test(
        "durations convert to and from Swift.Duration",
        arguments: [
            (Swift.Duration.zero, MessageDuration.zero),
            (.milliseconds(1_500), MessageDuration(seconds: 1, nanos: 500_000_000)),
            (.nanoseconds(-1), MessageDuration(seconds: -1, nanos: 999_999_999)),
            (.seconds(-3), MessageDuration(seconds: -3, nanos: 0)),
            (.milliseconds(-2_250), MessageDuration(seconds: -3, nanos: 750_000_000)),
        ]
    )
    func durationsConvertToAndFromSwiftDuration(swiftDuration: Swift.Duration, duration: MessageDuration) {
        #expect(MessageDuration(swiftDuration) == duration)
        #expect(duration.swiftDuration == swiftDuration)
    }

    @Test("a Swift.Duration finer than a nanosecond is floored to whole nanoseconds")
    func subNanosecondDurationIsFloored() {
        #expect(
            MessageDuration(.nanoseconds(5) + .init(secondsComponent: 0, attosecondsComponent: 400))
                == .init(seconds: 0, nanos: 5))
        #expect(
            MessageDuration(.init(secondsComponent: 0, attosecondsComponent: -400))
                == .init(seconds: -1, nanos: 999_999_999))
    }

    @Test("adding durations carries nanoseconds into seconds")
    func addingDurationsCarries() {
        #expect(
            MessageDuration(seconds: 1, nanos: 700_000_000) + MessageDuration(seconds: 0, nanos: 600_000_000)
                == MessageDuration(seconds: 2, nanos: 300_000_000)
        )
    }

    @Test("durations and timestamps order chronologically")
    func durationsAndTimestampsOrderChronologically() {
        #expect(MessageDuration(seconds: -1, nanos: 999_999_999) < .zero)
        #expect(MessageDuration(seconds: 1, nanos: 0) > MessageDuration(seconds: 0, nanos: 999_999_999))
        #expect(Timestamp(seconds: 5, nanos: 1) > Timestamp(seconds: 5, nanos: 0))
    }
}

@Suite("Test step result statuses")
struct TestStepResultStatusTests {
    @Test("statuses order by severity as Cucumber ranks them")
    func statusesOrderBySeverity() {
        #expect(
            TestStepResultStatus.allCases.sorted() == [
                .unknown, .passed, .skipped, .pending, .undefined, .ambiguous, .failed,
            ]
        )
        #expect(TestStepResultStatus.allCases.shuffled().sorted() == TestStepResultStatus.allCases)
    }

    @Test(
        "a scenario takes its worst step status",
        arguments: [
            ([TestStepResultStatus.passed, .failed, .passed], TestStepResultStatus.failed),
            ([.passed, .skipped], .skipped),
            ([.undefined, .pending, .skipped], .undefined),
            ([.ambiguous, .undefined], .ambiguous),
            ([.passed], .passed),
            ([], .unknown),
        ]
    )
    func scenarioTakesItsWorstStepStatus(statuses: [TestStepResultStatus], worst: TestStepResultStatus) {
        #expect(TestStepResultStatus.worst(of: statuses) == worst)
    }

    @Test("statuses are written as the schema's upper-case names")
    func statusesAreWrittenAsSchemaNames() throws {
        for status in TestStepResultStatus.allCases {
            let result = TestStepResult(duration: .zero, status: status)
            let json = try JSONValue(
                parsing: Envelope.testRunHookFinished(
                    TestRunHookFinished(
                        testRunHookStartedId: "1", result: result, timestamp: Timestamp(seconds: 0, nanos: 0))
                ).jsonBytes())
            #expect(json["testRunHookFinished"]?["result"]?["status"] == .string(status.rawValue.uppercased()))
        }
    }
}

@Suite("Meta")
struct MetaTests {
    @Test("meta for this process names the implementation, Swift, the OS and the CPU")
    func metaForThisProcess() throws {
        let meta = Meta.current(implementation: Product(name: "feed-specs", version: "1.2.3"))
        #expect(meta.protocolVersion == Meta.supportedProtocolVersion)
        #expect(meta.implementation == Product(name: "feed-specs", version: "1.2.3"))
        #expect(meta.runtime.name == "Swift")
        #expect(meta.runtime.version?.hasPrefix("6.") == true)
        #if os(Linux)
            #expect(meta.os.name == "linux")
        #elseif os(macOS)
            #expect(meta.os.name == "darwin")
        #endif
        #expect(meta.os.version?.isEmpty == false)
        #expect(!meta.cpu.name.isEmpty && meta.cpu.name != "unknown")
        #expect(meta.ci == nil)
    }

    @Test("meta is written with its required members and without a nil ci")
    func metaIsWrittenWithRequiredMembers() throws {
        let meta = Meta.current(implementation: Product(name: "feed-specs"))
        let json = try #require(try JSONValue(parsing: Envelope.meta(meta).jsonBytes())["meta"])
        for key in ["protocolVersion", "implementation", "runtime", "os", "cpu"] {
            #expect(json[key] != nil, "\(key)")
        }
        #expect(json["ci"] == nil)
        #expect(json["implementation"] == ["name": "feed-specs"])
    }
}
