// Connectivity benchmark: message encode+decode throughput, and a simulated phone ↔ watch round trip.
//
//   swift run -c release sundialkit-connectivity-benchmark [--quick] [--peer-command PATH [--peer-rounds N]]
//
// `--peer-command PATH` runs another implementation of the codec workloads (see CodecPeer.swift for the line
// format it prints) after ours and prints its figures beside ours, in the same run.
import BenchmarkSupport
import Foundation
import SundialKitConnectivity
import SundialKitProtobuf
import SundialKitProtobufExample
import SundialKitStream
import SundialKitTesting

if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
    try await runBenchmark()
} else {
    print("sundialkit-connectivity-benchmark needs macOS 13, iOS 16, tvOS 16 or watchOS 9")
    exit(1)
}

@MainActor
@available(OS2022, *)
func runBenchmark() async throws {
    printBuildBanner("sundialkit-connectivity-benchmark")
    let malloc = ["MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_", "MALLOC_MMAP_THRESHOLD_"]
        .map { "\($0)=\(ProcessInfo.processInfo.environment[$0] ?? "default")" }.joined(separator: " ")
    print("# allocator: glibc malloc, \(malloc)")

    let scale = isQuickRun ? 100 : 1
    let ownCode = "Messagable type's own code"
    let binaryOwnCode = "BinaryMessagable type's own code"
    let largeSize = 60 * 1024
    var rows: [(format: String, label: String, bytes: Int, rate: Double, megabytes: String)] = []
    var sink = 0

    /// Each codec workload by `CodecPeer.key(format, label)`, to measure again in the peer rounds.
    var workloads: [String: (iterations: Int, body: () throws -> Int)] = [:]

    @MainActor
    func timed(iterations: Int, _ body: () throws -> Int) rethrows -> (rate: Double, bytes: Int, Duration) {
        let count = max(iterations / scale, 10)
        for _ in 0..<max(count / 10, 1) { sink &+= try body() }
        let clock = ContinuousClock()
        var bytes = 0
        let start = clock.now
        for _ in 0..<count { bytes = try body() }
        let elapsed = clock.now - start
        sink &+= bytes
        return (rate(count, in: elapsed), bytes * count, elapsed)
    }

    @MainActor
    func measure(_ format: String, _ label: String, iterations: Int, _ body: @escaping () throws -> Int) rethrows {
        workloads[CodecPeer.key(format, label)] = (iterations, body)
        let (rate, total, elapsed) = try timed(iterations: iterations, body)
        rows.append(
            (
                format, label, total / max(iterations / scale, 10), rate,
                megabytesPerSecondText(bytes: total, in: elapsed)
            ))
    }

    // MARK: - Message types

    struct Color: Messagable {
        static let key = "color"
        let red: Double
        let green: Double
        let blue: Double
        init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }
        init(from parameters: [String: any Sendable]) throws {
            guard let red = parameters["red"] as? Double, let green = parameters["green"] as? Double,
                let blue = parameters["blue"] as? Double
            else { throw SerializationError.missingField("red, green, blue") }
            self.init(red: red, green: green, blue: blue)
        }
        func parameters() -> [String: any Sendable] { ["red": red, "green": green, "blue": blue] }
    }

    struct Blob: Messagable {
        static let key = "blob"
        let bytes: Data
        init(bytes: Data) { self.bytes = bytes }
        init(from parameters: [String: any Sendable]) throws {
            guard let bytes = parameters["bytes"] as? Data else { throw SerializationError.missingField("bytes") }
            self.bytes = bytes
        }
        func parameters() -> [String: any Sendable] { ["bytes": bytes] }
    }

    struct BinaryColor: BinaryMessagable {
        static let key = "binaryColor"
        let components: (Double, Double, Double)
        init(_ red: Double, _ green: Double, _ blue: Double) { components = (red, green, blue) }
        init(from data: Data) throws {
            guard data.count == 24 else { throw SerializationError.invalidDataSize(expected: 24, actual: data.count) }
            var values = [Double](repeating: 0, count: 3)
            _ = values.withUnsafeMutableBytes { data.copyBytes(to: $0) }
            components = (values[0], values[1], values[2])
        }
        func encode() throws -> Data {
            withUnsafeBytes(of: components) { Data($0) }
        }
    }

    struct BinaryBlob: BinaryMessagable {
        static let key = "binaryBlob"
        let bytes: Data
        init(bytes: Data) { self.bytes = bytes }
        init(from data: Data) throws { bytes = data }
        func encode() throws -> Data { bytes }
    }

    struct CodableColor: CodableMessagable {
        static let key = "codableColor"
        var red: Double
        var green: Double
        var blue: Double
    }

    struct CodableBlob: CodableMessagable {
        static let key = "codableBlob"
        var bytes: Data
    }

    let payload = Data((0..<largeSize).map { UInt8(truncatingIfNeeded: $0) })
    let decoder = MessageDecoder(messagableTypes: [
        Color.self, Blob.self, BinaryColor.self, BinaryBlob.self, CodableColor.self, CodableBlob.self,
        Sundial_Example_HeartRateUpdate.self, Sundial_Example_WorkoutSummary.self,
    ])

    // MARK: - Codecs

    try measure("Messagable (dictionary)", "3 Doubles", iterations: 1_000_000) {
        let message = Color(red: 1, green: 0.5, blue: 0.25).message()
        _ = try decoder.decodeMessage(message)
        return 24
    }
    try measure("Messagable + size check", "3 Doubles", iterations: 1_000_000) {
        let message = Color(red: 1, green: 0.5, blue: 0.25).message()
        try PropertyListValue.checkSize(of: message, limit: ConnectivityManager.payloadLimit)
        _ = try decoder.decodeMessage(message)
        return 24
    }
    try measure("Messagable (dictionary)", "60 KB Data", iterations: 1_000_000) {
        let message = Blob(bytes: payload).message()
        _ = try decoder.decodeMessage(message)
        return largeSize
    }
    try measure("Messagable + size check", "60 KB Data", iterations: 1_000_000) {
        let message = Blob(bytes: payload).message()
        try PropertyListValue.checkSize(of: message, limit: ConnectivityManager.payloadLimit)
        _ = try decoder.decodeMessage(message)
        return largeSize
    }
    try measure("BinaryMessagable (.data)", "3 Doubles", iterations: 1_000_000) {
        let data = try BinaryMessageEncoder.encode(BinaryColor(1, 0.5, 0.25))
        _ = try decoder.decodeBinary(data)
        return data.count
    }
    try measure("BinaryMessagable (.data)", "60 KB", iterations: 200_000) {
        let data = try BinaryMessageEncoder.encode(BinaryBlob(bytes: payload))
        _ = try decoder.decodeBinary(data)
        return data.count
    }
    try measure("Codable (binary plist)", "3 Doubles", iterations: 100_000) {
        let data = try BinaryMessageEncoder.encode(CodableColor(red: 1, green: 0.5, blue: 0.25))
        _ = try decoder.decodeBinary(data)
        return data.count
    }
    try measure("Codable (binary plist)", "60 KB", iterations: 20_000) {
        let data = try BinaryMessageEncoder.encode(CodableBlob(bytes: payload))
        _ = try decoder.decodeBinary(data)
        return data.count
    }
    // What no codec goes below: the message types' own code (the same on both sides of the peer comparison),
    // with no envelope, footer or type lookup.
    try measure(ownCode, "3 Doubles", iterations: 1_000_000) {
        let parameters: [String: any Sendable] = Color(red: 1, green: 0.5, blue: 0.25).parameters()
        _ = try Color(from: parameters)
        return 24
    }
    try measure(ownCode, "60 KB Data", iterations: 1_000_000) {
        let parameters: [String: any Sendable] = Blob(bytes: payload).parameters()
        _ = try Blob(from: parameters)
        return largeSize
    }
    try measure(binaryOwnCode, "3 Doubles", iterations: 1_000_000) {
        let data = try BinaryColor(1, 0.5, 0.25).encode()
        _ = try BinaryColor(from: data)
        return data.count
    }
    let heartRate = Sundial_Example_HeartRateUpdate.with {
        $0.bpm = 72
        $0.timestampMs = 1_700_000_000_000
    }
    try measure("Protobuf (.data)", "HeartRateUpdate", iterations: 1_000_000) {
        let data = try BinaryMessageEncoder.encode(heartRate)
        _ = try decoder.decodeBinary(data)
        return data.count
    }
    let summary = Sundial_Example_WorkoutSummary.with {
        $0.name = "Ride"
        $0.heartRates = [100, 140, 160]
        $0.samples = payload
    }
    try measure("Protobuf (.data)", "60 KB", iterations: 200_000) {
        let data = try BinaryMessageEncoder.encode(summary)
        _ = try decoder.decodeBinary(data)
        return data.count
    }
    let peer = CodecPeer.command.flatMap { CodecPeer.run($0, quick: isQuickRun) }
    var columns = ["format", "message", "bytes", "messages/s", "MB/s"]
    if let command = CodecPeer.command, peer != nil {
        print("# peer: \(command)")
        columns += ["peer messages/s", "ours ÷ peer"]
    }
    var report = Report("encode + decode (one iteration = encode, then decode)", columns: columns)
    for row in rows {
        var cells = [row.format, row.label, "\(row.bytes)", rateText(row.rate), row.megabytes]
        if let peer {
            if let theirs = peer.rate(row.format, row.label) {
                cells += [rateText(theirs), String(format: "%.2f×", row.rate / theirs)]
            } else {
                cells += ["-", "-"]
            }
        }
        report.add(cells)
    }
    report.print()
    if let peer {
        // The best ratio any codec could reach against the peer: the type's own code alone against the peer's
        // whole encode + decode.
        for (own, format, label) in [
            (ownCode, "Messagable (dictionary)", "3 Doubles"), (ownCode, "Messagable (dictionary)", "60 KB Data"),
            (binaryOwnCode, "BinaryMessagable (.data)", "3 Doubles"),
        ] {
            guard let alone = rows.first(where: { $0.format == own && $0.label == label }),
                let theirs = peer.rate(format, label)
            else { continue }
            let ceiling = String(format: "%.2f×", alone.rate / theirs)
            print("ceiling for \(format), \(label): the type's own code alone is \(ceiling) the peer's codec")
        }
    }
    /// `--peer-rounds N`: ours, then the peer, N times over, each ratio taken within its round, so a change in
    /// the machine's load between the two programs moves one round, not the median.
    @MainActor
    func peerRounds(_ command: String) throws {
        let compared = [
            ("Messagable (dictionary)", "3 Doubles", "Messagable (dictionary)"),
            ("Messagable (dictionary)", "60 KB Data", "Messagable (dictionary)"),
            ("BinaryMessagable (.data)", "3 Doubles", "BinaryMessagable (.data)"),
            ("BinaryMessagable (.data)", "60 KB", "BinaryMessagable (.data)"),
            (ownCode, "3 Doubles", "Messagable (dictionary)"), (ownCode, "60 KB Data", "Messagable (dictionary)"),
            (binaryOwnCode, "3 Doubles", "BinaryMessagable (.data)"),
        ]
        var ratios = [[Double]](repeating: [], count: compared.count)
        for _ in 0..<CodecPeer.rounds {
            var ours: [Double] = []
            for (format, label, _) in compared {
                guard let workload = workloads[CodecPeer.key(format, label)] else { return }
                ours.append(try timed(iterations: workload.iterations, workload.body).rate)
            }
            guard let round = CodecPeer.run(command, quick: isQuickRun) else { return }
            for (index, (_, label, peerFormat)) in compared.enumerated() {
                if let theirs = round.rate(peerFormat, label) { ratios[index].append(ours[index] / theirs) }
            }
        }
        var table = Report(
            "ours ÷ peer, \(CodecPeer.rounds) rounds of ours then the peer (type's own code: the ceiling)",
            columns: ["format", "message", "each round", "median"])
        for (index, (format, label, _)) in compared.enumerated() where !ratios[index].isEmpty {
            let sorted = ratios[index].sorted()
            table.add(
                format, label, ratios[index].map { String(format: "%.2f", $0) }.joined(separator: " "),
                String(format: "%.2f×", sorted[(sorted.count - 1) / 2]))
        }
        table.print()
    }
    if let command = CodecPeer.command, peer != nil, CodecPeer.rounds > 1 {
        try peerRounds(command)
    }

    // MARK: - Round trip through PairedSessions and the Stream observer

    func roundTrips(_ label: String, count: Int, send: @escaping @Sendable (ConnectivityObserver) async throws -> Void)
        async throws -> (String, LatencySummary, Duration)
    {
        let pair = PairedSessions()
        let phone = ConnectivityObserver(session: pair.phone, messageDecoder: decoder)
        let watch = ConnectivityObserver(session: pair.watch, messageDecoder: decoder)
        try await phone.activate(timeout: .seconds(10))
        try await watch.activate(timeout: .seconds(10))
        for await reachable in await phone.reachabilityStream() where reachable { break }
        let incoming = await watch.messageStream()
        let responder = Task {
            for await received in incoming {
                if received.reply?.expectsData == true {
                    try? received.reply?.send(data: Data([1]))
                } else {
                    try? received.reply?.send(["ok": true])
                }
            }
        }
        defer { responder.cancel() }
        let clock = ContinuousClock()
        let start = clock.now
        let latencies = try await sample(iterations: count, warmup: max(count / 10, 1)) {
            try await send(phone)
        }
        return (label, latencies, clock.now - start)
    }

    var trips = Report(
        "round trip: phone send → watch Stream observer → reply → phone (PairedSessions)",
        columns: ["message", "round trips/s", "p50", "p99"]
    )
    let tripCount = isQuickRun ? 200 : 20_000
    for (label, latencies, elapsed) in [
        try await roundTrips("3-Double Messagable", count: tripCount) { phone in
            _ = try await phone.send(Color(red: 1, green: 0.5, blue: 0.25))
        },
        try await roundTrips("60 KB BinaryMessagable", count: tripCount / 4) { phone in
            _ = try await phone.send(BinaryBlob(bytes: payload))
        },
    ] {
        trips.add(
            label, rateText(rate(latencies.sorted.count, in: elapsed)), latencies.p50.microsecondsText,
            latencies.p99.microsecondsText)
    }
    trips.print()

    let memory = residentMemory()
    print("\nresident memory: \(memory.current / 1_048_576) MB, peak \(memory.peak / 1_048_576) MB (sink \(sink & 1))")
}
