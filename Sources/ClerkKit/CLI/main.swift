print("clerk: not built yet")
