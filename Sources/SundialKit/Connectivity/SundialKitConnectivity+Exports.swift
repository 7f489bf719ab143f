// The core types (errors, activation state, the message dictionary) are part of this module's API.
@_exported public import SundialKitCore
