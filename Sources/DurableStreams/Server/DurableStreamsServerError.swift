public import DurableStreamsStorage

/// Why a server could not start: the server side's one error type, ``StreamStorageError``, under the name
/// earlier releases used. Its codes for start-up are ``StreamStorageError/Code/alreadyStarted``,
/// ``StreamStorageError/Code/storageUnavailable``, ``StreamStorageError/Code/bindFailed`` and
/// ``StreamStorageError/Code/invalidConfiguration``.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public typealias DurableStreamsServerError = StreamStorageError
