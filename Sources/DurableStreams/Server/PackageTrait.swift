// DurableStreamsServer is built only with Courier's package trait DurableStreamsServer,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["DurableStreamsServer"])
#if !DurableStreamsServer
#error("Enable Courier's package trait \"DurableStreamsServer\" (README: Package traits)")
#endif
