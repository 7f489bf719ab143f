// wormhole-benchmark: cross-process and in-process send→receive latency and throughput of Wormhole, side by
// side with the physical floor (a C ping-pong over rename + inotify) measured in the same run.
//
//     swift run -c release wormhole-benchmark           # full run
//     swift run -c release wormhole-benchmark --quick   # smoke run (figures not meaningful)
//
// The process re-executes itself as the echo or sender side of cross-process measurements (`--echo`,
// `--blast`); those modes are internal.

import BenchmarkSupport
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
    if arguments.first == "--echo" || arguments.first == "--blast" {
        try await Peer.run(arguments)
    } else {
        try await Suite.run()
    }
} else {
    print("wormhole-benchmark needs macOS 13, iOS 16, tvOS 16 or watchOS 9")
    exit(1)
}
