import Foundation
import SpecReports

/// Where a run writes, and the check that no two of its outputs are one file.
extension RunCommand {
    /// Where the run of `variant` writes: its report folder, its reports, and its run history (where asked, else
    /// beside the reports it writes into the report folder; a rerun in watch mode adds nothing).
    func outputs(of variant: Variant, variantCount: Int, options: RunOptions, rerun: Bool)
        -> (directory: URL, formats: [FormatRequest], history: URL?)
    {
        var directory = URL(fileURLWithPath: options.outDirectory, isDirectory: true)
        var formats = FormatRequest.effective(options.formats, outDirectoryGiven: options.outDirectoryGiven)
        if rerun {
            // A rerun shows its result on the console; the report files stay those of the whole run.
            formats = formats.filter { $0.writesToConsole && ReportFormat.consoleFormats.contains($0.format) }
            if formats.isEmpty { formats = [FormatRequest(name: ReportFormat.progress.rawValue, path: nil)] }
        }
        if variantCount > 1 {
            // One folder per variant, and a suffix to each path given.
            directory = directory.appendingPathComponent(variant.description, isDirectory: true)
            formats = formats.map { request in
                var request = request
                if let path = request.path, path != "-" { request.path = suffixed(path, with: variant.description) }
                return request
            }
        }
        var history: URL?
        if !rerun && !options.noHistory {
            if let file = options.historyFile {
                history = URL(fileURLWithPath: variantCount > 1 ? suffixed(file, with: variant.description) : file)
            } else if formats.contains(where: { !$0.writesToConsole && $0.path == nil }) {
                history = directory.appendingPathComponent("history.json")
            }
        }
        return (directory, formats, history)
    }

    /// A usage error when two outputs of any variant's run (reports, run history) are one file, compared by their
    /// standardized absolute paths (symbolic links resolved): each would overwrite the other.
    func sharedOutput(variants: [Variant], options: RunOptions) -> String? {
        let names = ReportDirectory.FileNames()
        for variant in variants {
            let (directory, formats, history) = outputs(
                of: variant, variantCount: variants.count, options: options, rerun: false)
            var outputs: [(what: String, url: URL)] = []
            for request in formats {
                if let path = request.path, path != "-" {
                    outputs.append(("--format \(request.name):\(path)", URL(fileURLWithPath: path)))
                } else if request.path == nil, let name = names.name(of: request.format) {
                    let url = directory.appendingPathComponent(name)
                    outputs.append(("the \(request.name) report (\(url.relativePath))", url))
                }
            }
            if let history {
                let what = options.historyFile.map { "--history \($0)" } ?? "the run history (\(history.relativePath))"
                outputs.append((what, history))
            }
            var seen: [String: String] = [:]
            for output in outputs {
                let path = output.url.standardizedFileURL.resolvingSymlinksInPath().path
                if let earlier = seen[path] {
                    return "\(earlier) and \(output.what) are one file, \(path): give each its own path"
                }
                seen[path] = output.what
            }
        }
        return nil
    }
}
