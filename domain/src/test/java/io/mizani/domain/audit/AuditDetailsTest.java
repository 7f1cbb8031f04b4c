package io.mizani.domain.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** What an audit event's details keep: never a secret, never a nesting the stored text cannot be read back from. */
class AuditDetailsTest {

    @Test
    void a_hostile_body_nested_five_hundred_deep_is_cut_and_the_stored_text_reads_back() {
        Object nested = "x";
        for (int i = 0; i < 500; i++) {
            List<Object> wrap = new ArrayList<>();
            wrap.add(nested);
            nested = wrap;
        }
        Map<String, Object> kept = AuditDetails.withoutSecrets(Map.of("last_name", nested));
        String stored = CanonicalJson.of(kept);
        Object read = JsonText.parse(stored);
        assertEquals(stored, CanonicalJson.of(read));
        assertEquals(AuditDetails.TOO_DEEP, deepest(kept.get("last_name")));
    }

    @Test
    void shallow_details_are_kept_whole_and_secrets_dropped_at_any_depth() {
        Map<String, Object> kept = AuditDetails.withoutSecrets(Map.of("role", "approver",
                "payee", Map.of("name", "Ada", "account_number", "0123456789", "bank", List.of("044", 7))));
        assertEquals(Map.of("role", "approver", "payee", Map.of("name", "Ada", "bank", List.of("044", "7"))), kept);
        assertFalse(CanonicalJson.of(kept).contains("0123456789"));
    }

    private static Object deepest(Object v) {
        Object at = v;
        while (at instanceof List<?> l) {
            at = l.get(0);
        }
        return at;
    }
}
