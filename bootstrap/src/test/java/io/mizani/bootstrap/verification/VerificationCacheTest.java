package io.mizani.bootstrap.verification;

import io.mizani.adapter.persistence.common.CacheVersions;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.verification.JdbcVerificationSettingsStore;
import io.mizani.adapter.persistence.verification.JdbcVerificationAccess;
import io.mizani.application.verification.VerificationAccess;
import io.mizani.application.verification.VerificationMode;
import io.mizani.application.verification.VerificationSettings;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The per-instance cache of verification access across replicas: two instances (two {@link CacheVersions} with
 * their own caches) over the one database. A change made through one is seen by the other within its poll bound,
 * whether it is the merchant's settings or the operator's switch; and the instance that made it sees it at once.
 */
@QuarkusTest
class VerificationCacheTest {

    @Inject
    Sql sql;

    static final Duration POLL_A = Duration.ofMillis(100);
    static final Duration POLL_B = Duration.ofMillis(300);

    @Test
    void a_settings_change_on_one_instance_is_seen_by_the_other_within_the_bound() throws Exception {
        Merchant m = VerificationSupport.platformMerchant("100");
        Merchant other = TestMerchants.onboard();
        CacheVersions a = new CacheVersions(sql, POLL_A, Duration.ofSeconds(2));
        CacheVersions b = new CacheVersions(sql, POLL_B, Duration.ofSeconds(2));
        try {
            var accessA = new JdbcVerificationAccess(sql, a);
            var accessB = new JdbcVerificationAccess(sql, b);
            var storeA = new JdbcVerificationSettingsStore(sql, a);
            warm(accessA, a, m);
            warm(accessB, b, m);
            assertEquals(VerificationMode.PLATFORM, accessB.of(m.accountId()).settings().mode());
            assertEquals(VerificationMode.OFF, accessB.of(other.accountId()).settings().mode(),
                    "the other merchant keeps its own settings");

            storeA.save(m.accountId(), new VerificationSettings(VerificationMode.OFF, null));
            assertEquals(VerificationMode.OFF, accessA.of(m.accountId()).settings().mode(), "seen at once where it was made");
            long took = until(() -> accessB.of(m.accountId()).settings().mode() == VerificationMode.OFF);
            assertTrue(took <= POLL_B.toMillis() + 250, "seen by the other instance after " + took + " ms");
            assertEquals(VerificationMode.OFF, accessB.of(other.accountId()).settings().mode());

            // the operator's switch (through the service's own API: another writer, another cache)
            storeA.save(m.accountId(), new VerificationSettings(VerificationMode.PLATFORM, null));
            until(() -> accessB.of(m.accountId()).available());
            VerificationSupport.identityChecksAvailable(m, false);
            long off = until(() -> !accessB.of(m.accountId()).available());
            assertTrue(off <= POLL_B.toMillis() + 250, "switch seen after " + off + " ms");
            assertTrue(accessB.of(other.accountId()).available(), "the other merchant's switch untouched");
        } finally {
            VerificationSupport.identityChecksAvailable(m, true);
            a.stop();
            b.stop();
        }
    }

    @Test
    void the_service_sees_its_own_changes_at_once() {
        Merchant m = VerificationSupport.platformMerchant("100");
        for (int i = 0; i < 3; i++) {
            VerificationSupport.identityChecksAvailable(m, false);
            m.as().body(Map.of("id_number", "12345678")).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(403);
            VerificationSupport.identityChecksAvailable(m, true);
            m.as().body(Map.of("mode", "off")).put("/api/v1/kyc/settings").then().statusCode(200);
            m.as().body(Map.of("id_number", "12345678")).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(412);
            m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
            int code = m.as().body(Map.of("id_number", "12345678")).post("/api/v1/kyc/verify/national_id_ke")
                    .then().extract().statusCode();
            assertTrue(code != 403 && code != 412, "on again at once, got " + code);
        }
    }

    /** Reads through the cache until the counters have been polled once (entries then stay until a change). */
    private static void warm(VerificationAccess access, CacheVersions versions, Merchant m) {
        access.of(m.accountId());
        versions.pollOnce();
        access.of(m.accountId());
    }

    private static long until(Supplier<Boolean> seen) throws InterruptedException {
        long start = System.nanoTime();
        while (!seen.get()) {
            if (System.nanoTime() - start > Duration.ofSeconds(10).toNanos()) {
                fail("not seen within 10 s");
            }
            Thread.sleep(5);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }
}
