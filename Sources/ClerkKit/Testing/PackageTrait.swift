// ClerkKitTesting is built only with Courier's package trait ClerkKitTesting,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["ClerkKitTesting"])
#if !ClerkKitTesting
#error("Enable Courier's package trait \"ClerkKitTesting\" (README: Package traits)")
#endif
