// SundialKitProtobuf is built only with Courier's package trait SundialKitProtobuf,
// which brings its dependencies (README: "Package traits"). In the app's Package.swift:
//   .package(url: "…/Courier", from: "…", traits: ["SundialKitProtobuf"])
#if !SundialKitProtobuf
#error("Enable Courier's package trait \"SundialKitProtobuf\" (README: Package traits)")
#endif
