import ClerkKit
import Testing

@Suite struct ClerkErrorTests {
    @available(OS2023, *)
    @Test func catchMatchesByCode() {
        let error: any Error = ClerkError(.api, "Password is incorrect", context: .init(status: 422, traceId: "t1"))
        var matched = false
        do { throw error } catch ClerkError.api { matched = true } catch {}
        #expect(matched)
        #expect(!(ClerkError.transport ~= error))
        #expect("\(error)" == "ClerkError.api: Password is incorrect (HTTP 422) [trace t1]")
    }
}
