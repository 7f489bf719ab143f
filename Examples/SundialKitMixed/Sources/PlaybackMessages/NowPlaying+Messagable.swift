import SundialKitProtobuf
import SundialKitStream

// The generated message travels as a SundialKit message: live as Protobuf bytes, otherwise inside the dictionary.
extension Playback_NowPlaying: ProtobufMessagable {}

/// The decoder both sides use: it knows every message type of the app.
public let decoder = MessageDecoder(messagableTypes: [Playback_NowPlaying.self])
