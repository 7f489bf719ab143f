/// Carries a monitor or a ping, which SundialKit 1.0's protocols do not require to be `Sendable`, to the queues
/// that use it. The library calls it as 1.0 did: `start` and `cancel` from the owner's calls, the rest from one
/// serial queue at a time.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}
