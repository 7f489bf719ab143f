import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends one webhook request: resolves the host and refuses a local address (unless the policy allows the URL
/// as it is), never follows a redirect, and reads at most 64 KiB of the answer.
struct WebhookPoster: Sendable {
    /// What came of a delivery.
    enum Outcome: Sendable, Equatable {
        /// A 2xx answer; `done` when its body is `{"done": true}`.
        case delivered(done: Bool)
        /// Anything else: a refused target, a connection failure, a timeout, a redirect or a non-2xx status.
        case failed(String)
    }

    let policy: WebhookTargetPolicy
    let timeout: TimeInterval

    func post(_ url: String, body: [UInt8], signature: String) async -> Outcome {
        switch policy.check(url) {
        case .refused(let reason):
            return .failed(reason)
        case .accepted(let host):
            if let host, !policy.allows(resolved: Self.resolve(host)) {
                return .failed("\(host) does not resolve to public addresses only")
            }
        }
        guard let target = URL(string: url) else { return .failed("invalid URL") }
        var request = URLRequest(url: target, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(signature, forHTTPHeaderField: "Webhook-Signature")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration, delegate: RedirectRefuser(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let answer: (Data?, URLResponse?, (any Error)?) = await withCheckedContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                continuation.resume(returning: (data, response, error))
            }.resume()
        }
        if let error = answer.2 { return .failed(error.localizedDescription) }
        guard let status = (answer.1 as? HTTPURLResponse)?.statusCode else { return .failed("no HTTP response") }
        guard (200..<300).contains(status) else { return .failed("HTTP \(status)") }
        let data = (answer.0 ?? Data()).prefix(64 * 1024)
        let done = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["done"] as? Bool ?? false
        return .delivered(done: done)
    }

    /// The addresses a host name resolves to (none when it does not resolve).
    static func resolve(_ host: String) -> [IPAddress] {
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, nil, &result) == 0, let first = result else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let address = entry.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        var raw = pointer.pointee.sin_addr
                        addresses.append(.v4(withUnsafeBytes(of: &raw) { Array($0) }))
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        var raw = pointer.pointee.sin6_addr
                        addresses.append(.v6(withUnsafeBytes(of: &raw) { Array($0) }))
                    }
                default: break
                }
            }
            cursor = entry.pointee.ai_next
        }
        return addresses
    }
}

/// Refuses every redirect, so a webhook cannot be bounced to a local address.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
