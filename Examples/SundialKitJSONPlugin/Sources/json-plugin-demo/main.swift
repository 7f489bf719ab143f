// json-plugin-demo: the JSON plugin in use between a simulated iPhone and Apple Watch (SundialKitTesting's
// `PairedSessions`): a reminder sent live travels as JSON bytes, one sent out of reach inside the application
// context; the iPhone decodes both. Ends by itself; exits with 1 when something expected does not arrive in 5 s.

import Foundation
import SundialKitJSON
import SundialKitStream
import SundialKitTesting

/// A message of the app's own, sent with the plugin.
struct Reminder: JSONMessagable, Equatable {
    static let key = "reminder"
    var title: String
    var due: Date
}

do {
    let decoder = MessageDecoder(messagableTypes: [Reminder.self])
    let pair = PairedSessions()
    let phone = ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
    let watch = ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
    let received = await phone.messages(of: Reminder.self)
    try await phone.activate(timeout: .seconds(5))
    try await watch.activate(timeout: .seconds(5))

    let stretch = Reminder(title: "Stretch", due: Date(timeIntervalSince1970: 1_800_000_000))
    print("watch: \(String(decoding: try stretch.encode(), as: UTF8.self))")
    print("watch: sent live by \(try await watch.send(stretch).transport.map(\.rawValue) ?? "?")")
    pair.setLinkUp(false)
    let water = Reminder(title: "Drink water", due: Date(timeIntervalSince1970: 1_800_003_600))
    print("watch: out of reach; sent by \(try await watch.send(water).transport.map(\.rawValue) ?? "?")")
    pair.setLinkUp(true)

    let reminders = Task { () -> [Reminder] in
        var all: [Reminder] = []
        for await reminder in received {
            all.append(reminder)
            print("phone: \(reminder.title)")
            if all.count == 2 { break }
        }
        return all
    }
    let timeout = Task {
        try await Task.sleep(for: .seconds(5))
        reminders.cancel()
    }
    let all = await reminders.value
    timeout.cancel()
    guard all == [stretch, water] else {
        print("failed: the phone received \(all.count) of 2 reminders")
        exit(1)
    }
    print("done")
} catch {
    print("failed: \(error)")
    exit(1)
}
