import BenchmarkSupport

// The server benchmark; its scenarios are filled in as the server grows.
printBuildBanner("durable-streams-server-benchmark")
