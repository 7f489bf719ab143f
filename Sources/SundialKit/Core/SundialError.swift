/// SundialKit 1.0's connectivity error, kept so that 1.0 code compiles: its cases are ``ConnectivityError``'s.
///
/// `catch SundialError.sessionNotSupported` catches ``ConnectivityError/sessionNotSupported``;
/// ``ConnectivityError/missingCompanion`` is 1.0's `missingCompanion`.
public typealias SundialError = ConnectivityError

extension ConnectivityError {
    /// SundialKit 1.0's name for a send that has no counterpart to go to: the counterpart app is not installed
    /// (``companionAppNotInstalled``). SundialKit 2 also tells ``deviceNotPaired`` apart.
    public static var missingCompanion: ConnectivityError {
        .companionAppNotInstalled
    }
}
