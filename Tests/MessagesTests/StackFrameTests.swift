import Messages
import Testing

@Suite struct StackFrameTests {
    @Test(arguments: [
        ("at Specs/cart.feature:14:9", StackFrame(file: "Specs/cart.feature", line: 14, column: 9)),
        ("    at Shop/ShopSteps.swift:23", StackFrame(file: "Shop/ShopSteps.swift", line: 23)),
        ("at C:/specs/a.feature:3:1", StackFrame(file: "C:/specs/a.feature", line: 3, column: 1)),
    ])
    func `a stack-trace line reads back as the frame it was written from`(line: String, frame: StackFrame) {
        #expect(StackFrame(line: Substring(line)) == frame)
        #expect(StackFrame(line: Substring("at \(frame)")) == frame)
    }

    @Test(arguments: ["Error: boom", "at nothing", "at :3", "at a.swift:0", "at a.swift:", ""])
    func `a line that is not a frame is none`(line: String) {
        #expect(StackFrame(line: Substring(line)) == nil)
    }

    @Test func `an exception's frames are its stack trace's frame lines, in order`() {
        let frames = [
            StackFrame(file: "a.feature", line: 2, column: 3), StackFrame(file: "M/B.swift", line: 9, column: 1),
        ]
        var exception = Exception(type: "E", message: "m", stackTrace: Exception.stackTrace(frames))
        #expect(exception.stackTrace == "at a.feature:2:3\nat M/B.swift:9:1")
        #expect(exception.frames == frames)
        exception.stackTrace = "Error: m\n    at M/B.swift:9:1\n    at node:internal"
        #expect(exception.frames == [frames[1]])
        #expect(Exception.stackTrace([]) == nil)
    }
}
