#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `posix_spawn_file_actions_t` is a struct on Glibc and an optional pointer on Darwin; this is the one place that
/// knows.
#if canImport(Darwin)
typealias SpawnFileActions = posix_spawn_file_actions_t?
func makeSpawnFileActions() -> SpawnFileActions { nil }
#else
typealias SpawnFileActions = posix_spawn_file_actions_t
func makeSpawnFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
#endif
