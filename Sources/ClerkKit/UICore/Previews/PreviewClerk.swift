public import ClerkKit
import Foundation

/// Sample data for SwiftUI previews, shipped with the models because a preview cannot use a test kit
/// (`ClerkKitTesting`) without it becoming a dependency of the app: a `Clerk` restored from a cached client
/// holding one signed-in user, Ada Lovelace, with a verified email address and phone number, member of one
/// organization. It sends no request unless a view acts (and then fails as offline, showing the error).
@available(OS2023, *)
@MainActor
public enum PreviewClerk {
    /// A `Clerk` with the sample user signed in, or signed out when `signedIn` is false; throws only if the
    /// preview key (a constant) were refused.
    public static func clerk(signedIn: Bool = true) throws(ClerkError) -> Clerk {
        let store = InMemorySecureStore([
            "cachedEnvironment": Data(environmentJSON.utf8),
            "cachedClient": Data((signedIn ? signedInClientJSON : signedOutClientJSON).utf8),
        ])
        // The key of an instance that cannot exist: any request fails at once instead of reaching a service.
        let configuration = try ClerkConfiguration(publishableKey: "pk_test_cHJldmlldy5jbGVyay5pbnZhbGlkJA")
        let clerk = Clerk(configuration: configuration, store: store)
        clerk.hydrate()
        return clerk
    }

    static let environmentJSON = """
        {"auth_config":{"single_session_mode":false,"identification_strategies":["email_address"],\
        "first_factors":["password","email_code"],"second_factors":["totp","phone_code","backup_code"]},\
        "organization_settings":{"enabled":true}}
        """

    static let signedOutClientJSON = #"{"id":"client_preview","sessions":[]}"#

    static let signedInClientJSON = """
        {"id":"client_preview","last_active_session_id":"sess_preview","sessions":[{"id":"sess_preview",\
        "status":"active","user":{"id":"user_preview","username":"ada","first_name":"Ada","last_name":"Lovelace",\
        "primary_email_address_id":"idn_email","primary_phone_number_id":"idn_phone","password_enabled":true,\
        "two_factor_enabled":false,"totp_enabled":false,"email_addresses":[{"id":"idn_email",\
        "email_address":"ada@example.com","verification":{"status":"verified","strategy":"email_code"}}],\
        "phone_numbers":[{"id":"idn_phone","phone_number":"+14155550123","verification":{"status":"verified",\
        "strategy":"phone_code"}}],"organization_memberships":[{"id":"orgmem_preview","role":"org:admin",\
        "organization":{"id":"org_preview","name":"Analytical Engines","slug":"analytical","members_count":3}}]}}]}
        """
}
