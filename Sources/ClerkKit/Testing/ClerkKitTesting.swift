// ClerkKitTesting: the ClerkEmulator (a local Frontend API) and preview data.
