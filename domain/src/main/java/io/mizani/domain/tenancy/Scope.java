package io.mizani.domain.tenancy;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/**
 * What an API key may do (platform.md section 19). A credential issued by the operator API, and every credential from
 * before API keys, holds every scope; a key holds the ones it was created with. The wire names are exact.
 */
public enum Scope implements WireName {
    KYC_VERIFY("kyc:verify"),
    KYC_READ("kyc:read"),
    TEAMS_READ("teams:read"),
    TEAMS_WRITE("teams:write"),
    BENEFICIARIES_READ("beneficiaries:read"),
    BENEFICIARIES_WRITE("beneficiaries:write"),
    PAYMENTS_READ("payments:read"),
    PAYMENTS_COLLECT("payments:collect"),
    PAYMENTS_PAYOUT("payments:payout"),
    BALANCES_READ("balances:read"),
    EVENTS_READ("events:read"),
    EVENTS_WRITE("events:write"),
    STATEMENTS("statements");

    private final String wire;

    Scope(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    /** The scope of this exact wire name (case and spaces matter: {@code Payments:Read} is not a scope). */
    public static Optional<Scope> parse(String wire) {
        return WireName.find(Scope.class, wire);
    }
}
