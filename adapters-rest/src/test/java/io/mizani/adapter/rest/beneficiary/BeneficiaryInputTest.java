package io.mizani.adapter.rest.beneficiary;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.domain.beneficiary.Field;
import io.mizani.domain.error.DomainError;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BeneficiaryInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static BeneficiaryInput.Parsed parse(String json) throws Exception {
        return BeneficiaryInput.parse(JSON.readTree(json));
    }

    @Test
    void read_only_and_unknown_fields_are_ignored() throws Exception {
        var p = parse("{\"id\":1,\"uuid\":\"x\",\"kyc_level\":\"full\",\"tier_0_lifetime_usd\":5,\"kyc\":{},"
                + "\"created_at\":\"2020-01-01\",\"whatever\":[1],\"email\":\"a@b.co\"}");
        assertEquals(1, p.fields().size());
        assertEquals("a@b.co", p.fields().get(Field.EMAIL));
        assertNull(p.active());
    }

    @Test
    void numbers_become_text_and_null_clears() throws Exception {
        var p = parse("{\"id_number\":12345678901,\"phone\":254712345678,\"address\":null}");
        assertEquals("12345678901", p.fields().get(Field.ID_NUMBER));
        assertEquals("254712345678", p.fields().get(Field.PHONE));
        assertTrue(p.fields().containsKey(Field.ADDRESS));
        assertNull(p.fields().get(Field.ADDRESS));
    }

    @Test
    void output_names_are_aliases_and_input_names_win() throws Exception {
        var p = parse("{\"phone_number\":\"+254700000001\",\"national_id\":\"N1\"}");
        assertEquals("+254700000001", p.fields().get(Field.PHONE));
        assertEquals("N1", p.fields().get(Field.ID_NUMBER));
        var q = parse("{\"phone_number\":\"+254700000001\",\"phone\":\"+254700000002\"}");
        assertEquals("+254700000002", q.fields().get(Field.PHONE));
    }

    @Test
    void is_active_is_a_boolean() throws Exception {
        assertFalse(parse("{\"is_active\":false}").active());
        assertTrue(parse("{\"is_active\":\"true\"}").active());
        var e = assertThrows(DomainError.class, () -> parse("{\"is_active\":\"maybe\"}"));
        assertEquals(List.of("is_active"), e.details().get("invalid_arguments"));
    }

    @Test
    void objects_arrays_and_booleans_are_refused_for_text_fields() {
        var e = assertThrows(DomainError.class, () -> parse("{\"email\":{\"a\":1},\"name\":[\"x\"],\"phone\":true}"));
        assertEquals(List.of("email", "name", "phone"), e.details().get("invalid_arguments"));
    }

    @Test
    void a_non_object_body_is_refused() {
        assertThrows(DomainError.class, () -> parse("[1]"));
        assertThrows(DomainError.class, () -> BeneficiaryInput.parse(null));
    }
}
