import Foundation
import Testing

@testable import ClerkKit

@Suite struct ConfigurationTests {
    @available(OS2023, *)
    @Test func testKeyDecodesToFrontendAPIURL() throws {
        let configuration = try ClerkConfiguration(publishableKey: "  pk_test_bW9jay5jbGVyay5hY2NvdW50cy5kZXYk\n")
        #expect(configuration.frontendAPIURL.absoluteString == "https://mock.clerk.accounts.dev")
        #expect(configuration.instanceType == .development)
        #expect(configuration.publishableKey == "pk_test_bW9jay5jbGVyay5hY2NvdW50cy5kZXYk")
        #expect(configuration.requestOrigin.absoluteString == "https://mock.clerk.accounts.dev")
        #expect(configuration.pathPrefix == "")
    }

    @available(OS2023, *)
    @Test func liveKeyIsProductionAndPaddingIsOptional() throws {
        // "clerk.example.com$" base64url, with and without padding.
        let encoded = Fixtures.base64URL(Data("clerk.example.com$".utf8))
        let live = try ClerkConfiguration(publishableKey: "pk_live_\(encoded)")
        #expect(live.instanceType == .production)
        #expect(live.frontendAPIURL.absoluteString == "https://clerk.example.com")
        let padded = try ClerkConfiguration(
            publishableKey: "pk_live_\(Data("clerk.example.com$".utf8).base64EncodedString())")
        #expect(padded.frontendAPIURL == live.frontendAPIURL)
    }

    @Test(arguments: [
        "", "pk_", "sk_test_bW9jay5jbGVyay5hY2NvdW50cy5kZXYk", "pk_test_", "pk_test_!!!!",
        "pk_test_" + Fixtures.base64URL(Data("mock.clerk.accounts.dev".utf8)),  // no `$`
        "pk_test_" + Fixtures.base64URL(Data("$".utf8)),  // no host
        "pk_test_" + Fixtures.base64URL(Data("evil.com/path?x=1$".utf8)),  // not a host
        "pk_test_" + Fixtures.base64URL(Data([0xFF, 0xFE, 0x24])),  // not UTF-8
        "pk_test_a",  // impossible base64 length
    ])
    @available(OS2023, *)
    func invalidKeysAreTypedErrors(key: String) {
        #expect(caught { try ClerkConfiguration(publishableKey: key) }?.code == .invalidPublishableKey)
    }

    @available(OS2023, *)
    @Test func proxyKeepsItsPathPrefixAndOrigin() throws {
        let configuration = try ClerkConfiguration(
            publishableKey: Fixtures.publishableKey, proxyURL: URL(string: "https://proxy.example.com/__clerk/"))
        #expect(configuration.requestOrigin.absoluteString == "https://proxy.example.com")
        #expect(configuration.pathPrefix == "/__clerk")
        let local = try ClerkConfiguration(
            publishableKey: Fixtures.publishableKey, proxyURL: URL(string: "http://127.0.0.1:8123"))
        #expect(local.requestOrigin.absoluteString == "http://127.0.0.1:8123")
        #expect(local.pathPrefix == "")
        #expect(local.frontendAPIURL.absoluteString == "https://mock.clerk.accounts.dev")
    }

    @Test(arguments: ["ftp://example.com", "file:///tmp/x", "/relative/path"])
    @available(OS2023, *)
    func invalidProxyIsATypedError(proxy: String) {
        let error = caught {
            try ClerkConfiguration(publishableKey: Fixtures.publishableKey, proxyURL: URL(string: proxy))
        }
        #expect(error?.code == .invalidConfiguration)
    }

    @available(OS2023, *)
    @Test func optionsDefaults() {
        let options = ClerkOptions()
        #expect(options.logLevel == .error)
        #if os(Linux)
        #expect(options.telemetryEnabled == false)
        #endif
        #expect(options.telemetryEndpoint.absoluteString == "https://clerk-telemetry.com/v1/event")
        #expect(options.retry.maxRetries == 2)
        #expect(options.tokenRefreshInterval == .seconds(5))
    }

    @available(OS2023, *)
    @Test func linuxDeviceHeadersAreHonest() {
        let device = DeviceInfo.current
        #if os(Linux)
        #expect(device.isMobile == false)
        #expect(device.deviceType == "unspecified")
        #expect(device.nativeDeviceId == nil)
        #expect(device.isSandbox == nil)
        #endif
        #expect(device.osVersion?.split(separator: ".").count == 3)
        let names = device.headerFields.map(\.0)
        #expect(names.prefix(2) == ["x-mobile", "x-device-type"])
    }

    @Test(arguments: [
        ("iPhone15,2", "iphone"), ("iPod9,1", "iphone"), ("iPad13,4", "ipad"), ("Watch6,1", "watch"),
        ("AppleTV14,1", "tv"), ("RealityDevice14,1", "vision"), ("arm64", "unspecified"),
    ])
    @available(OS2023, *)
    func appleDeviceTypesFollowTheModel(model: String, expected: String) {
        #expect(DeviceInfo.deviceType(platform: .appleMobile, model: model) == expected)
    }

    @available(OS2023, *)
    @Test func macAndOtherSystemsIgnoreTheModel() {
        #expect(DeviceInfo.deviceType(platform: .mac, model: "MacBookPro18,1") == "mac")
        #expect(DeviceInfo.deviceType(platform: .mac, model: nil) == "mac")
        #expect(DeviceInfo.deviceType(platform: .other, model: "iPhone15,2") == "unspecified")
        #expect(DeviceInfo.deviceType(platform: .appleMobile, model: nil) == "unspecified")
    }
}
