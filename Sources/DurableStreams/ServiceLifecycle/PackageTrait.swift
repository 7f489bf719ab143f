// DurableStreamsServiceLifecycle is built only with Courier's package trait DurableStreamsServiceLifecycle,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["DurableStreamsServiceLifecycle"])
#if !DurableStreamsServiceLifecycle
#error("Enable Courier's package trait \"DurableStreamsServiceLifecycle\" (README: Package traits)")
#endif
