import ClerkKit
import Foundation

/// Opening URLs in the system browser.
@available(OS2023, *)
public enum SystemBrowser {
    /// Runs `$BROWSER` when set (through `sh`, so it may carry arguments; the usual convention for
    /// command-line tools), else `xdg-open` (Linux) or `open` (macOS), on `url`, and waits for it to hand off.
    ///
    /// - Throws: ``ClerkError/Code/transport`` when the command cannot run or exits with a failure.
    public static let open: LoopbackWebAuthenticator.BrowserOpener = { url async throws(ClerkError) in
        #if os(Linux) || os(macOS)
        #if os(Linux)
        let fallback = "xdg-open"
        #else
        let fallback = "open"
        #endif
        let browser = ProcessInfo.processInfo.environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", browser + " \"$1\"", "sh", url.absoluteString]
        let status: Int32? = await withCheckedContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: nil)
            }
        }
        guard status == 0 else {
            throw ClerkError(
                .transport, "Could not open a browser (\(browser)); set $BROWSER or open the page by hand.")
        }
        #else
        throw ClerkError(.invalidConfiguration, "No system browser to open on this platform.")
        #endif
    }
}
