#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `posix_spawn` and its file actions, whose shapes differ between Glibc and Darwin: the one place that knows.
/// `posix_spawn_file_actions_t` is a struct on Glibc and an optional pointer on Darwin; tvOS and watchOS have no
/// `posix_spawn` at all, so there spawning fails with `ENOTSUP`.
@available(OS2022, *)
enum SpawnShim {
    /// Spawns `path` with standard output, standard error and (if given) standard input replaced by those
    /// descriptors; returns 0 and sets `child`, or an `errno` value.
    static func spawn(
        _ child: inout pid_t, path: String, searchPath: Bool, stdout: Int32, stderr: Int32, stdin: Int32?,
        argv: [UnsafeMutablePointer<CChar>?], envp: [UnsafeMutablePointer<CChar>?]
    ) -> Int32 {
        #if os(tvOS) || os(watchOS)
        return ENOTSUP
        #else
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) }
        return searchPath
            ? posix_spawnp(&child, path, &actions, nil, argv, envp)
            : posix_spawn(&child, path, &actions, nil, argv, envp)
        #endif
    }
}
