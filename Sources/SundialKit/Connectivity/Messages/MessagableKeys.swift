/// The reserved dictionary keys of the message wire format, shared with SundialKit 1.x and 2.x.
///
/// A typed message travels as `["__type": key, "__parameters": parameters]`; a binary message's
/// parameters are `["__data": bytes]`.
public enum MessagableKeys {
    /// The key holding the message type's ``Messagable/key``.
    public static let typeKey = "__type"
    /// The key holding the message's parameters dictionary.
    public static let parametersKey = "__parameters"
    /// The parameters key holding a binary message's encoded bytes.
    public static let dataKey = "__data"
}
