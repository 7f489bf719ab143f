// DurableStreamsWebhooks is built only with Courier's package trait DurableStreamsWebhooks,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["DurableStreamsWebhooks"])
#if !DurableStreamsWebhooks
#error("Enable Courier's package trait \"DurableStreamsWebhooks\" (README: Package traits)")
#endif
