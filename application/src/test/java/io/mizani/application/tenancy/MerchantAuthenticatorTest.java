package io.mizani.application.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.ApiSecret;
import io.mizani.domain.tenancy.UserId;

class MerchantAuthenticatorTest {

    static final class FakeStore implements CredentialStore {
        final Map<String, StoredCredential> rows = new HashMap<>();
        final AtomicInteger reads = new AtomicInteger();

        @Override
        public Optional<StoredCredential> find(String username) {
            reads.incrementAndGet();
            return Optional.ofNullable(rows.get(username));
        }

        @Override
        public void insert(String username, byte[] secretHash, AccountId accountId, UserId userId) {
            rows.put(username, new StoredCredential(username, secretHash, accountId.value(), userId.value(), 7, false,
                    true));
        }

        @Override
        public boolean revoke(String username) {
            StoredCredential c = rows.get(username);
            rows.put(username, new StoredCredential(c.username(), c.secretHash(), c.accountId(), c.userId(),
                    c.organizationId(), true, c.teamActive()));
            return true;
        }

        @Override
        public int revokeAll(AccountId accountId, UserId userId) {
            return 0;
        }
    }

    static final class MutableClock extends Clock {
        Instant now = Instant.parse("2026-11-21T00:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final FakeStore store = new FakeStore();
    private final MutableClock clock = new MutableClock();
    private final MerchantAuthenticator auth = new MerchantAuthenticator(store, clock, Duration.ofSeconds(5));
    private final String secret = ApiSecret.newSecret();

    {
        store.insert("mz_1", ApiSecret.hash(secret), AccountId.of(42), UserId.of(9));
    }

    @Test
    void the_right_secret_resolves_the_merchant_context() {
        MerchantContext ctx = auth.authenticate("mz_1", secret).orElseThrow();
        assertEquals(new MerchantContext("mz_1", 42, 9, 7), ctx);
    }

    @Test
    void a_wrong_secret_or_unknown_user_is_refused() {
        assertTrue(auth.authenticate("mz_1", secret + "x").isEmpty());
        assertTrue(auth.authenticate("mz_2", secret).isEmpty());
        assertTrue(auth.authenticate(null, secret).isEmpty());
    }

    @Test
    void repeated_calls_within_the_ttl_cost_one_lookup() {
        for (int i = 0; i < 100; i++) {
            assertTrue(auth.authenticate("mz_1", secret).isPresent());
        }
        assertEquals(1, store.reads.get());
    }

    @Test
    void a_revocation_on_another_replica_is_seen_once_the_ttl_has_passed() {
        assertTrue(auth.authenticate("mz_1", secret).isPresent());
        store.revoke("mz_1"); // another replica revoked it: this one was not told
        clock.now = clock.now.plusSeconds(4);
        assertTrue(auth.authenticate("mz_1", secret).isPresent(), "still cached within the TTL");
        clock.now = clock.now.plusSeconds(2);
        assertFalse(auth.authenticate("mz_1", secret).isPresent(), "refused after the TTL");
    }

    @Test
    void a_revocation_on_this_replica_is_seen_at_once() {
        assertTrue(auth.authenticate("mz_1", secret).isPresent());
        store.revoke("mz_1");
        auth.invalidate("mz_1");
        assertFalse(auth.authenticate("mz_1", secret).isPresent());
    }

    private void putKey(String username, java.time.Duration remaining) {
        store.rows.put(username, new CredentialStore.StoredCredential(username, ApiSecret.hash(secret),
                new CredentialStore.Holder(42, 9, 7), false, true, new KeyGrant("key_0123456789abcdef01234567",
                io.mizani.domain.tenancy.Scopes.of(java.util.List.of(io.mizani.domain.tenancy.Scope.KYC_READ)), remaining)));
    }

    @Test
    void an_api_key_carries_its_scopes_and_id_and_reports_its_use() {
        java.util.List<String> used = new java.util.ArrayList<>();
        MerchantAuthenticator withUse = new MerchantAuthenticator(store, clock, Duration.ofSeconds(5), used::add);
        putKey("mz_key", null);
        MerchantContext ctx = withUse.authenticate("mz_key", secret).orElseThrow();
        assertEquals("key_0123456789abcdef01234567", ctx.apiKeyId());
        assertTrue(ctx.scopes().holds(io.mizani.domain.tenancy.Scope.KYC_READ));
        assertFalse(ctx.scopes().holdsEvery());
        withUse.authenticate("mz_1", secret).orElseThrow();
        assertTrue(withUse.authenticate("mz_1", secret).orElseThrow().scopes().holdsEvery());
        assertEquals(java.util.List.of("key_0123456789abcdef01234567"), used, "only keys report their use");
    }

    @Test
    void a_key_is_trusted_no_longer_than_the_database_said_it_has_left() {
        putKey("mz_key", Duration.ofSeconds(2));
        assertTrue(auth.authenticate("mz_key", secret).isPresent());
        putKey("mz_key", Duration.ZERO); // what the database answers once it expired
        clock.now = clock.now.plusMillis(2_000);
        assertTrue(auth.authenticate("mz_key", secret).isPresent(), "still within the 2 s it had");
        clock.now = clock.now.plusMillis(1);
        assertFalse(auth.authenticate("mz_key", secret).isPresent(), "re-read after 2 s, not after the 5 s TTL");
        assertEquals(2, store.reads.get());
    }

    @Test
    void an_expired_key_is_refused_even_with_the_right_secret() {
        putKey("mz_key", Duration.ofMillis(-1));
        assertFalse(auth.authenticate("mz_key", secret).isPresent());
    }
}
