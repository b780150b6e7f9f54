print("feed-specs: not built yet")
