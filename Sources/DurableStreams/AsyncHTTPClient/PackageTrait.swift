// DurableStreamsAsyncHTTPClient is built only with Courier's package trait DurableStreamsAsyncHTTPClient,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["DurableStreamsAsyncHTTPClient"])
#if !DurableStreamsAsyncHTTPClient
#error("Enable Courier's package trait \"DurableStreamsAsyncHTTPClient\" (README: Package traits)")
#endif
