// The conformance adapter: speaks the Durable Streams client conformance suite's JSON-lines protocol on
// standard input and output, one command per line, one result per line, in order, and drives the
// DurableStreams client library for each command. Retries, sequencing and batching happen inside the library.

import Foundation

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    let adapter = Adapter()
    while let line = readLine(strippingNewline: true) {
        if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
        let result: [String: Any]
        var isShutdown = false
        if let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        {
            let command = Command(object)
            isShutdown = command.type == "shutdown"
            result = await adapter.handle(command)
        } else {
            result = AdapterResult.error(
                "init", code: "PARSE_ERROR", message: "cannot parse command: \(line.prefix(200))")
        }
        AdapterResult.write(result)
        if isShutdown { break }
    }
    await adapter.shutdown()
} else {
    print("durable-streams-conformance-adapter needs macOS 14, iOS 17, tvOS 17 or watchOS 10")
    exit(1)
}
