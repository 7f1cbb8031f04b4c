package io.mizani.domain.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.mizani.domain.error.DomainError;

class ScopesTest {

    @Test
    void the_thirteen_scopes_of_the_contract_by_their_exact_names() {
        assertEquals(List.of("kyc:verify", "kyc:read", "teams:read", "teams:write", "beneficiaries:read",
                        "beneficiaries:write", "payments:read", "payments:collect", "payments:payout", "balances:read",
                        "events:read", "events:write", "statements"),
                Arrays.stream(Scope.values()).map(Scope::wire).toList());
    }

    @Test
    void an_unknown_scope_is_an_invalid_argument_naming_it() {
        DomainError e = assertThrows(DomainError.class, () -> Scopes.parse(List.of("payments:read", "payments:write")));
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, e.kind());
        assertEquals("invalid_argument", e.code());
        assertEquals("unknown scope: payments:write", e.getMessage());
        assertThrows(DomainError.class, () -> Scopes.parse(List.of("Payments:Read")));
        assertThrows(DomainError.class, () -> Scopes.parse(List.of()));
    }

    @Test
    void a_key_with_some_scopes_holds_only_those_and_not_every_scope() {
        Scopes s = Scopes.parse(List.of("payments:payout", "payments:read", "payments:read"));
        assertTrue(s.holds(Scope.PAYMENTS_READ));
        assertTrue(s.holds(Scope.PAYMENTS_PAYOUT));
        assertFalse(s.holds(Scope.PAYMENTS_COLLECT));
        assertFalse(s.holdsEvery());
        assertEquals(List.of("payments:read", "payments:payout"), s.wire());
    }

    @Test
    void every_scope_listed_is_every_scope() {
        Scopes s = Scopes.parse(Arrays.stream(Scope.values()).map(Scope::wire).toList());
        assertTrue(s.holdsEvery());
        assertEquals(Scopes.all(), s);
        assertFalse(Scopes.of(List.of(Scope.STATEMENTS)).holdsEvery());
    }

    @Test
    void a_stored_name_no_longer_known_grants_nothing() {
        assertEquals(Scopes.of(List.of(Scope.KYC_READ)), Scopes.stored(List.of("kyc:read", "kyc:admin")));
    }

    @Test
    void key_ids_have_one_shape() {
        assertTrue(ApiKeyId.parse(ApiKeyId.newId().value()).isPresent());
        assertTrue(ApiKeyId.parse("key_0123456789abcdef01234567").isPresent());
        assertFalse(ApiKeyId.parse("key_0123").isPresent());
        assertFalse(ApiKeyId.parse("../key").isPresent());
        assertFalse(ApiKeyId.parse(null).isPresent());
    }
}
