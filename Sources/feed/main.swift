print("feed: not built yet")
