import Foundation
import Testing
import Wormhole

#if canImport(Glibc)
import Glibc
#endif

@Suite("UserDefaultsTransiting")
struct UserDefaultsTransitingTests {
    /// A unique suite, removed afterwards.
    @available(OS2022, *)
    private func withSuite(_ body: (String) throws -> Void) throws {
        let suite = "courier.wormhole.tests.\(UUID().uuidString.prefix(8))"
        defer {
            UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite)
            #if os(Linux)
            let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] ?? "\(NSHomeDirectory())/.config"
            try? FileManager.default.removeItem(atPath: "\(config)/\(suite).plist")
            try? FileManager.default.removeItem(atPath: "\(config)/\(suite).wormhole-lock")
            #endif
        }
        try body(suite)
    }

    @Test("write and read with sequence numbers; two instances of one suite share messages")
    @available(OS2022, *)
    func sharing() throws {
        try withSuite { suite in
            let writer = try UserDefaultsTransiting(suiteName: suite)
            let reader = try UserDefaultsTransiting(suiteName: suite)
            #expect(try writer.write(Data("one".utf8), for: "a").sequence == 1)
            #expect(try writer.write(Data("two".utf8), for: "a").sequence == 2)
            let read = try #require(try reader.read(for: "a"))
            #expect(read.payload == Data("two".utf8))
            #expect(read.sequence == 2)
            #if os(Linux)
            // The cross-process lock file is owner-only, like the suite's own file.
            let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] ?? "\(NSHomeDirectory())/.config"
            var info = stat()
            #expect(lstat("\(config)/\(suite).wormhole-lock", &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600)
            #endif
            try reader.delete(for: "a")
            #expect(try writer.read(for: "a") == nil)
        }
    }

    @Test("deleteAll removes only keys with the prefix; queue mode is unsupported")
    @available(OS2022, *)
    func scope() throws {
        try withSuite { suite in
            let store = try UserDefaultsTransiting(suiteName: suite, keyPrefix: "test.")
            _ = try store.write(Data("1".utf8), for: "a")
            _ = try store.write(Data("2".utf8), for: "b")
            let defaults = try #require(UserDefaults(suiteName: suite))
            defaults.set("unrelated", forKey: "other")
            defaults.synchronize()
            try store.deleteAll()
            #expect(try store.read(for: "a") == nil)
            #expect(try store.read(for: "b") == nil)
            #expect(defaults.string(forKey: "other") == "unrelated")
            #expect(throws: WormholeError.self) { try store.append(Data(), for: "q", capacity: 1) }
            #expect(throws: WormholeError.self) { try store.readQueue(for: "q", after: 0, limit: 1) }
        }
    }

    @Test("a value that is not a message is a typed error")
    @available(OS2022, *)
    func foreignValue() throws {
        try withSuite { suite in
            let store = try UserDefaultsTransiting(suiteName: suite)
            let defaults = try #require(UserDefaults(suiteName: suite))
            defaults.set("a string", forKey: "wormhole.a")
            defaults.set(Data("not an envelope".utf8), forKey: "wormhole.b")
            defaults.synchronize()
            #expect(throws: WormholeError.self) { try store.read(for: "a") }
            #expect(throws: WormholeError.self) { try store.read(for: "b") }
        }
    }
}
