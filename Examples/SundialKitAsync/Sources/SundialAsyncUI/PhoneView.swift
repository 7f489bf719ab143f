#if canImport(SwiftUI)
import SwiftUI

/// The iPhone app's screen: the current color, the Watch's reachability, and a button that sends a new color.
public struct PhoneView: View {
    @StateObject private var model = ColorModel(role: .phone)

    /// Creates the screen.
    public init() {}

    /// The swatch, the button and the status line.
    public var body: some View {
        VStack(spacing: 16) {
            RoundedRectangle(cornerRadius: 16).fill(model.color.swatch).frame(height: 160)
            Text(model.isReachable ? "Watch reachable" : "Watch not reachable")
            Button("Send a color") { Task { await model.send(.random()) } }
            Text(model.status).font(.footnote)
        }
        .padding()
        .task { await model.run() }
    }
}
#endif
