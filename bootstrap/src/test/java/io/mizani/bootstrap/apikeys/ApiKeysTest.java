package io.mizani.bootstrap.apikeys;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.tenancy.CredentialStore;
import io.mizani.application.tenancy.MerchantAuthenticator;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.Scope;
import io.mizani.domain.tenancy.UserId;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;

/** Merchant API keys with scopes (platform.md section 19): issue, list, revoke, expiry, roles, tenancy, logs. */
@QuarkusTest
class ApiKeysTest {

    static final List<String> EVERY_SCOPE = Arrays.stream(Scope.values()).map(Scope::wire).toList();

    @Inject
    CredentialStore credentials;
    @Inject
    UnitOfWork uow;
    @Inject
    javax.sql.DataSource dataSource;

    @Test
    void an_owner_issues_a_key_whose_password_is_shown_once_and_which_opens_only_its_scopes() {
        Merchant m = TestMerchants.onboard();
        ApiKeys.Key key = ApiKeys.create(m.as(), "reporting", List.of("balances:read", "payments:read"),
                "2099-01-01T00:00:00Z");
        JsonPath issued = key.issued();
        assertTrue(key.keyId().matches("key_[0-9a-f]{24}"), key.keyId());
        assertEquals("reporting", issued.getString("api_key.name"));
        assertEquals(List.of("payments:read", "balances:read"), issued.getList("api_key.scopes"));
        assertEquals("2099-01-01T00:00:00Z", issued.getString("api_key.expires_at"));
        assertNotNull(issued.getString("api_key.created_at"));
        assertNull(issued.getString("api_key.last_used_at"));
        assertEquals(43, key.password().length());
        assertTrue(key.username().startsWith("mz_"));

        // the list shows the key, never its credential
        String list = m.as().get("/api/v2/api_keys").then().statusCode(200)
                .body("api_keys", hasSize(1))
                .body("api_keys[0].key_id", equalTo(key.keyId()))
                .body("api_keys[0].scopes", equalTo(List.of("payments:read", "balances:read")))
                .extract().asString();
        assertFalse(list.contains(key.password()));
        assertFalse(list.contains(key.username()));
        assertFalse(list.contains("password"));

        // used with HTTP Basic like any credential, on the Team it was issued for
        key.as().get("/api/global/balances").then().statusCode(200);
        key.as().get("/api/global/transactions").then().statusCode(200);
        key.as().get("/api/v2/ping").then().statusCode(200).body("account_id", equalTo((int) m.accountId()));
        key.as().get("/api/global/beneficiaries").then().statusCode(403)
                .body("error_code", equalTo("insufficient_scope"))
                .body("error_message", equalTo("this API key lacks the scope beneficiaries:read"))
                .body("status_code", equalTo(403));
        key.as().get("/api/v1/kyc/lookups").then().statusCode(403)
                .body("reason", equalTo("insufficient_scope"))
                .body("error", equalTo("this API key lacks the scope kyc:read"));
        // a wrong password is a wrong credential
        RestAssured.given().auth().preemptive().basic(key.username(), key.password() + "x")
                .get("/api/global/balances").then().statusCode(401);
    }

    @Test
    void a_refusal_for_scope_comes_before_idempotency_and_stores_nothing_under_the_key() {
        Merchant m = TestMerchants.onboard();
        ApiKeys.Key collectOnly = ApiKeys.create(m, "till", "payments:collect");
        String body = "{\"request_type\":\"withdrawal\"}";
        collectOnly.as().header("Idempotency-Key", "scope-then-key").body(body).post("/api/global/payments").then()
                .statusCode(403).body("error_code", equalTo("insufficient_scope"))
                .body("error_message", equalTo("this API key lacks the scope payments:payout"));
        // the same key and body from a full credential runs (validation answers), it is not the 403 replayed
        m.as().header("Idempotency-Key", "scope-then-key").body(body).post("/api/global/payments").then()
                .statusCode(400).header("Idempotent-Replayed", nullValue());
    }

    @Test
    void an_unknown_scope_and_other_bad_input_are_400_invalid_argument() {
        Merchant m = TestMerchants.onboard();
        bad(m, Map.of("name", "x", "scopes", List.of("payments:read", "payments:write")), "unknown scope: payments:write");
        bad(m, Map.of("name", "x", "scopes", List.of()), "scopes must name at least one scope");
        bad(m, Map.of("name", "x"), "scopes must name at least one scope");
        bad(m, Map.of("scopes", List.of("kyc:read")), "name is required");
        bad(m, Map.of("name", "x".repeat(101), "scopes", List.of("kyc:read")), "name must be at most 100 characters");
        bad(m, Map.of("name", "x", "scopes", List.of("kyc:read"), "expires_at", "2020-01-01T00:00:00Z"),
                "expires_at must be in the future");
        m.as().body(Map.of("name", "x", "scopes", List.of("kyc:read"), "expires_at", "tomorrow"))
                .post("/api/v2/api_keys").then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        m.as().body(Map.of("name", "x", "scopes", "kyc:read"))
                .post("/api/v2/api_keys").then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        m.as().get("/api/v2/api_keys").then().statusCode(200).body("api_keys", hasSize(0));
    }

    private static void bad(Merchant m, Map<String, Object> body, String message) {
        m.as().body(body).post("/api/v2/api_keys").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo(message));
    }

    @Test
    void a_scoped_key_cannot_manage_keys_but_a_key_holding_every_scope_can() {
        Merchant m = TestMerchants.onboard();
        List<String> allButOne = EVERY_SCOPE.subList(0, EVERY_SCOPE.size() - 1);
        ApiKeys.Key scoped = ApiKeys.create(m.as(), "almost all", allButOne, null);
        for (var call : List.of(scoped.as().body(Map.of("name", "y", "scopes", List.of("kyc:read")))
                .post("/api/v2/api_keys"), scoped.as().get("/api/v2/api_keys"), scoped.as().delete("/api/v2/api_keys/"
                + scoped.keyId()))) {
            call.then().statusCode(403).body("error_code", equalTo("insufficient_scope"))
                    .body("error_message", equalTo("this API key lacks scopes: only a credential holding every scope may do this"));
        }
        ApiKeys.Key full = ApiKeys.create(m.as(), "all", EVERY_SCOPE, null);
        full.as().get("/api/v2/api_keys").then().statusCode(200).body("api_keys", hasSize(2));
        // the scoped key still works: the refused DELETE revoked nothing
        scoped.as().get("/api/global/balances").then().statusCode(200);
    }

    @Test
    void only_an_owner_or_admin_of_the_team_manages_keys_and_leaving_the_team_revokes_theirs() {
        Merchant m = TestMerchants.onboard();
        JsonPath member = invite(m, 3);
        JsonPath admin = invite(m, 2);
        var asMember = RestAssured.given().auth().preemptive()
                .basic(member.getString("credentials.username"), member.getString("credentials.password"))
                .contentType("application/json");
        asMember.body(Map.of("name", "x", "scopes", List.of("kyc:read"))).post("/api/v2/api_keys").then().statusCode(403)
                .body("error_code", equalTo("forbidden"))
                .body("error_message", equalTo("only an owner or admin of the Team manages its API keys (your role: member)"));
        RestAssured.given().auth().preemptive()
                .basic(member.getString("credentials.username"), member.getString("credentials.password"))
                .get("/api/v2/api_keys").then().statusCode(403).body("error_code", equalTo("forbidden"));

        var asAdmin = RestAssured.given().auth().preemptive()
                .basic(admin.getString("credentials.username"), admin.getString("credentials.password"))
                .contentType("application/json");
        ApiKeys.Key adminsKey = ApiKeys.create(asAdmin, "admin's", List.of("balances:read"), null);
        adminsKey.as().get("/api/global/balances").then().statusCode(200);
        // the owner sees the admin's key among the Team's keys
        m.as().get("/api/v2/api_keys").then().statusCode(200).body("api_keys.key_id", equalTo(List.of(adminsKey.keyId())));

        m.as().delete("/api/v2/accounts/" + m.accountId() + "/users/" + admin.getLong("user.id")).then().statusCode(200);
        adminsKey.as().get("/api/global/balances").then().statusCode(401);
        m.as().get("/api/v2/api_keys").then().statusCode(200).body("api_keys", hasSize(0));
    }

    private static JsonPath invite(Merchant m, int roleId) {
        var mailbox = io.quarkus.arc.Arc.container().instance(io.quarkus.mailer.MockMailbox.class).get();
        String email = "key-invitee" + System.nanoTime() + "@example.com";
        m.as().body(Map.of("organization_id", m.organizationId(), "account_id", m.accountId(), "email", email,
                "role_id", roleId, "base_url", "https://app.example.com/join")).post("/api/v2/account_invites")
                .then().statusCode(200);
        String text = mailbox.getMailsSentTo(email).get(0).getText();
        String token = text.substring(text.indexOf("invite_token=") + "invite_token=".length()).split("\\s")[0];
        return RestAssured.given().contentType("application/json")
                .body(Map.of("token", token, "first_name", "Ivy", "last_name", "Invitee"))
                .post("/api/v2/account_invites/accept").then().statusCode(200).extract().jsonPath();
    }

    @Test
    void an_expired_key_is_refused_by_the_databases_clock_even_while_cached() throws Exception {
        Merchant m = TestMerchants.onboard();
        String soon = dbNow().plusSeconds(3).toString();
        ApiKeys.Key key = ApiKeys.create(m.as(), "short-lived", List.of("balances:read"), soon);
        key.as().get("/api/global/balances").then().statusCode(200); // cached now, for at most the 3 s it has left
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        int status = 200;
        while (status == 200 && System.nanoTime() < deadline) {
            Thread.sleep(250);
            status = key.as().get("/api/global/balances").then().extract().statusCode();
        }
        assertEquals(401, status);
        assertFalse(dbNow().isBefore(Instant.parse(soon)), "refused before it expired");
        // and well before the 5 s credential cache would have let it go on its own
        assertTrue(Duration.between(Instant.parse(soon), dbNow()).toMillis() < 2_000,
                "refused " + Duration.between(Instant.parse(soon), dbNow()) + " after expiry");
        key.as().get("/api/v2/ping").then().statusCode(401).body("error_code", equalTo("unauthenticated"));
        // an expired key is still listed (with its expires_at) until it is revoked
        m.as().get("/api/v2/api_keys").then().statusCode(200).body("api_keys[0].expires_at", notNullValue());
    }

    private Instant dbNow() throws Exception {
        try (var c = dataSource.getConnection(); var rs = c.createStatement().executeQuery("SELECT now()")) {
            rs.next();
            return rs.getObject(1, java.time.OffsetDateTime.class).toInstant();
        }
    }

    @Test
    void a_revoked_key_is_refused_here_at_once_and_on_another_replica_within_the_cache_ttl() {
        Merchant m = TestMerchants.onboard();
        ApiKeys.Key key = ApiKeys.create(m, "to revoke", "balances:read");
        key.as().get("/api/global/balances").then().statusCode(200);

        // another replica: its own authenticator over the same database, its cache warmed before the revocation
        MutableClock clock = new MutableClock();
        MerchantAuthenticator otherReplica = new MerchantAuthenticator(new CredentialStore() {
            @Override
            public java.util.Optional<StoredCredential> find(String username) {
                return uow.inTransaction(() -> credentials.find(username));
            }

            @Override
            public void insert(String username, byte[] hash, AccountId accountId, UserId userId) {
                throw new UnsupportedOperationException();
            }

            @Override
            public boolean revoke(String username) {
                throw new UnsupportedOperationException();
            }

            @Override
            public int revokeAll(AccountId accountId, UserId userId) {
                throw new UnsupportedOperationException();
            }
        }, clock, Duration.ofSeconds(5));
        var seen = otherReplica.authenticate(key.username(), key.password()).orElseThrow();
        assertEquals(key.keyId(), seen.apiKeyId());
        assertTrue(seen.scopes().holds(Scope.BALANCES_READ) && !seen.scopes().holds(Scope.PAYMENTS_READ));

        m.as().delete("/api/v2/api_keys/" + key.keyId()).then().statusCode(200)
                .body("revoked", equalTo(true)).body("api_key.key_id", equalTo(key.keyId()));
        // this replica: at once
        key.as().get("/api/global/balances").then().statusCode(401);
        m.as().get("/api/v2/api_keys").then().statusCode(200).body("api_keys", hasSize(0));
        m.as().delete("/api/v2/api_keys/" + key.keyId()).then().statusCode(404).body("error_code", equalTo("not_found"));
        // the other replica: until its entry's TTL runs out (5 s), then never again
        clock.now = clock.now.plusSeconds(4);
        assertTrue(otherReplica.authenticate(key.username(), key.password()).isPresent());
        clock.now = clock.now.plusMillis(1_001);
        assertTrue(otherReplica.authenticate(key.username(), key.password()).isEmpty());
    }

    @Test
    void another_merchants_keys_and_records_are_404() {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        ApiKeys.Key aKey = ApiKeys.create(a, "a's", "beneficiaries:read", "beneficiaries:write");
        ApiKeys.Key bKey = ApiKeys.create(b, "b's", "beneficiaries:read");

        b.as().delete("/api/v2/api_keys/" + aKey.keyId()).then().statusCode(404).body("error_code", equalTo("not_found"));
        b.as().get("/api/v2/api_keys").then().statusCode(200).body("api_keys.key_id", equalTo(List.of(bKey.keyId())));
        b.as().delete("/api/v2/api_keys/not-a-key").then().statusCode(404);
        aKey.as().get("/api/global/beneficiaries").then().statusCode(200);

        Map<String, Object> beneficiary = new HashMap<>();
        beneficiary.put("first_name", "Wanjiru");
        beneficiary.put("last_name", "Kamau");
        beneficiary.put("email", "wanjiru.keys@example.com");
        beneficiary.put("country", "KE");
        beneficiary.put("account_number", "+254722000123");
        beneficiary.put("account_type", "momo");
        String bsUuid = bKey.as().body(beneficiary).post("/api/global/beneficiaries").then().statusCode(403)
                .extract().jsonPath().getString("uuid");
        assertNull(bsUuid); // b's key may only read
        bsUuid = b.as().body(beneficiary).post("/api/global/beneficiaries").then().extract().jsonPath().getString("uuid");
        assertNotNull(bsUuid);
        bKey.as().get("/api/global/beneficiaries/" + bsUuid).then().statusCode(200);
        // a's key holds the scope, but the record is b's: 404, as for a's own credential
        aKey.as().get("/api/global/beneficiaries/" + bsUuid).then().statusCode(404).body("error_code", equalTo("not_found"));
        aKey.as().delete("/api/global/beneficiaries/" + bsUuid).then().statusCode(404);
        a.as().get("/api/global/beneficiaries/" + bsUuid).then().statusCode(404);
        // and b's Team is not a's key's to read
        aKey.as().get("/api/v2/account/" + b.accountId()).then().statusCode(403); // no teams:read
        ApiKeys.Key aTeams = ApiKeys.create(a, "a's teams", "teams:read");
        aTeams.as().get("/api/v2/account/" + b.accountId()).then().statusCode(404);
        aTeams.as().get("/api/v2/account/" + a.accountId()).then().statusCode(200);
    }

    @Test
    void last_used_at_is_written_on_first_use_and_then_at_most_once_a_minute() throws Exception {
        Merchant m = TestMerchants.onboard();
        ApiKeys.Key key = ApiKeys.create(m, "used", "balances:read");
        m.as().get("/api/v2/api_keys").then().body("api_keys[0].last_used_at", nullValue());
        key.as().get("/api/global/balances").then().statusCode(200);
        String first = m.as().get("/api/v2/api_keys").then().body("api_keys[0].last_used_at", notNullValue())
                .extract().jsonPath().getString("api_keys[0].last_used_at");
        long writesBefore = lastUsedWrites(key.keyId());
        for (int i = 0; i < 20; i++) {
            key.as().get("/api/global/balances").then().statusCode(200);
        }
        Thread.sleep(1_100);
        key.as().get("/api/global/balances").then().statusCode(200);
        m.as().get("/api/v2/api_keys").then().body("api_keys[0].last_used_at", equalTo(first));
        assertEquals(writesBefore, lastUsedWrites(key.keyId()), "a write per request");
        // the owner's own credential is not a key and writes nothing
        m.as().get("/api/global/balances").then().statusCode(200);
    }

    /** The row's version: xmin changes with every write of the row, even one that stores the same values. */
    private long lastUsedWrites(String keyId) throws Exception {
        try (var c = dataSource.getConnection();
             var ps = c.prepareStatement("SELECT xmin::text::bigint FROM api_keys WHERE key_id = ?")) {
            ps.setString(1, keyId);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Test
    void the_secret_never_reaches_the_logs() {
        List<String> lines = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                String msg = r.getMessage();
                if (r.getParameters() != null) {
                    msg = msg + " " + Arrays.toString(r.getParameters());
                }
                synchronized (lines) {
                    lines.add(r.getLoggerName() + " " + msg + (r.getThrown() == null ? "" : " " + r.getThrown()));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        try {
            Merchant m = TestMerchants.onboard();
            ApiKeys.Key key = ApiKeys.create(m, "logged?", "balances:read");
            key.as().get("/api/global/balances").then().statusCode(200);
            key.as().get("/api/global/transactions").then().statusCode(403);
            RestAssured.given().auth().preemptive().basic(key.username(), key.password() + "x")
                    .get("/api/global/balances").then().statusCode(401);
            key.as().header("X-Request-Id", "keys-log-test").body("{\"request_type\":\"payment\"}")
                    .post("/api/global/payments").then().statusCode(403);
            m.as().delete("/api/v2/api_keys/" + key.keyId()).then().statusCode(200);
            key.as().get("/api/global/balances").then().statusCode(401);
            synchronized (lines) {
                assertTrue(lines.stream().noneMatch(l -> l.contains(key.password())),
                        "the password was logged: " + lines.stream().filter(l -> l.contains(key.password())).toList());
            }
        } finally {
            root.removeHandler(capture);
        }
    }

    static final class MutableClock extends Clock {
        Instant now = Instant.now();

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
