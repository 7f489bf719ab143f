// Tests that use the connectivity simulator also use the types it implements.
@_exported public import SundialKitConnectivity
