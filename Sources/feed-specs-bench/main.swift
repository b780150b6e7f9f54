print("feed-specs-bench: not built yet")
