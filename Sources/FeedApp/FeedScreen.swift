import Feed

/// What the headless app displays: `.loading`, `.feed` with the images, or `.error` with the message.
public typealias FeedScreen = FeedViewModel
