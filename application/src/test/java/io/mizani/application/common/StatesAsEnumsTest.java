package io.mizani.application.common;

import io.mizani.domain.common.Money;
import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 27: states travel as enums inside domain and application, wire strings only at the adapters
 * (docs/conventions.md). Walks every record of the domain and application modules (main classes) and fails naming
 * each {@code String} component whose name ends in {@code status}, {@code state} or {@code type} (any case): carry
 * the domain's enum ({@code PaymentStatus}, {@code RequestType}, {@code TeamStatus}...; create one where none
 * exists), parse it at the REST edge and map it in the persistence adapter. {@link #ALLOWED} names the components
 * that stay text, each with its reason; an allowed one that is typed or gone fails too.
 */
class StatesAsEnumsTest {

    private static final String FREE_TEXT = "free text: the provider's or registry's own word, passed through as sent";
    private static final String STATED = "what the merchant or beneficiary states (an open vocabulary, echoed as sent)";
    private static final String FLAT = "a field of the flat contract shape stored as sent (Team KYC jsonb sections)";
    private static final String EVENT_TYPE = "an event type is data: the events table (callbacks are its rows) keeps "
            + "it as text, with no check constraint and again inside the stored body, and its rows are listed and "
            + "redelivered as stored whatever version wrote them; EventTypes names the ones this version sends";

    /** Components that stay {@code String}, as {@code SimpleBinaryName.component}, each with its reason. */
    private static final Map<String, String> ALLOWED = Map.ofEntries(
            // provider and registry words
            Map.entry("ProviderAnswer.verificationStatus", FREE_TEXT),
            Map.entry("VerificationToken$Finding.verificationStatus", FREE_TEXT),
            Map.entry("LookupRecord$Found.verificationStatus", FREE_TEXT),
            Map.entry("VerificationToken$Finding.actorType", FREE_TEXT),
            Map.entry("LookupRecord$Found.actorType", FREE_TEXT),
            Map.entry("TierJustification.actorType", FREE_TEXT),
            Map.entry("VerificationInformation.actorType", FREE_TEXT),
            // what merchants and beneficiaries state
            Map.entry("Team$Settings.accountType", STATED),
            Map.entry("Payment$Customer.idType", STATED),
            Map.entry("Network$Channel.accountType", STATED),
            Map.entry("BeneficiaryProfile.customerType", STATED),
            Map.entry("BeneficiaryProfile$IdDocument.type", STATED),
            Map.entry("BeneficiaryProfile$Person.maritalStatus", STATED),
            Map.entry("BeneficiaryProfile$PayoutAccount.accountType", STATED),
            Map.entry("StartPaymentCommand$IdDocuments.idType", STATED),
            Map.entry("StartPaymentCommand$IdDocuments.additionalIdType", STATED),
            Map.entry("StartPaymentCommand$ProviderConfig.accountType", STATED),
            Map.entry("ScreeningService$ScreenRequest.type", STATED),
            Map.entry("AuditRecord$Target.type", "the audited target's kind as the @Audited annotation names it"),
            Map.entry("AuditTrail$Filter.targetType", "an operator's filter on that kind, matched as text"),
            // Team KYC's flat contract sections
            Map.entry("KycDetails.entityType", FLAT),
            Map.entry("AccountKyc$Statement.entityType", FLAT),
            Map.entry("ContactInformation.entityType", FLAT),
            Map.entry("ContactInformation.identificationType", FLAT),
            Map.entry("ContactInformation.secondaryIdentificationType", FLAT),
            Map.entry("ContactInformation.status", FLAT),
            Map.entry("EntityInformation.businessType", FLAT),
            Map.entry("AccountInformation.kycStatus", FLAT),
            Map.entry("AccountInformation.accountStatus", FLAT),
            Map.entry("TeamSnapshot.status", FLAT),
            // event types: data
            Map.entry("EventStore$NewEvent.type", EVENT_TYPE),
            Map.entry("StoredEvent.type", EVENT_TYPE),
            Map.entry("CallbackOutbox$NewCallback.eventType", EVENT_TYPE),
            Map.entry("CallbackOutbox$Message.eventType", EVENT_TYPE));

    @Test
    void no_record_carries_a_state_as_text() {
        List<Class<?>> classes = new ArrayList<>(TypedIdsAtPortsTest.classesBeside(Money.class, "io.mizani.domain"));
        classes.addAll(TypedIdsAtPortsTest.applicationClasses());
        List<Class<?>> records = classes.stream().filter(Class::isRecord).toList();
        assertTrue(records.size() > 100, "found only " + records.size() + " records");

        Set<String> offenders = new TreeSet<>();
        Set<String> allowedSeen = new TreeSet<>();
        for (Class<?> record : records) {
            for (RecordComponent c : record.getRecordComponents()) {
                if (c.getType() != String.class || !namesAState(c.getName())) {
                    continue;
                }
                String key = TypedIdsAtPortsTest.shortName(record) + "." + c.getName();
                if (ALLOWED.containsKey(key)) {
                    allowedSeen.add(key);
                } else {
                    offenders.add(record.getName() + "." + c.getName());
                }
            }
        }
        assertEquals(Set.of(), offenders, "states carried as String in domain/application records: carry the enum, "
                + "parse at the REST edge, map in persistence (docs/conventions.md)");
        assertEquals(new TreeSet<>(ALLOWED.keySet()), allowedSeen,
                "an allowed component is typed now or gone: drop it from ALLOWED");
    }

    static boolean namesAState(String component) {
        String n = component.toLowerCase(Locale.ROOT);
        return n.endsWith("status") || n.endsWith("state") || n.endsWith("type");
    }
}
