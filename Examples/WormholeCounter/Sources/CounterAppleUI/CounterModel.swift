#if canImport(SwiftUI)
import CounterShared
import SwiftUI
import Wormhole

#if canImport(WidgetKit) && os(iOS)
import WidgetKit
#endif

/// The app's counter: each tap sends an update through the wormhole and asks WidgetKit to refresh the widget.
@MainActor
public final class CounterModel: ObservableObject {
    /// The last count sent.
    @Published public private(set) var count = 0
    /// Why the wormhole cannot be used, if it cannot.
    @Published public private(set) var problem: String?
    private let wormhole: Wormhole?

    /// Opens the app group's wormhole; a missing App Groups capability shows as `problem`, not a crash.
    public init() {
        do {
            wormhole = try Counter.sharedWormhole()
        } catch {
            wormhole = nil
            problem = "\(error)"
        }
    }

    /// Resumes from the last count sent, so the app and the widget agree after a relaunch.
    public func load() async {
        guard let wormhole else { return }
        do {
            count = try await wormhole.message(CounterUpdate.self, for: Counter.identifier)?.count ?? 0
        } catch {
            problem = "\(error)"
        }
    }

    /// Counts one up and sends it.
    public func increment() async {
        guard let wormhole else { return }
        count += 1
        do {
            try await wormhole.send(CounterUpdate(count: count), to: Counter.identifier)
            #if canImport(WidgetKit) && os(iOS)
            WidgetCenter.shared.reloadTimelines(ofKind: CounterWidget.kind)
            #endif
        } catch {
            problem = "\(error)"
        }
    }
}

/// The app's screen: the count and a button.
public struct CounterView: View {
    @StateObject private var model = CounterModel()

    /// Creates the screen.
    public init() {}

    /// The count, the button, and a problem if there is one.
    public var body: some View {
        VStack(spacing: 16) {
            Text("\(model.count)").font(.system(size: 64, weight: .bold, design: .rounded))
            Button("Count") { Task { await model.increment() } }
                .buttonStyle(.borderedProminent)
            if let problem = model.problem {
                Text(problem).font(.footnote).foregroundColor(.red)
            }
        }
        .padding()
        .task { await model.load() }
    }
}
#endif
