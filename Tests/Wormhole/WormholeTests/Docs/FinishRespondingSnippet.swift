// A README example, compiled and run by ReadmeTests.

// snippet: finish-responding
import Foundation
import Wormhole

@available(OS2022, *)
func answerOneRequest(in directory: URL) async throws -> [Int] {
    let app = try Wormhole(directory: directory)
    let (asked, ask) = AsyncStream.makeStream(of: [Int].self)
    let token = try await app.respond(to: "sum", as: Numbers.self) { numbers in
        ask.yield(numbers.values)
        return numbers.values.reduce(0, +)
    }
    var question: [Int] = []
    for await values in asked {
        question = values
        break
    }
    // The handler is answering: return once its answer is written, so the process may exit without losing it.
    await app.finishResponding(token)
    return question
}
// end-snippet
