import Feed
import FeedApp
import Foundation

/// How the specs put things into words for a product owner: counts, screens, outcomes.
enum Wording {
    /// `1 image`, `3 images`, `0 images`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// What the app shows, as the end of a sentence: `it showed 3 images`.
    static func screen(_ screen: FeedScreen?) -> String {
        switch screen {
        case nil: "the customer never opened the feed"
        case .loading: "it was still loading"
        case .feed(let images): "it showed \(count(images.count, "image"))"
        case .error(let message): "it showed the error message \"\(message)\""
        }
    }

    /// What a load delivered, as the end of a sentence: `it delivered 4 images`, `it failed with invalid data`.
    static func outcome(_ outcome: LoadOutcome?) -> String {
        switch outcome {
        case nil: "nothing was loaded yet"
        case .images(let images): "it delivered \(count(images.count, "image"))"
        case .photos(let photos): "it delivered \(count(photos.count, "photo"))"
        case .failure(let error): "it failed: \(reason(error))"
        }
    }

    /// Why something failed, in the product owner's words.
    static func reason(_ error: any Error) -> String {
        switch error {
        case RemoteFeedLoader.Error.connectivity: "the server could not be reached (a connectivity error)"
        case RemoteFeedLoader.Error.invalidData: "the server's answer is not a valid feed (invalid data)"
        case LocalFeedLoader.Error.retrievalFailed(let cause): "the saved feed could not be read (\(cause))"
        case LocalFeedLoader.Error.deletionFailed(let cause): "the old feed could not be deleted (\(cause))"
        case LocalFeedLoader.Error.insertionFailed(let cause): "the new feed could not be stored (\(cause))"
        default: String(describing: error)
        }
    }

    /// A moment relative to the clock: `just now`, `3 days ago`, `2 hours from now`.
    static func age(of timestamp: Date, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let later = max(timestamp, now)
        let earlier = min(timestamp, now)
        let parts = calendar.dateComponents([.day, .hour, .minute, .second], from: earlier, to: later)
        let words = [
            (parts.day ?? 0, "day"), (parts.hour ?? 0, "hour"), (parts.minute ?? 0, "minute"),
            (parts.second ?? 0, "second"),
        ].filter { $0.0 != 0 }.map { count($0.0, $0.1) }
        guard !words.isEmpty else { return "just now" }
        return words.joined(separator: " ") + (timestamp < now ? " ago" : " from now")
    }
}
