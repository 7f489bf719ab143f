import Foundation

/// A file-store stream's `retention.json`: its retention policy, where what it retains begins, and its state as
/// of that offset (producers, `Stream-Seq`, closure), which recovery starts from instead of the dropped records.
@available(OS2022, *)
struct RetentionFile: Codable, Equatable {
    static let name = "retention.json"

    struct Producer: Codable, Equatable {
        var epoch: UInt64
        var sequence: UInt64
    }

    struct Stamp: Codable, Equatable {
        var id: String
        var epoch: UInt64
        var sequence: UInt64
    }

    var start: UInt64
    var maxAge: UInt64?
    var maxBytes: UInt64?
    var producers: [String: Producer]
    var lastStreamSequence: String?
    var closed: Bool
    var closedBy: Stamp?

    init(start: UInt64, retention: StreamRetention, state: StreamState) {
        self.start = start
        maxAge = retention.maxAge
        maxBytes = retention.maxBytes
        producers = state.producers.mapValues { Producer(epoch: $0.epoch, sequence: $0.lastSequence) }
        lastStreamSequence = state.lastStreamSequence
        closed = state.isClosed
        closedBy = state.closedBy.map { Stamp(id: $0.id, epoch: $0.epoch, sequence: $0.sequence) }
    }

    var retention: StreamRetention { StreamRetention(maxAge: maxAge, maxBytes: maxBytes) }

    /// The stream's state at ``start``, under `configuration`.
    func state(configuration: StreamConfiguration) -> StreamState {
        var configuration = configuration
        configuration.retention = retention
        var state = StreamState(configuration: configuration, tail: StreamOffset(position: start))
        state.producers = producers.mapValues { ProducerState(epoch: $0.epoch, lastSequence: $0.sequence) }
        state.lastStreamSequence = lastStreamSequence
        state.isClosed = closed
        state.closedBy = closedBy.map { ProducerStamp(id: $0.id, epoch: $0.epoch, sequence: $0.sequence) }
        return state
    }

    /// Writes the file into `directory`, replacing the old one in one rename.
    func write(in directory: String, syncs: Bool, fileMode: mode_t) throws(FileIOError) {
        let bytes: [UInt8]
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            bytes = Array(try encoder.encode(self))
        } catch {
            throw FileIOError(message: "cannot encode retention state: \(error)")
        }
        let temporary = "\(directory)/\(Self.name).tmp"
        try FileIO.writeWholeFile(temporary, bytes, sync: syncs, mode: fileMode)
        try FileIO.rename(temporary, "\(directory)/\(Self.name)")
        if syncs { try FileIO.syncDirectory(directory) }
    }

    /// The file in `directory`, or `nil` when there is none.
    static func read(in directory: String) throws(FileIOError) -> RetentionFile? {
        let path = "\(directory)/\(name)"
        guard FileIO.exists(path) else { return nil }
        do {
            return try JSONDecoder().decode(RetentionFile.self, from: Data(try FileIO.readWholeFile(path)))
        } catch let error as FileIOError {
            throw error
        } catch {
            throw FileIOError(message: "\(path): unreadable retention state (\(error))")
        }
    }
}

/// What the file store keeps per stream for retention besides ``FileStreamState``: when appends were made, the
/// stream's state as of the retained start, and whether a pass is running.
@available(OS2022, *)
struct FileRetention: Sendable {
    var times = AppendTimes()
    /// The time of the recovered appends, which no mark covers (their age counts from the store's start).
    var unknownTime = Date.distantPast
    /// The end of the recovered appends; a later append without a mark yet is being recorded: it is new.
    var recoveredEnd: UInt64 = 0
    /// The stream's state as of the retained start (`nil`: as created, nothing dropped yet).
    var snapshot: StreamState?
    /// The log's bytes below this offset are released.
    var releasedTo: UInt64 = 0
    var isCompacting = false
    /// Where the responses still sending from the log start (how many at each offset): bytes from the lowest
    /// one on are not released until they end.
    var pins: [UInt64: Int] = [:]
    /// A release held back by a pin: retention releases the bytes below it once the pins allow.
    var postponedRelease: UInt64?

    /// The lowest pinned offset, if any.
    var lowestPin: UInt64? { pins.keys.min() }
}
