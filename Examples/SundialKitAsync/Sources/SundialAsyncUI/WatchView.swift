#if canImport(SwiftUI)
import SwiftUI

/// The Watch app's screen: the last color received (live colors are answered with their complement).
public struct WatchView: View {
    @StateObject private var model = ColorModel(role: .watch)

    /// Creates the screen.
    public init() {}

    /// The swatch and the status line.
    public var body: some View {
        VStack {
            Circle().fill(model.color.swatch)
            Text(model.status).font(.footnote)
        }
        .task { await model.run() }
    }
}
#endif
