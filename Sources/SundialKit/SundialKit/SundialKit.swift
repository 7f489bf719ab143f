// The SundialKit umbrella: `import SundialKit` gives the core types and the network monitor, as 1.0 did.
// Adapters are separate products: SundialKitCombine (Combine publishers) and SundialKitStream (AsyncStream).
@_exported import SundialKitCore
@_exported import SundialKitNetwork
