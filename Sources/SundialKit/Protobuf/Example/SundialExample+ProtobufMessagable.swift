public import SundialKitProtobuf

// The example messages travel as SundialKit messages.
extension Sundial_Example_HeartRateUpdate: ProtobufMessagable {}
extension Sundial_Example_WorkoutSummary: ProtobufMessagable {}
