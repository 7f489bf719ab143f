// ClerkKitLoopback is built only with Courier's package trait ClerkKitLoopback,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["ClerkKitLoopback"])
#if !ClerkKitLoopback
#error("Enable Courier's package trait \"ClerkKitLoopback\" (README: Package traits)")
#endif
