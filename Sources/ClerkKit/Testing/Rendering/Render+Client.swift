/// Clients, sessions, sign-ins and sign-ups, shaped as the Frontend API description's `Client.*` schemas.
@available(OS2023, *)
extension EmulatorStore {
    func clientJSON(_ client: ClientRecord, now: Millis) -> JSON {
        [
            "object": "client", "id": .string(client.id),
            "sessions": .array(activeSessions(of: client, now: now).map { sessionJSON($0) }),
            "sign_in": client.signInId.flatMap { signIns[$0] }.map { signInJSON($0) } ?? .null,
            "sign_up": client.signUpId.flatMap { signUps[$0] }.map { signUpJSON($0) } ?? .null,
            "last_active_session_id": .optional(client.lastActiveSessionId),
            "last_authentication_strategy": .optional(client.lastAuthenticationStrategy),
            "cookie_expires_at": .int(client.createdAt + 365 * 24 * 3600 * 1000), "captcha_bypass": false,
            "created_at": .int(client.createdAt), "updated_at": .int(client.updatedAt),
        ]
    }

    func sessionJSON(_ session: SessionRecord) -> JSON {
        guard case .object(var pairs) = sessionBaseJSON(session) else { return .null }
        let user = users[session.userId]
        pairs += [
            ("last_active_organization_id", .optional(session.activeOrganizationId)),
            ("user", user.map(userJSON) ?? .null),
            ("public_user_data", user.map(publicUserDataJSON) ?? .null),
            (
                "factor_verification_age",
                .array([
                    Self.age(session.firstFactorVerifiedAt, session), Self.age(session.secondFactorVerifiedAt, session),
                ])
            ),
            ("created_at", .int(session.createdAt)), ("updated_at", .int(session.updatedAt)),
        ]
        return .object(pairs)
    }

    /// `Client.SessionBase-2`: the fields every session rendering has.
    func sessionBaseJSON(_ session: SessionRecord) -> JSON {
        let tasks = sessionTasks(session)
        return [
            "id": .string(session.id), "object": "session",
            "status": .string(tasks.isEmpty ? session.status.rawValue : "pending"),
            "expire_at": .int(session.expireAt), "abandon_at": .int(session.abandonAt),
            "last_active_at": .int(session.lastActiveAt),
            "last_active_token": session.lastActiveToken.map { ["object": "token", "jwt": .token($0)] } ?? .null,
            "actor": nil, "tasks": tasks.isEmpty ? nil : .array(tasks.map { ["key": .string($0)] }),
        ]
    }

    /// An entry of `GET /v1/me/sessions/active`.
    func activeSessionJSON(_ session: SessionRecord) -> JSON {
        guard case .object(var pairs) = sessionBaseJSON(session) else { return .null }
        pairs.append(
            (
                "latest_activity",
                [
                    "object": "session_activity", "id": .string("sess_activity_" + session.id.dropFirst(5)),
                    "device_type": "Linux", "is_mobile": false, "browser_name": "ClerkEmulator",
                    "browser_version": "1", "ip_address": "127.0.0.1", "city": "Localhost", "country": "ZZ",
                ]
            ))
        return .object(pairs)
    }

    private static func age(_ time: Millis?, _ session: SessionRecord) -> JSON {
        guard let time else { return -1 }
        return .int(max(0, (session.lastActiveAt - time) / 60_000))
    }

    func signInJSON(_ signIn: SignInMachine) -> JSON {
        let user = signIn.userId.flatMap { users[$0] }
        let identifiers = ClerkEmulator.Identifier.allCases.filter { configuration.identifiers.contains($0) }
        let first = user.map { SignInMachine.firstFactors(for: $0, identifier: signIn.identifier, configuration) }
        var second: [SignInMachine.Factor]? = nil
        if let user, signIn.status == .needsSecondFactor {
            second = SignInMachine.secondFactors(for: user, configuration)
        } else if let user, signIn.status == .needsClientTrust {
            second = SignInMachine.clientTrustFactors(for: user)
        }
        return [
            "object": "sign_in_attempt", "id": .string(signIn.id), "status": .string(signIn.status.rawValue),
            "supported_identifiers": .strings(identifiers.map(\.rawValue)),
            "supported_first_factors": first.map { .array($0.map(Self.factorJSON)) } ?? .null,
            "supported_second_factors": second.map { .array($0.map(Self.factorJSON)) } ?? .null,
            "first_factor_verification": signIn.firstFactor?.json ?? .null,
            "second_factor_verification": signIn.secondFactor?.json ?? .null,
            "identifier": .optional(signIn.identifier),
            "user_data": user.map { user in
                [
                    "first_name": .optional(user.firstName), "last_name": .optional(user.lastName),
                    "image_url": .string(Self.defaultImageURL), "has_image": false,
                    "profile_image_url": .string(Self.defaultImageURL),
                ]
            } ?? .null,
            "created_session_id": .optional(signIn.createdSessionId), "abandon_at": .int(signIn.abandonAt),
            "locale": .optional(signIn.locale),
        ]
    }

    static func factorJSON(_ factor: SignInMachine.Factor) -> JSON {
        var pairs: [(String, JSON)] = [("strategy", .string(factor.strategy))]
        if let value = factor.safeIdentifier { pairs.append(("safe_identifier", .string(value))) }
        if let value = factor.emailAddressId { pairs.append(("email_address_id", .string(value))) }
        if let value = factor.phoneNumberId { pairs.append(("phone_number_id", .string(value))) }
        if let value = factor.primary { pairs.append(("primary", .bool(value))) }
        if let value = factor.isDefault { pairs.append(("default", .bool(value))) }
        return .object(pairs)
    }

    func signUpJSON(_ signUp: SignUpMachine) -> JSON {
        let emailStrategies =
            configuration.firstFactors.contains(.emailLink) ? ["email_code", "email_link"] : ["email_code"]
        let email: JSON =
            signUp.emailAddress == nil
            ? .null
            : (signUp.emailVerification?.signUpJSON(supported: emailStrategies)
                ?? VerificationState.unprepared(supported: emailStrategies))
        // The description types a phone verification's `expire_at` as a non-null integer: before it is prepared
        // there is no verification object yet.
        let phone: JSON =
            signUp.phoneNumber == nil
            ? .null : (signUp.phoneVerification?.signUpJSON(supported: ["phone_code"]) ?? .null)
        return [
            "object": "sign_up_attempt", "id": .string(signUp.id), "status": .string(signUp.status.rawValue),
            "required_fields": .strings(signUp.requiredFields), "optional_fields": .strings(signUp.optionalFields),
            "missing_fields": .strings(signUp.missingFields), "unverified_fields": .strings(signUp.unverifiedFields),
            "verifications": [
                "email_address": email, "phone_number": phone, "web3_wallet": nil,
                "external_account": signUp.external?.json ?? .null,
            ],
            "username": .optional(signUp.username), "email_address": .optional(signUp.emailAddress),
            "phone_number": .optional(signUp.phoneNumber), "web3_wallet": nil,
            "password_enabled": .bool(signUp.passwordEnabled), "first_name": .optional(signUp.firstName),
            "last_name": .optional(signUp.lastName), "unsafe_metadata": signUp.unsafeMetadata ?? [:],
            "public_metadata": [:], "custom_action": false, "external_id": nil,
            "created_session_id": .optional(signUp.createdSessionId),
            "created_user_id": .optional(signUp.createdUserId), "abandon_at": .int(signUp.abandonAt),
            "legal_accepted_at": .optional(signUp.legalAcceptedAt), "locale": .optional(signUp.locale),
        ]
    }
}
