import Foundation

/// What the `x-*` request headers say about the device. Unknown values are left out rather than invented.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct DeviceInfo: Sendable, Hashable {
    /// `x-mobile`: `"1"` on phones, watches, TVs and headsets; `"0"` elsewhere.
    public var isMobile: Bool
    /// `x-device-type`: `iphone`, `ipad`, `mac`, `tv`, `vision`, `watch` or `unspecified`.
    public var deviceType: String
    /// `x-device-model`: the machine identifier (`utsname.machine`, for example `x86_64`).
    public var deviceModel: String?
    /// `x-os-version`: `major.minor.patch`.
    public var osVersion: String?
    /// `x-native-device-id`: a per-vendor device id where the platform has one.
    public var nativeDeviceId: String?
    /// `x-app-version`: the app's short version, where the bundle has one.
    public var appVersion: String?
    /// `x-bundle-id`: the app's bundle identifier, where it has one.
    public var bundleId: String?
    /// `x-is-sandbox`: whether the app runs in a sandbox build; `nil` when unknown.
    public var isSandbox: Bool?

    /// Creates a description.
    public init(
        isMobile: Bool, deviceType: String, deviceModel: String? = nil, osVersion: String? = nil,
        nativeDeviceId: String? = nil, appVersion: String? = nil, bundleId: String? = nil, isSandbox: Bool? = nil
    ) {
        self.isMobile = isMobile
        self.deviceType = deviceType
        self.deviceModel = deviceModel
        self.osVersion = osVersion
        self.nativeDeviceId = nativeDeviceId
        self.appVersion = appVersion
        self.bundleId = bundleId
        self.isSandbox = isSandbox
    }

    /// The running device, as far as Foundation can tell.
    public static var current: DeviceInfo {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let info = Bundle.main.infoDictionary
        #if os(iOS) || os(watchOS) || os(tvOS) || os(visionOS)
        let isMobile = true
        #else
        let isMobile = false
        #endif
        #if os(macOS) || targetEnvironment(macCatalyst)
        let type = "mac"
        #elseif os(watchOS)
        let type = "watch"
        #elseif os(tvOS)
        let type = "tv"
        #elseif os(visionOS)
        let type = "vision"
        #else
        let type = "unspecified"
        #endif
        return DeviceInfo(
            isMobile: isMobile,
            deviceType: type,
            deviceModel: PlatformShim.machineIdentifier(),
            osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)",
            appVersion: info?["CFBundleShortVersionString"] as? String,
            bundleId: Bundle.main.bundleIdentifier
        )
    }

    /// The header fields, in a stable order.
    var headerFields: [(String, String)] {
        var fields: [(String, String)] = [("x-mobile", isMobile ? "1" : "0"), ("x-device-type", deviceType)]
        if let deviceModel { fields.append(("x-device-model", deviceModel)) }
        if let osVersion { fields.append(("x-os-version", osVersion)) }
        if let nativeDeviceId { fields.append(("x-native-device-id", nativeDeviceId)) }
        if let appVersion { fields.append(("x-app-version", appVersion)) }
        if let bundleId { fields.append(("x-bundle-id", bundleId)) }
        if let isSandbox { fields.append(("x-is-sandbox", isSandbox ? "true" : "false")) }
        return fields
    }
}
