// counter-app DIRECTORY [COUNT]: the app's side. Sends COUNT counter updates (5 by default), one every 100 ms, as
// a user tapping a button would, through the wormhole in DIRECTORY. Meanwhile it answers requests for the count it
// sent last (`Counter.currentCount`), and once it has sent the last update it waits up to 10 seconds for one such
// request before it exits.

import CounterShared
import Foundation
import Wormhole

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: counter-app DIRECTORY [COUNT]")
    exit(2)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 5

/// The count sent last, read by the request handler.
actor LastSent {
    var count = 0
    func set(_ value: Int) { count = value }
}

do {
    let wormhole = try Counter.wormhole(in: URL(fileURLWithPath: path))
    let lastSent = LastSent()
    let (answered, answer) = AsyncStream.makeStream(of: Int.self)
    var responder: ListenerToken?
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        responder = try await wormhole.respond(to: Counter.currentCount, as: CountQuery.self) { _ in
            let current = await lastSent.count
            say("app: asked for the current count; answering \(current)")
            answer.yield(current)
            return CounterUpdate(count: current)
        }
    } else {
        answer.finish()
    }
    for value in 1...count {
        await lastSent.set(value)
        let sequence = try await wormhole.send(CounterUpdate(count: value), to: Counter.identifier)
        say("app: sent count \(value) (message #\(sequence))")
        try await Task.sleep(nanoseconds: 100_000_000)
    }
    let deadline = Task {
        try await Task.sleep(nanoseconds: 10_000_000_000)
        answer.finish()
    }
    for await _ in answered { break }
    deadline.cancel()
    // The handler is answering: wait until its answer is written and posted, so exiting cannot lose it.
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), let responder {
        await wormhole.finishResponding(responder)
    }
} catch {
    say("app: \(error)")
    exit(1)
}
