/// What the feed screen shows: nothing yet, the images, or an error message.
public enum FeedViewModel: Hashable, Sendable {
    /// The feed is being loaded.
    case loading
    /// The images, in feed order.
    case feed([DisplayedImage])
    /// An error message for the customer.
    case error(String)

    /// The message shown when neither the server nor the cache can provide a feed.
    public static let connectionErrorMessage = "Couldn't connect to server"

    /// The screen showing `images`.
    public static func loaded(_ images: [FeedImage]) -> FeedViewModel {
        .feed(images.map(DisplayedImage.init))
    }

    /// The screen showing the connection error message.
    public static let connectionError = FeedViewModel.error(connectionErrorMessage)

    /// The displayed images, or `nil` while loading or showing an error.
    public var images: [DisplayedImage]? {
        if case .feed(let images) = self { return images }
        return nil
    }

    /// The error message shown, or `nil` while loading or showing images.
    public var errorMessage: String? {
        if case .error(let message) = self { return message }
        return nil
    }
}
