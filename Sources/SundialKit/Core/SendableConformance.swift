#if compiler(>=6.2)
/// A protocol whose conformers' types, not their values, may be used from any thread: it asks nothing of a
/// conformer whose conformance is not isolated to an actor.
///
/// ``PathMonitor``, ``NetworkPing`` and ``NetworkPath`` refine it so that a monitor can use their types on its
/// queues while their values stay where 1.0 used them (they need not be `Sendable`).
public protocol SendableConformance: SendableMetatype {}
#else
/// A protocol whose conformers' types, not their values, may be used from any thread (Swift 6.2 checks it as
/// `SendableMetatype`; earlier compilers need nothing).
public protocol SendableConformance {}
#endif
