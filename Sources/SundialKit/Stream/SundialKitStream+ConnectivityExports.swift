// The connectivity observer's API is made of SundialKitConnectivity's types.
@_exported public import SundialKitConnectivity
