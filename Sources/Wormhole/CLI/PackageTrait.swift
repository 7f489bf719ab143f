// The wormhole command is built only with Courier's package trait Commands,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["Commands"])
#if !Commands
#error("Enable Courier's package trait \"Commands\" (README: Package traits)")
#endif
