package io.mizani.domain.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class AuditChainTest {

    private static List<Map<String, Object>> chain(int n) {
        List<Map<String, Object>> out = new ArrayList<>();
        String prev = AuditChain.GENESIS;
        for (int i = 1; i <= n; i++) {
            AuditRecord r = new AuditRecord(new AuditRecord.Actor(AuditRecord.ActorType.OPERATOR, "1", "operator"),
                    "balance.adjust", new AuditRecord.Target("account", "7"), AuditRecord.Outcome.SUCCEEDED,
                    new AuditRecord.Origin("req-" + i, "127.0.0.1"), Map.of("amount", "10.00", "password", "hunter2")).withoutSecrets();
            AuditEvent unhashed = new AuditEvent(i, "2026-11-25T09:00:00.000001Z", r, prev, null);
            String hash = AuditChain.hash(prev, unhashed.withoutHash());
            AuditEvent e = new AuditEvent(i, unhashed.at(), r, prev, hash);
            assertTrue(e.hashHolds());
            // through JSON text and back, as an exported page is read
            @SuppressWarnings("unchecked")
            Map<String, Object> parsed = (Map<String, Object>) JsonText.parse(CanonicalJson.of(e.toJson()));
            out.add(parsed);
            prev = hash;
        }
        return out;
    }

    @Test
    void secrets_never_reach_the_details() {
        AuditRecord r = new AuditRecord(AuditRecord.Actor.system(), "x", null, AuditRecord.Outcome.SUCCEEDED, null,
                Map.of("password", "p", "webhook_secret", "s", "nested", Map.of("phone_number", "+2547", "ok", 1)))
                .withoutSecrets();
        assertEquals(Map.of("nested", Map.of("ok", "1")), r.details());
    }

    @Test
    void a_whole_chain_verifies_and_its_signed_checkpoint_too() {
        List<Map<String, Object>> events = chain(5);
        AuditKeys keys = AuditKeys.fromSeed(new byte[32]);
        String hash = (String) events.get(4).get("hash");
        String signedAt = "2026-11-25T09:00:01Z";
        Map<String, Object> cp = new LinkedHashMap<>();
        cp.put("seq", new java.math.BigDecimal(5));
        cp.put("hash", hash);
        cp.put("signed_at", signedAt);
        cp.put("key_id", keys.keyId());
        cp.put("signature", keys.sign(AuditChain.checkpointMessage(5, hash, signedAt)));
        var ok = AuditVerifier.verify(Map.of("audit_events", events.reversed()), cp, keys.publicKeyBase64());
        assertTrue(ok.ok(), ok.toString());
        assertEquals(5, ok.checked());
        assertNull(ok.firstBadSeq());
        // the same seed always gives the same key
        assertEquals(keys.publicKeyBase64(), AuditKeys.fromSeed(new byte[32]).publicKeyBase64());

        cp.put("signed_at", "2026-11-25T09:00:02Z");
        assertFalse(AuditVerifier.verify(events, cp, keys.publicKeyBase64()).ok());
    }

    @Test
    void a_changed_event_or_a_removed_one_is_found_with_its_seq() {
        List<Map<String, Object>> events = chain(5);
        events.get(2).put("action", "balance.read");
        var r = AuditVerifier.verify(events, null, null);
        assertFalse(r.ok());
        assertEquals(3L, r.firstBadSeq());

        List<Map<String, Object>> gap = chain(5);
        Map<String, Object> fourth = gap.get(3);
        gap.remove(2);
        // rehash the fourth as if the third never was: its prev_hash no longer links to the second
        fourth.put("seq", new java.math.BigDecimal(3));
        Map<String, Object> without = new LinkedHashMap<>(fourth);
        without.remove("hash");
        fourth.put("hash", AuditChain.hash((String) fourth.get("prev_hash"), without));
        var g = AuditVerifier.verify(gap.subList(0, 3), null, null);
        assertFalse(g.ok());
        assertEquals(3L, g.firstBadSeq());
    }
}
