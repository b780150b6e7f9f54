import Messages

/// The timeline of a parallel run: one lane per worker, each test case attempt a bar from its start to its end,
/// coloured by its status, its title naming the scenario, so a slow or blocking scenario can be seen. Shown when the
/// run had more than one worker.
///
/// Bounded: every attempt keeps a few numbers (its worker, start, end and status) and, for the first
/// `timelineNamedBars`, its name and card. Past that, each lane is drawn as `timelineColumns` columns, each the
/// worst status of the attempts in it, so the page stays small however many test cases ran.
extension HTMLFormatter {
    /// One attempt on the timeline.
    struct TimelineBar {
        var worker: Int
        /// From the run's start, in nanoseconds.
        var start: Int64
        var end: Int64
        var status: TestStepResultStatus
        /// The scenario's name and card anchor, for the first bars only.
        var label: (name: String, pickleId: String)?
    }

    /// Bars drawn one by one, with their names; past this many, lanes are drawn by columns.
    static let timelineNamedBars = 2_000
    /// The columns of a lane drawn by columns, and the chart's width.
    static let timelineColumns = 1_000

    /// Notes the attempts of `run` on the timeline.
    func noteOnTimeline(_ run: TestCaseRun) {
        guard let runStart = query.testRunStarted?.timestamp else { return }
        for attempt in run.attempts {
            let worker = attempt.started.workerId ?? ""
            let lane: Int
            if let known = timelineWorkers[worker] {
                lane = known
            } else {
                lane = timelineWorkers.count
                timelineWorkers[worker] = lane
            }
            let start = max(0, runStart.duration(to: attempt.started.timestamp).nanoseconds)
            let end = max(start, start + attempt.duration.nanoseconds)
            var label: (name: String, pickleId: String)?
            if timeline.count < Self.timelineNamedBars, let pickle = attempt.pickle {
                label = (pickle.name, pickle.id)
            }
            timeline.append(
                TimelineBar(
                    worker: lane, start: Int64(start), end: Int64(end), status: attempt.status, label: label))
        }
    }

    /// Writes the timeline, when more than one worker ran test cases.
    func writeTimeline() {
        guard timelineWorkers.count > 1, !timeline.isEmpty else { return }
        // Lanes in the workers' order (`0`, `1`, … `10`), whichever started first.
        let workers = timelineWorkers.keys.sorted {
            $0.count != $1.count ? $0.count < $1.count : $0 < $1
        }
        var row = [Int](repeating: 0, count: timelineWorkers.count)
        for (index, worker) in workers.enumerated() { row[timelineWorkers[worker] ?? 0] = index }
        let total = max(timeline.map(\.end).max() ?? 1, 1)
        let laneHeight = 18
        let labelWidth = 90
        let width = labelWidth + Self.timelineColumns
        let height = workers.count * laneHeight + 4
        buffer.append("<section class=\"timeline\" id=\"timeline\" aria-label=\"Timeline\">")
        buffer.append("<h2>Timeline <span class=\"label\">\(workers.count) workers, ")
        buffer.append("\(timeline.count) test case attempts, \(Self.milliseconds(total))</span></h2>")
        buffer.append(
            "<svg class=\"timeline-chart\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" "
                + "role=\"img\" aria-label=\"Which worker ran which test case and when: \(workers.count) lanes\">")
        for (lane, worker) in workers.enumerated() {
            buffer.append(
                "<text class=\"lane\" x=\"0\" y=\"\(lane * laneHeight + 13)\">worker ")
            buffer.appendHTML(worker.isEmpty ? "?" : worker)
            buffer.append("</text>")
        }
        func x(_ nanoseconds: Int64) -> Int {
            labelWidth + Int(nanoseconds * Int64(Self.timelineColumns) / total)
        }
        if timeline.count <= Self.timelineNamedBars {
            for bar in timeline {
                let left = x(bar.start)
                let barWidth = max(1, x(bar.end) - left)
                let y = row[bar.worker] * laneHeight + 2
                let rect =
                    "<rect class=\"\(Self.timelineClass(bar.status))\" x=\"\(left)\" y=\"\(y)\" "
                    + "width=\"\(barWidth)\" height=\"\(laneHeight - 4)\"></rect>"
                guard let label = bar.label else {
                    buffer.append(rect)
                    continue
                }
                buffer.append("<a href=\"#\(Self.anchor(label.pickleId))\"><title>")
                buffer.appendHTML(
                    "\(label.name) · worker \(workers[row[bar.worker]]) · \(Self.milliseconds(bar.end - bar.start)) · "
                        + bar.status.rawValue.lowercased())
                buffer.append("</title>\(rect)</a>")
            }
        } else {
            // By columns: each the worst status of the attempts that cover it, equal neighbours drawn as one.
            for lane in workers.indices {
                var columns = [TestStepResultStatus?](repeating: nil, count: Self.timelineColumns)
                for bar in timeline where row[bar.worker] == lane {
                    let first = min(Self.timelineColumns - 1, x(bar.start) - labelWidth)
                    let last = min(Self.timelineColumns - 1, max(first, x(bar.end) - labelWidth))
                    for column in first...last where columns[column].map({ bar.status > $0 }) ?? true {
                        columns[column] = bar.status
                    }
                }
                var column = 0
                while column < columns.count {
                    guard let status = columns[column] else {
                        column += 1
                        continue
                    }
                    var end = column + 1
                    while end < columns.count, columns[end] == status { end += 1 }
                    buffer.append(
                        "<rect class=\"\(Self.timelineClass(status))\" x=\"\(labelWidth + column)\" "
                            + "y=\"\(lane * laneHeight + 2)\" width=\"\(end - column)\" height=\"\(laneHeight - 4)\">"
                            + "<title>")
                    // The worker's id is the stream's own text.
                    buffer.appendHTML("worker \(workers[lane]): \(status.rawValue.lowercased())")
                    buffer.append("</title></rect>")
                    column = end
                }
            }
        }
        buffer.append("</svg></section>\n")
    }

    private static func timelineClass(_ status: TestStepResultStatus) -> String {
        switch status {
        case .passed: "t-passed"
        case .failed: "t-failed"
        default: "t-other"
        }
    }

    /// `850 ms`, `12.3 s`.
    private static func milliseconds(_ nanoseconds: Int64) -> String {
        let milliseconds = nanoseconds / 1_000_000
        return milliseconds < 1000 ? "\(milliseconds) ms" : "\((Double(milliseconds) / 100).rounded() / 10) s"
    }
}
