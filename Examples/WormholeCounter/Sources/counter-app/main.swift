// counter-app DIRECTORY [COUNT]: the app's side. Sends COUNT counter updates (5 by default), one every 100 ms, as
// a user tapping a button would, through the wormhole in DIRECTORY.

import CounterShared
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: counter-app DIRECTORY [COUNT]")
    exit(2)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 5

do {
    let wormhole = try Counter.wormhole(in: URL(fileURLWithPath: path))
    for value in 1...count {
        let sequence = try await wormhole.send(CounterUpdate(count: value), to: Counter.identifier)
        say("app: sent count \(value) (message #\(sequence))")
        try await Task.sleep(nanoseconds: 100_000_000)
    }
} catch {
    say("app: \(error)")
    exit(1)
}
