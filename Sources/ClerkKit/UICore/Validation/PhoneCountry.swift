/// A country's calling code and the lengths its national numbers have, from a small table of our own.
public struct PhoneCountry: Hashable, Sendable, Identifiable {
    /// The ISO 3166-1 alpha-2 region code, for example `FR`.
    public var regionCode: String
    /// The calling code without `+`, for example `33`.
    public var callingCode: String
    /// The number of digits after the calling code.
    public var nationalLengths: ClosedRange<Int>
    /// Whether a national number starts with a trunk `0` that the international form drops.
    public var hasTrunkPrefix: Bool

    /// The region code.
    public var id: String { regionCode }

    /// A country entry.
    public init(regionCode: String, callingCode: String, nationalLengths: ClosedRange<Int>, hasTrunkPrefix: Bool) {
        self.regionCode = regionCode
        self.callingCode = callingCode
        self.nationalLengths = nationalLengths
        self.hasTrunkPrefix = hasTrunkPrefix
    }

    /// The country for a region code (`us`, `GB`), if the table has it.
    public static func region(_ code: String) -> PhoneCountry? {
        all.first { $0.regionCode == code.uppercased() }
    }

    /// The countries the screens know, in the order a picker shows them.
    public static let all: [PhoneCountry] = [
        .init(regionCode: "US", callingCode: "1", nationalLengths: 10...10, hasTrunkPrefix: false),
        .init(regionCode: "CA", callingCode: "1", nationalLengths: 10...10, hasTrunkPrefix: false),
        .init(regionCode: "GB", callingCode: "44", nationalLengths: 9...10, hasTrunkPrefix: true),
        .init(regionCode: "IE", callingCode: "353", nationalLengths: 7...9, hasTrunkPrefix: true),
        .init(regionCode: "FR", callingCode: "33", nationalLengths: 9...9, hasTrunkPrefix: true),
        .init(regionCode: "DE", callingCode: "49", nationalLengths: 6...13, hasTrunkPrefix: true),
        .init(regionCode: "AT", callingCode: "43", nationalLengths: 4...13, hasTrunkPrefix: true),
        .init(regionCode: "CH", callingCode: "41", nationalLengths: 9...9, hasTrunkPrefix: true),
        .init(regionCode: "BE", callingCode: "32", nationalLengths: 8...9, hasTrunkPrefix: true),
        .init(regionCode: "NL", callingCode: "31", nationalLengths: 9...9, hasTrunkPrefix: true),
        .init(regionCode: "ES", callingCode: "34", nationalLengths: 9...9, hasTrunkPrefix: false),
        .init(regionCode: "PT", callingCode: "351", nationalLengths: 9...9, hasTrunkPrefix: false),
        .init(regionCode: "IT", callingCode: "39", nationalLengths: 6...11, hasTrunkPrefix: false),
        .init(regionCode: "SE", callingCode: "46", nationalLengths: 7...9, hasTrunkPrefix: true),
        .init(regionCode: "NO", callingCode: "47", nationalLengths: 8...8, hasTrunkPrefix: false),
        .init(regionCode: "DK", callingCode: "45", nationalLengths: 8...8, hasTrunkPrefix: false),
        .init(regionCode: "FI", callingCode: "358", nationalLengths: 5...12, hasTrunkPrefix: true),
        .init(regionCode: "PL", callingCode: "48", nationalLengths: 9...9, hasTrunkPrefix: false),
        .init(regionCode: "AU", callingCode: "61", nationalLengths: 9...9, hasTrunkPrefix: true),
        .init(regionCode: "NZ", callingCode: "64", nationalLengths: 8...10, hasTrunkPrefix: true),
        .init(regionCode: "JP", callingCode: "81", nationalLengths: 9...10, hasTrunkPrefix: true),
        .init(regionCode: "KR", callingCode: "82", nationalLengths: 8...10, hasTrunkPrefix: true),
        .init(regionCode: "CN", callingCode: "86", nationalLengths: 10...11, hasTrunkPrefix: true),
        .init(regionCode: "IN", callingCode: "91", nationalLengths: 10...10, hasTrunkPrefix: true),
        .init(regionCode: "SG", callingCode: "65", nationalLengths: 8...8, hasTrunkPrefix: false),
        .init(regionCode: "BR", callingCode: "55", nationalLengths: 10...11, hasTrunkPrefix: true),
        .init(regionCode: "MX", callingCode: "52", nationalLengths: 10...10, hasTrunkPrefix: false),
        .init(regionCode: "AR", callingCode: "54", nationalLengths: 10...11, hasTrunkPrefix: true),
        .init(regionCode: "ZA", callingCode: "27", nationalLengths: 9...9, hasTrunkPrefix: true),
        .init(regionCode: "NG", callingCode: "234", nationalLengths: 8...10, hasTrunkPrefix: true),
    ]
}
