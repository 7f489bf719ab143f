#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@available(OS2019, *)
extension PassthroughSubject {
    /// The subject's values mapped through `keyPath` (the helper SundialKit 1.x's publishers were built with).
    func anyPublisher<T>(for keyPath: KeyPath<Output, T>) -> AnyPublisher<T, Failure> {
        map(keyPath).eraseToAnyPublisher()
    }
}
