import ClerkKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens an email link as a browser would, but stops at its redirect: the app URL it names carries the flow and
/// its approval token.
@available(OS2023, *)
enum EmailLinkOpener {
    /// Whether `url` is the link of an email (`…/v1/verify?token=…`) rather than the address it redirects to.
    static func isEmailLink(_ url: URL) -> Bool {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return url.path.hasSuffix("/v1/verify") && items.contains { $0.name == "token" }
    }

    static func callback(opening link: URL) async throws(ClerkError) -> URL {
        guard link.scheme == "http" || link.scheme == "https" else {
            throw ClerkError(.invalidCallback, "An email link starts with https:// (or http:// for a local instance).")
        }
        let session = URLSession(configuration: .ephemeral, delegate: RedirectStopper(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let response: URLResponse
        do {
            (_, response) = try await session.data(from: link)
        } catch {
            throw ClerkError(.transport, "The email link could not be opened.", underlying: error)
        }
        let http = response as? HTTPURLResponse
        guard let status = http?.statusCode, (300..<400).contains(status),
            let location = http?.value(forHTTPHeaderField: "Location"),
            let callback = URL(string: location, relativeTo: link)
        else {
            throw ClerkError(.invalidState, "The email link did not lead back to this app; it may be used or expired.")
        }
        return callback.absoluteURL
    }
}

/// Keeps the redirect as the response instead of following it.
private final class RedirectStopper: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
