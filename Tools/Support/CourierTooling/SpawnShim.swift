#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `posix_spawn_file_actions_t` is a struct on Glibc and an optional pointer on Darwin; this is the one place that
/// knows.
#if canImport(Darwin)
@available(iOS 16, macOS 13, watchOS 9, tvOS 16, *)
typealias SpawnFileActions = posix_spawn_file_actions_t?
@available(iOS 16, macOS 13, watchOS 9, tvOS 16, *)
func makeSpawnFileActions() -> SpawnFileActions { nil }
#else
@available(iOS 16, macOS 13, watchOS 9, tvOS 16, *)
typealias SpawnFileActions = posix_spawn_file_actions_t
@available(iOS 16, macOS 13, watchOS 9, tvOS 16, *)
func makeSpawnFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
#endif
