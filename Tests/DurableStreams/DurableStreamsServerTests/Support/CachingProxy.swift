import CourierTestSupport
import ExactHTTPClient
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// nginx as a caching reverse proxy in front of a test server: on 127.0.0.1, on a port no one listens on, with its
/// configuration, logs and cache in a temporary directory. Each response says how the cache served it
/// (`X-Cache-Status`: `MISS`, `HIT`, `REVALIDATED`, …).
@available(OS2023, *)
struct CachingProxy {
    /// Where Debian's packages (`nginx-light`, installed by `scripts/setup`) put nginx.
    static let executable = "/usr/sbin/nginx"

    let base: String
    private let child: ChildProcess
    private let directory: TemporaryDirectory

    /// Starts nginx proxying to `origin` (`http://127.0.0.1:<port>`) and waits until it answers.
    /// - Throws: when nginx is not installed, does not start, or does not answer within 30 seconds.
    static func start(origin: String, client: ExactHTTPClient) async throws -> CachingProxy {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw HarnessError(
                "nginx is not installed at \(executable): the HTTP caching tests need it (scripts/setup installs "
                    + "nginx-light)")
        }
        let directory = try TemporaryDirectory(prefix: "ds-nginx")
        let port = try freePort()
        let prefix = directory.path
        let configuration = """
            \(geteuid() == 0 ? "user root;" : "")
            worker_processes 1;
            error_log \(prefix)/error.log warn;
            pid \(prefix)/nginx.pid;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(prefix)/client_body;
                proxy_temp_path \(prefix)/proxy_temp;
                fastcgi_temp_path \(prefix)/fastcgi_temp;
                uwsgi_temp_path \(prefix)/uwsgi_temp;
                scgi_temp_path \(prefix)/scgi_temp;
                proxy_cache_path \(prefix)/cache levels=1:2 keys_zone=streams:1m max_size=64m use_temp_path=off;
                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        proxy_pass \(origin);
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_cache streams;
                        proxy_cache_revalidate on;
                        add_header X-Cache-Status $upstream_cache_status always;
                    }
                }
            }
            """
        try configuration.write(toFile: "\(prefix)/nginx.conf", atomically: true, encoding: .utf8)
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: executable),
            arguments: ["-p", prefix, "-c", "\(prefix)/nginx.conf", "-g", "daemon off;"])
        let proxy = CachingProxy(base: "http://127.0.0.1:\(port)", child: child, directory: directory)
        let answers = try await eventually(within: .seconds(30)) {
            guard child.isRunning else { return true }
            return (try? await client.request(.GET, proxy.base + "/", timeout: .seconds(2))) != nil
        }
        guard answers, child.isRunning else {
            let log = (try? String(contentsOfFile: "\(prefix)/error.log", encoding: .utf8)) ?? ""
            proxy.stop()
            throw HarnessError("nginx did not start: \(child.standardError) \(log)")
        }
        return proxy
    }

    /// Stops nginx and removes its directory.
    func stop() {
        child.signal(SIGTERM)
        directory.remove()
    }

    /// A loopback port nothing listened on a moment ago.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else { throw HarnessError("bind() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
