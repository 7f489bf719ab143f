import Foundation

/// Runs `swift run --enable-all-traits tour` in the package's `.build-all-traits` folder (the build folder the
/// repository's scripts use), with this process's standard input, output and error, and returns its exit status.
enum AllTraitsLauncher {
    /// The package's root: this file is `Sources/Tour/Launcher/AllTraitsLauncher.swift` under it.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The command that builds and runs the tour with every trait.
    static func command(arguments: [String]) -> [String] {
        [
            "swift", "run", "--package-path", packageRoot.path, "--enable-all-traits",
            "--scratch-path", packageRoot.appendingPathComponent(".build-all-traits").path, "tour",
        ] + arguments
    }

    static func run(arguments: [String]) -> Int32 {
        let note = "tour: the tour uses every library, so it is built with every package trait (in .build-all-traits)\n"
        FileHandle.standardError.write(Data(note.utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command(arguments: arguments)
        do {
            try process.run()
        } catch {
            print("tour: cannot start swift: \(error)")
            return 1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
