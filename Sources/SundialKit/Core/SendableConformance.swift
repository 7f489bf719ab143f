// `SendableMetatype` is in the standard library from Swift 6.2. Checking the compiler is not enough: a newer
// compiler can build against an older SDK whose standard library lacks it (Xcode 16's SDKs have Swift 6.1's).
// Xcode 26's SDKs, the first with Swift 6.2's standard library, are also the first that split Darwin's C library
// into the `_DarwinFoundation` modules, so their presence tells the two apart; elsewhere (Linux) the standard
// library is the compiler's own.
#if compiler(>=6.2) && (!canImport(Darwin) || canImport(_DarwinFoundation1))
/// A protocol whose conformers' types, not their values, may be used from any thread: it asks nothing of a
/// conformer whose conformance is not isolated to an actor.
///
/// ``PathMonitor``, ``NetworkPing`` and ``NetworkPath`` refine it so that a monitor can use their types on its
/// queues while their values stay where 1.0 used them (they need not be `Sendable`).
public protocol SendableConformance: SendableMetatype {}
#else
/// A protocol whose conformers' types, not their values, may be used from any thread (Swift 6.2 checks it as
/// `SendableMetatype`; earlier standard libraries need nothing).
public protocol SendableConformance {}
#endif
