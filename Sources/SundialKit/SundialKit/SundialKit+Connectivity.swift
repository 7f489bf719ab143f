// `import SundialKit` also gives iPhone <-> Apple Watch connectivity, as 1.0 did.
@_exported import SundialKitConnectivity
