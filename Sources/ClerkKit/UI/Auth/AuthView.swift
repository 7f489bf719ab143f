#if canImport(SwiftUI)
public import ClerkKit
public import ClerkKitUICore
public import SwiftUI

/// Sign-in and sign-up: every step the instance's settings call for, from the identifier to the session tasks.
/// It acts on the environment's Clerk (`\.clerk`) and closes itself once signed in.
///
/// ```swift
/// .sheet(isPresented: $showsAuth) { AuthView() }
/// ```
@available(OS2023, *)
public struct AuthView: View {
    /// Which flow the view starts in.
    public typealias Mode = AuthMode

    @Environment(\.clerk) private var clerk
    @Environment(\.clerkLocalizer) private var localizer
    @Environment(\.dismiss) private var dismiss
    private let mode: Mode
    private let isDismissable: Bool
    private let emailLinkRedirectURL: String?
    private var passkeyAuthenticator: (any PasskeyAuthenticator)?

    /// Sign-in and sign-up in `mode`; `isDismissable` shows a close button (when presented in a sheet).
    /// `emailLinkRedirectURL` (your app's URL scheme or universal link) turns email links on; the view completes the
    /// link when the app is opened with it.
    public init(mode: Mode = .signInOrUp, isDismissable: Bool = true, emailLinkRedirectURL: String? = nil) {
        self.mode = mode
        self.isDismissable = isDismissable
        self.emailLinkRedirectURL = emailLinkRedirectURL
        self.passkeyAuthenticator = nil
    }

    /// The same, offering a passkey as second factor where the sign-in allows one: `passkeyAuthenticator`
    /// (`ASPasskeyAuthenticator()`) signs its challenge.
    public init(
        mode: Mode = .signInOrUp, isDismissable: Bool = true, emailLinkRedirectURL: String? = nil,
        passkeyAuthenticator: any PasskeyAuthenticator
    ) {
        self.init(mode: mode, isDismissable: isDismissable, emailLinkRedirectURL: emailLinkRedirectURL)
        self.passkeyAuthenticator = passkeyAuthenticator
    }

    /// The view.
    public var body: some View {
        if let clerk {
            AuthFlowView(flow: flow(clerk), isDismissable: isDismissable, dismiss: dismiss)
        } else {
            ClerkText(.localized(.errorUnexpected))
        }
    }

    private func flow(_ clerk: Clerk) -> AuthFlow {
        let flow = AuthFlow(clerk: clerk, mode: mode, localizer: localizer, emailLinkRedirectURL: emailLinkRedirectURL)
        flow.passkeyAuthenticator = passkeyAuthenticator
        return flow
    }
}

/// The flow's navigation stack: the first screen and a screen per ``AuthDestination``.
@available(OS2023, *)
struct AuthFlowView: View {
    @State var flow: AuthFlow
    let isDismissable: Bool
    let dismiss: DismissAction

    var body: some View {
        NavigationStack(path: $flow.path) {
            AuthIdentifierScreen(flow: flow)
                .navigationTitle(flow.string(flow.title))
                .navigationDestination(for: AuthDestination.self) { destination in
                    AuthDestinationView(flow: flow, destination: destination)
                        .navigationTitle(flow.string(flow.title))
                        .accessibilityIdentifier("auth.\(destination.accessibilityIdentifier)")
                }
                .toolbar {
                    if isDismissable {
                        Button {
                            Task {
                                await flow.cancel()
                                dismiss()
                            }
                        } label: {
                            ClerkText(AuthFlow.Action.cancel.text)
                        }
                        .accessibilityIdentifier("auth.cancel")
                    }
                }
        }
        .onOpenURL { url in Task { await flow.handle(url) } }
        .task { await flow.continueSessionTasks() }
        .onChange(of: flow.isComplete) { _, isComplete in
            if isComplete, isDismissable { dismiss() }
        }
    }
}
#endif
