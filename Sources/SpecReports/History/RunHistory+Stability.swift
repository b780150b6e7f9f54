extension RunHistory {
    /// How many scenarios of one run ended in each way, for the trend chart.
    package struct RunCounts: Sendable, Hashable {
        package var passed = 0
        package var failed = 0
        package var flaky = 0
        /// Undefined, pending, ambiguous, skipped or unknown.
        package var other = 0

        package var total: Int { passed + failed + flaky + other }
    }

    /// The counts of each run, oldest first.
    package var counts: [RunCounts] {
        runs.map { run in
            var counts = RunCounts()
            for outcome in run.scenarios.values {
                switch outcome.status {
                case "passed": counts.passed += 1
                case "failed": counts.failed += 1
                case "flaky": counts.flaky += 1
                default: counts.other += 1
                }
            }
            return counts
        }
    }

    /// The scenarios whose status differs between run `index - 1` and run `index` (by key, sorted), old and new.
    package func changes(in index: Int) -> [(key: String, old: String, new: String)] {
        guard index > 0, index < runs.count else { return [] }
        let previous = runs[index - 1].scenarios
        var changed: [(key: String, old: String, new: String)] = []
        for (key, outcome) in runs[index].scenarios {
            guard let old = previous[key]?.status, old != outcome.status else { continue }
            changed.append((key, old, outcome.status))
        }
        return changed.sorted { $0.key < $1.key }  // only the changed ones are sorted
    }

    /// How often a scenario (or a feature's scenarios) passed in the runs it ran in.
    package struct Stability: Sendable, Hashable {
        /// The scenario's key, or the feature's file.
        package var key: String
        /// Runs it passed in (a flaky run does not count as passed).
        package var passed: Int
        /// Runs it ran in (skipped ones left out).
        package var ran: Int

        /// `passed / ran`, from 0 to 1.
        package var ratio: Double { ran == 0 ? 1 : Double(passed) / Double(ran) }
        /// The whole percentage, rounded down (99.6% stays 99%: only a scenario that always passed shows 100%).
        package var percent: Int { ran == 0 ? 100 : passed * 100 / ran }
    }

    /// The stability of every scenario that ran in at least two kept runs, least stable first (then by key).
    package var scenarioStability: [Stability] {
        var tally: [String: Stability] = [:]
        for run in runs {
            for (key, outcome) in run.scenarios where outcome.status != "skipped" {
                var entry = tally[key] ?? Stability(key: key, passed: 0, ran: 0)
                entry.ran += 1
                if outcome.status == "passed" { entry.passed += 1 }
                tally[key] = entry
            }
        }
        return Self.leastStableFirst(tally.values.filter { $0.ran >= 2 })
    }

    /// The stability of every feature (its file: the key's part before ` › `), the runs of its scenarios in
    /// `scenarios` (`scenarioStability`) together, least stable first.
    package static func featureStability(_ scenarios: [Stability]) -> [Stability] {
        var tally: [String: Stability] = [:]
        for scenario in scenarios {
            let feature = scenario.key.components(separatedBy: " › ").first ?? scenario.key
            var entry = tally[feature] ?? Stability(key: feature, passed: 0, ran: 0)
            entry.passed += scenario.passed
            entry.ran += scenario.ran
            tally[feature] = entry
        }
        return Self.leastStableFirst(Array(tally.values))
    }

    private static func leastStableFirst(_ entries: [Stability]) -> [Stability] {
        entries.sorted { left, right in
            // Compared as fractions, exactly: passed/ran < passed'/ran'.
            let leftShare = left.passed * right.ran
            let rightShare = right.passed * left.ran
            return leftShare != rightShare ? leftShare < rightShare : left.key < right.key
        }
    }
}
