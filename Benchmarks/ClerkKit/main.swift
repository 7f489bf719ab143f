print("clerk-benchmark: not built yet")
