package io.mizani.domain.teamkyc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.RecordComponent;
import org.junit.jupiter.api.Test;

/**
 * The field-by-field merges of the submission's sections (contact, entity, uploads) keep each value in its own
 * field: every text is the name of its field, so two same-typed fields swapped in a merge fail here.
 */
class SectionMergeTest {

    static UploadInformation uploads(String suffix) {
        return new UploadInformation("identificationFrontDocument" + suffix, "identificationBackDocument" + suffix,
                "secondaryIdentificationFrontDocument" + suffix, "secondaryIdentificationBackDocument" + suffix,
                "selfieImage" + suffix, "taxDocument" + suffix, "proofOfAddressDocument" + suffix,
                "entityCertificateDocument" + suffix, "entityShareholdingDocument" + suffix);
    }

    static ContactInformation contact(String suffix) {
        return new ContactInformation("firstName" + suffix, "lastName" + suffix, "surname" + suffix,
                "entityType" + suffix, suffix.isEmpty() ? 11L : 111L, "identificationType" + suffix,
                suffix.isEmpty() ? 22L : 222L,
                "secondaryIdentificationType" + suffix, "status" + suffix, "phoneNumber" + suffix, uploads(suffix));
    }

    static EntityInformation entity(String suffix) {
        return new EntityInformation("entityName" + suffix, "entityDirectors" + suffix, "natureOfBusiness" + suffix,
                "businessType" + suffix, "entityAddress" + suffix, suffix.isEmpty() ? 33L : 333L,
                suffix.isEmpty() ? 44L : 444L, uploads(suffix));
    }

    /** Every text component (and those of nested sections) holds its own name followed by {@code suffix}. */
    static void assertNamed(Record section, String suffix) throws ReflectiveOperationException {
        for (RecordComponent c : section.getClass().getRecordComponents()) {
            Object value = c.getAccessor().invoke(section);
            if (value instanceof String text) {
                assertEquals(c.getName() + suffix, text, section.getClass().getSimpleName() + "." + c.getName());
            } else if (value instanceof Record nested) {
                assertNamed(nested, suffix);
            }
        }
    }

    @Test
    void a_merge_with_nothing_keeps_every_field_where_it_was() throws ReflectiveOperationException {
        var emptyUploads = new UploadInformation(null, null, null, null, null, null, null, null, null);
        assertNamed(contact("").merge(new ContactInformation(null, null, null, null, null, null, null, null, null,
                null, emptyUploads)), "");
        assertNamed(entity("").merge(new EntityInformation(null, null, null, null, null, null, null, emptyUploads)),
                "");
        assertNamed(uploads("").merge(emptyUploads), "");
    }

    @Test
    void a_merge_of_everything_puts_each_new_value_in_its_own_field() throws ReflectiveOperationException {
        ContactInformation c = contact("").merge(contact("'"));
        assertNamed(c, "'");
        assertEquals(111L, c.identificationNumber());
        assertEquals(222L, c.secondaryIdentificationNumber());
        EntityInformation e = entity("").merge(entity("'"));
        assertNamed(e, "'");
        assertEquals(333L, e.taxDocumentNumber());
        assertEquals(444L, e.entityCertificateNumber());
    }
}
