import ArgumentParser
import Foundation
import Wormhole

/// Options every subcommand shares: where the wormhole is and how it stores messages.
@available(OS2022, *)
struct WormholeOptions: ParsableArguments {
    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The wormhole directory (default: $WORMHOLE_DIRECTORY).", valueName: "path"))
    var directory: String?

    @Option(help: ArgumentHelp("Use this app group's shared container instead of a directory.", valueName: "group"))
    var appGroup: String?

    @Option(help: ArgumentHelp("A subdirectory of the app group container.", valueName: "name"))
    var subdirectory: String?

    @Flag(help: "Writers take turns (flock on Linux, NSFileCoordinator on Apple platforms): exact sequence numbers.")
    var coordinated = false

    @Flag(help: "The identifiers keep a queue of messages instead of only the latest.")
    var queue = false

    @Option(help: "How many messages a queue keeps.")
    var capacity = 1024

    @Flag(help: "Create files and directories readable and writable by their group too (0660/0770, not 0600/0700).")
    var groupAccess = false

    func validate() throws {
        if directory != nil && appGroup != nil {
            throw ValidationError("Use either --directory or --app-group, not both.")
        }
        if directory == nil && appGroup == nil && ProcessInfo.processInfo.environment["WORMHOLE_DIRECTORY"] == nil {
            throw ValidationError("Missing --directory (or --app-group, or $WORMHOLE_DIRECTORY).")
        }
        if capacity < 1 {
            throw ValidationError("--capacity must be at least 1.")
        }
    }

    /// The configuration for `identifiers`.
    func configuration(for identifiers: [MessageIdentifier]) -> Configuration {
        let location: Configuration.Location
        if let appGroup {
            location = .appGroup(appGroup, subdirectory: subdirectory)
        } else {
            let path = directory ?? ProcessInfo.processInfo.environment["WORMHOLE_DIRECTORY"] ?? "."
            location = .directory(URL(fileURLWithPath: path))
        }
        var configuration = Configuration(
            location: location,
            transitingStrategy: coordinated ? .coordinatedFile : .file,
            fileAccess: groupAccess ? .ownerAndGroup : .owner
        )
        if queue {
            for identifier in identifiers {
                configuration.deliveryModes[identifier] = .queue(capacity: capacity)
            }
        }
        return configuration
    }

    /// Opens the wormhole, turning a failure into the documented exit code.
    func open(for identifiers: [MessageIdentifier]) throws -> Wormhole {
        try open(configuration(for: identifiers))
    }

    /// Opens the wormhole described by `configuration`, turning a failure into the documented exit code.
    func open(_ configuration: Configuration) throws -> Wormhole {
        do {
            return try Wormhole(configuration: configuration)
        } catch {
            throw Failure(error)
        }
    }
}

/// A `WormholeError` reported on standard error with its exit code.
@available(OS2022, *)
struct Failure: Error, CustomStringConvertible {
    let error: WormholeError

    init(_ error: WormholeError) {
        self.error = error
    }

    var description: String { error.description }

    /// Exit codes from `sysexits.h`.
    var exitCode: ExitCode {
        switch error.code {
        case .invalidIdentifier, .unsupported: return ExitCode(64)  // EX_USAGE
        case .messageTooLarge, .encodingFailed, .decodingFailed, .corruptMessage, .sequenceExhausted:
            return ExitCode(65)  // EX_DATAERR
        case .containerUnavailable, .directoryUnavailable, .notificationFailed: return ExitCode(69)  // EX_UNAVAILABLE
        case .noResponder, .alreadyResponding: return ExitCode(69)  // EX_UNAVAILABLE
        case .requestTimedOut: return ExitCode(75)  // EX_TEMPFAIL
        case .requestFailed: return ExitCode(70)  // EX_SOFTWARE
        default: return ExitCode(74)  // EX_IOERR: file-system failures, and codes added later
        }
    }
}

/// Runs `body`, reporting a `WormholeError` on standard error and exiting with its code.
@available(OS2022, *)
func reporting<Result>(_ body: () async throws -> Result) async throws -> Result {
    do {
        return try await body()
    } catch let failure as Failure {
        Output.error("wormhole: \(failure)")
        throw failure.exitCode
    } catch let error as WormholeError {
        Output.error("wormhole: \(error)")
        throw Failure(error).exitCode
    }
}
