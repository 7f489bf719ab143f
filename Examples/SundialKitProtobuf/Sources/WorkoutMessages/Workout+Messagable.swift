import SundialKitProtobuf
import SundialKitStream

// The generated messages travel as SundialKit messages: live as Protobuf bytes, otherwise inside the dictionary.
extension Workout_HeartRate: ProtobufMessagable {}
extension Workout_WorkoutSummary: ProtobufMessagable {}

/// The decoder both sides use: it knows every message type of the app.
public let decoder = MessageDecoder(messagableTypes: [Workout_HeartRate.self, Workout_WorkoutSummary.self])
