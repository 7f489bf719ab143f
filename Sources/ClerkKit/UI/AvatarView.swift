#if canImport(SwiftUI)
import ClerkKitUICore
import SwiftUI
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// A user's picture, loaded through the environment's ``ImageLoading``, with their initials until it arrives
/// or when there is none.
@available(OS2023, *)
struct AvatarView: View {
    @Environment(\.clerkImageLoader) private var loader
    @Environment(\.clerkTheme) private var theme
    @Environment(\.clerkLocalizer) private var localizer
    @Environment(\.colorScheme) private var scheme
    @State private var image: Image?
    let display: UserDisplay
    var size: Double = 36

    var body: some View {
        ZStack {
            Circle().fill(theme.colors.primary.color(scheme))
            if let image {
                image.resizable().scaledToFill()
            } else {
                Text(verbatim: display.initials)
                    .font(.system(size: size * 0.4, weight: .semibold))
                    .foregroundStyle(theme.colors.primaryForeground.color(scheme))
            }
        }
        .frame(width: size, height: size)
        .clipShape(Circle())
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: localizer.string(display.avatarLabel)))
        .task(id: display.imageURL) {
            image = nil
            guard let url = display.imageURL, let data = try? await loader.imageData(for: url) else { return }
            image = Self.decode(data)
        }
    }

    static func decode(_ data: Data) -> Image? {
        #if canImport(UIKit)
        UIImage(data: data).map(Image.init(uiImage:))
        #elseif canImport(AppKit)
        NSImage(data: data).map(Image.init(nsImage:))
        #else
        nil
        #endif
    }
}
#endif
