import Foundation

/// What the `x-*` request headers say about the device. Unknown values are left out rather than invented.
@available(OS2023, *)
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

    /// The kind of system the SDK was compiled for, as far as the device headers care.
    enum Platform: Sendable {
        /// macOS, and iPad apps on the Mac (Mac Catalyst): `x-mobile: 0`.
        case mac
        /// iOS, iPadOS, watchOS, tvOS and visionOS: `x-mobile: 1`.
        case appleMobile
        /// Anything else (Linux, Windows): `x-mobile: 0`, type `unspecified`.
        case other

        /// The platform this code was compiled for.
        static var compiled: Platform {
            #if os(macOS) || targetEnvironment(macCatalyst)
            return .mac
            #elseif canImport(Darwin)
            return .appleMobile
            #else
            return .other
            #endif
        }
    }

    /// The running device, as far as Foundation can tell.
    public static var current: DeviceInfo {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let info = Bundle.main.infoDictionary
        let platform = Platform.compiled
        let machine = PlatformShim.machineIdentifier()
        // In a simulator, `machine` is the host's (`arm64`); the simulated model is in the environment.
        let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"]
        return DeviceInfo(
            isMobile: platform == .appleMobile,
            deviceType: deviceType(platform: platform, model: simulated ?? machine),
            deviceModel: simulated ?? machine,
            osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)",
            appVersion: info?["CFBundleShortVersionString"] as? String,
            bundleId: Bundle.main.bundleIdentifier
        )
    }

    /// `x-device-type` from the platform and the model identifier (`iPhone15,2`, `iPad13,4`, `Watch6,1`,
    /// `AppleTV14,1`, `RealityDevice14,1`), as clerk-ios reports it from UIKit's idiom.
    static func deviceType(platform: Platform, model: String?) -> String {
        switch platform {
        case .mac: return "mac"
        case .other: return "unspecified"
        case .appleMobile:
            let prefixes = [
                ("iPhone", "iphone"), ("iPod", "iphone"), ("iPad", "ipad"), ("Watch", "watch"), ("AppleTV", "tv"),
                ("RealityDevice", "vision"),
            ]
            guard let model, let match = prefixes.first(where: { model.hasPrefix($0.0) }) else {
                return "unspecified"
            }
            return match.1
        }
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
