/// One setting of a ``HandleConfiguration``, as written inside a ``HandleConfigurationBuilder`` block.
///
/// The components that ship with the library are ``Producer``, ``Batching``, ``Retry``, ``Timeouts``,
/// ``Headers``, ``DynamicHeaders``, ``DynamicParameters``, ``ResponseLimits``, ``Transport`` and
/// ``ErrorHandling``; conform your own type to bundle settings your app repeats.
@available(OS2022, *)
public protocol ConfigurationComponent: Sendable {
    /// Applies the setting; later components override earlier ones.
    func apply(to configuration: inout HandleConfiguration)
}

/// Builds a ``HandleConfiguration`` from components, the block form of the struct:
///
/// ```swift
/// let handle = try await DurableStreamHandle.create(url: url) {
///     Producer(id: "orders-writer")
///     Batching(maxBytes: 128_000, linger: .milliseconds(10))
///     Retry(maxAttempts: 5, backoff: .exponential(base: .milliseconds(100)))
/// }
/// ```
///
/// A block starts from ``HandleConfiguration/default`` and applies its components in order, so it produces
/// the same configuration as setting the same fields on the struct. `if`, `if #available`, `switch` and
/// `for` work inside the block. The result is checked like any configuration, before the first request.
@available(OS2022, *)
@resultBuilder
public enum HandleConfigurationBuilder {
    /// The components of a block, in order.
    public typealias Components = [any ConfigurationComponent]

    /// A component line.
    public static func buildExpression(_ component: some ConfigurationComponent) -> Components { [component] }

    /// A whole configuration as a component, e.g. a shared base that later lines adjust.
    public static func buildExpression(_ configuration: HandleConfiguration) -> Components {
        [Whole(configuration: configuration)]
    }

    /// The lines of a block, in order.
    public static func buildBlock(_ parts: Components...) -> Components { parts.flatMap { $0 } }

    /// An `if` without `else`.
    public static func buildOptional(_ part: Components?) -> Components { part ?? [] }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: Components) -> Components { part }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: Components) -> Components { part }

    /// The lines of a `for` loop.
    public static func buildArray(_ parts: [Components]) -> Components { parts.flatMap { $0 } }

    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: Components) -> Components { part }

    /// The configuration: the default with every component applied in order.
    public static func buildFinalResult(_ parts: Components) -> HandleConfiguration {
        var configuration = HandleConfiguration.default
        for part in parts { part.apply(to: &configuration) }
        return configuration
    }

    private struct Whole: ConfigurationComponent {
        let configuration: HandleConfiguration
        func apply(to configuration: inout HandleConfiguration) { configuration = self.configuration }
    }
}

@available(OS2022, *)
extension HandleConfiguration {
    /// Creates a configuration from a block of components; see ``HandleConfigurationBuilder``.
    public init(@HandleConfigurationBuilder _ build: () -> HandleConfiguration) {
        self = build()
    }
}
