import Testing

@testable import ClerkKit

/// The Keychain adapter's every decision, on result codes, on any platform.
@Suite struct KeychainStatusTests {
    @available(OS2023, *)
    @Test func readsFindMissOrFail() throws {
        #expect(try KeychainStatus.found(afterRead: 0))
        #expect(try !KeychainStatus.found(afterRead: -25300))
        #expect(throws: ClerkError.self) { try KeychainStatus.found(afterRead: -25308) }
    }

    @available(OS2023, *)
    @Test func writesUpdateDuplicatesAndFailOtherwise() {
        #expect(KeychainStatus.mustUpdate(afterAdd: -25299))
        #expect(!KeychainStatus.mustUpdate(afterAdd: 0))
        #expect(!KeychainStatus.mustUpdate(afterAdd: -34018))
        #expect(throws: Never.self) { try KeychainStatus.checkWrite(0) }
        #expect(throws: ClerkError.self) { try KeychainStatus.checkWrite(-25299) }
    }

    @available(OS2023, *)
    @Test func deletingAMissingItemSucceeds() {
        #expect(throws: Never.self) { try KeychainStatus.checkDelete(0) }
        #expect(throws: Never.self) { try KeychainStatus.checkDelete(-25300) }
        #expect(throws: ClerkError.self) { try KeychainStatus.checkDelete(-25308) }
    }

    @available(OS2023, *)
    @Test func failuresAreStorageErrorsThatSayWhy() {
        let locked = KeychainStatus.error("read", -25308)
        #expect(locked.code == .storage)
        #expect(locked.message.contains("OSStatus -25308") && locked.message.contains("locked"))
        #expect(KeychainStatus.error("write", -34018).message.contains("entitlement"))
        #expect(KeychainStatus.error("delete", -1).message == "Keychain delete failed (OSStatus -1).")
    }
}
