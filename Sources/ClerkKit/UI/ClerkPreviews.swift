#if canImport(SwiftUI)
import ClerkKit
import ClerkKitUICore
import SwiftUI

/// Previews of the prebuilt views, rendered from ClerkKitUICore's `PreviewClerk`: a restored sample client, no
/// network and no test kit. (A `PreviewProvider`, so the module needs no macro plug-in to build.)
@available(OS2023, *)
struct ClerkViews_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            UserButton().previewDisplayName("User button")
            UserProfileView(isDismissable: false).previewDisplayName("User profile")
            UserProfileView(isDismissable: false)
                .environment(\.clerkLocalizer, Localizer(table: .french))
                .preferredColorScheme(.dark)
                .previewDisplayName("User profile, French, dark")
            OrganizationSwitcher().previewDisplayName("Organization switcher")
            OrganizationProfileView(organizationId: "org_preview").previewDisplayName("Organization profile")
        }
        .clerk(try? PreviewClerk.clerk())
    }
}
#endif
