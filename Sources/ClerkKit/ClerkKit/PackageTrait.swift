// ClerkKit is built only with Courier's package trait ClerkKit,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["ClerkKit"])
#if !ClerkKit
#error("Enable Courier's package trait \"ClerkKit\" (README: Package traits)")
#endif
