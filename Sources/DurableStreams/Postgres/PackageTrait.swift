// DurableStreamsPostgres is built only with Courier's package trait DurableStreamsPostgres,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["DurableStreamsPostgres"])
#if !DurableStreamsPostgres
#error("Enable Courier's package trait \"DurableStreamsPostgres\" (README: Package traits)")
#endif
