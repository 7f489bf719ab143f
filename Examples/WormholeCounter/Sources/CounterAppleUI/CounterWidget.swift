#if canImport(WidgetKit) && canImport(SwiftUI) && os(iOS)
import CounterShared
import SwiftUI
import WidgetKit
import Wormhole

/// One moment of the widget: the latest count the app sent.
public struct CounterEntry: TimelineEntry {
    /// When the entry is shown.
    public let date: Date
    /// The count, or `nil` before the first update.
    public let count: Int?
}

/// Reads the newest update from the wormhole whenever WidgetKit asks (the app asks after each send).
public struct CounterProvider: TimelineProvider {
    /// Creates the provider.
    public init() {}

    /// A zero while the widget loads.
    public func placeholder(in context: Context) -> CounterEntry {
        CounterEntry(date: Date(), count: 0)
    }

    /// The newest update, for the widget gallery.
    public func getSnapshot(in context: Context, completion: @escaping @Sendable (CounterEntry) -> Void) {
        Task { completion(await Self.latest()) }
    }

    /// One entry with the newest update, until the app reloads the widget.
    public func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CounterEntry>) -> Void) {
        Task { completion(Timeline(entries: [await Self.latest()], policy: .never)) }
    }

    private static func latest() async -> CounterEntry {
        let wormhole = try? Counter.sharedWormhole()
        let update = try? await wormhole?.message(CounterUpdate.self, for: Counter.identifier)
        return CounterEntry(date: Date(), count: update?.count)
    }
}

/// The widget: the count, or a dash before the first tap.
public struct CounterWidget: Widget {
    /// The kind the app reloads after each send.
    public static let kind = "CounterWidget"

    /// Creates the widget.
    public init() {}

    /// A small widget showing the count.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: CounterProvider()) { entry in
            Text(entry.count.map(String.init) ?? "–").font(.largeTitle)
        }
        .configurationDisplayName("Counter")
        .description("The count from the app, through Wormhole.")
        .supportedFamilies([.systemSmall])
    }
}
#endif
