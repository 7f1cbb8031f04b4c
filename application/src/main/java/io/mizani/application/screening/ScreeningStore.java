package io.mizani.application.screening;

import io.mizani.domain.billing.ChargeStatus;
import io.mizani.domain.screening.CaseStatus;
import io.mizani.domain.screening.EntryType;
import io.mizani.domain.screening.ListEntry;
import io.mizani.domain.screening.ListFormat;
import io.mizani.domain.screening.ListId;
import io.mizani.domain.screening.ScreeningIndex;

import io.mizani.domain.common.Money;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Where screening lists, cases and billed screens are kept (platform.md section 20). Every method joins the caller's transaction. */
public interface ScreeningStore {

    /** One loaded version of a list. */
    record LoadedList(long id, String name, int version, ListFormat format, int entryCount, Instant loadedAt) {
    }

    /**
     * Stores {@code entries} as the next version of list {@code name} (one more than the highest, counted under a lock
     * per name, so two replicas loading at once get two versions), its look-back pending.
     */
    LoadedList insertVersion(String name, ListFormat format, List<ListEntry> entries, Instant now);

    /** The newest version of every list, by name. */
    List<LoadedList> current();

    /** A number that changes whenever a version is loaded (the in-memory index is rebuilt when it does). */
    long fingerprint();

    List<ListEntry> entries(long listId);

    /** The version loaded before {@code list} under the same name, if any. */
    Optional<LoadedList> previous(LoadedList list);

    /** A version whose look-back is not finished, locked for this transaction (skipping one another replica holds). */
    Optional<Lookback> claimLookback();

    /** A version's look-back: which list, and the last beneficiary id it has screened. */
    record Lookback(LoadedList list, long afterBeneficiaryId) {
    }

    void lookbackProgress(ListId listId, long afterBeneficiaryId, boolean done, Instant now);

    /** A beneficiary as look-back screens it (identifiers opened only to form the subject key). */
    record ScreenedBeneficiary(long id, java.util.UUID uuid, long accountId, String fullName, EntryType type,
                               Integer birthYear, String country, String accountNumber) {

        /** A beneficiary as screened: its names, its type, its birth year, and its account number (else phone). */
        public static ScreenedBeneficiary of(io.mizani.domain.beneficiary.Beneficiary b) {
            var p = b.profile();
            String account = p.payoutAccount().accountNumber() != null ? p.payoutAccount().accountNumber()
                    : p.contact().phone();
            return new ScreenedBeneficiary(b.id(), b.uuid(), b.accountId().value(), fullName(p.person().firstName(),
                    p.person().surname(), p.person().lastName()), typeOf(p.customerType()),
                    p.person().dateOfBirth() == null ? null : p.person().dateOfBirth().getYear(), p.contact().country(),
                    account);
        }

        /** A beneficiary's full name as screened: first, middle (the surname field) and last names. */
        public static String fullName(String first, String middle, String last) {
            StringBuilder b = new StringBuilder();
            for (String part : new String[] {first, middle, last}) {
                if (part != null && !part.isBlank()) {
                    b.append(b.isEmpty() ? "" : " ").append(part.strip());
                }
            }
            return b.toString();
        }

        /** {@code institution} beneficiaries are organizations; every other one a person. */
        public static EntryType typeOf(String customerType) {
            return "institution".equalsIgnoreCase(customerType) ? EntryType.ORGANIZATION : EntryType.PERSON;
        }
    }

    /** Live beneficiaries of every merchant with an id above {@code afterId}, by id. */
    List<ScreenedBeneficiary> beneficiariesAfter(long afterId, int limit);

    /** A case as stored. */
    record StoredCase(String id, long accountId, String subjectKey, Map<String, Object> subject,
                      List<Map<String, Object>> hits, CaseStatus status, Instant createdAt, Decision decision) {
    }

    /** Who decided a case, when, and why (null while open). */
    record Decision(String decidedBy, Instant decidedAt, String note) {
    }

    /** A new open case for the subject, or empty when one is already open for it (the open one stands). */
    Optional<StoredCase> openCase(StoredCase draft);

    /** The statuses of every case of the subject at this merchant. */
    List<CaseStatus> statusesOf(long accountId, String subjectKey);

    List<StoredCase> cases(CaseStatus status, int limit);

    /** The case locked for a decision. */
    Optional<StoredCase> lockCase(String id);

    void decide(String id, CaseStatus status, Decision decision);

    /** A billed screen as recorded. */
    record StoredScreen(String screenId, long accountId, String verdict, List<Map<String, Object>> hits,
                        Money chargedAmount, ChargeStatus chargeStatus, String chargeReference, Instant createdAt) {
    }

    void insertScreen(StoredScreen screen);

    /** Sources of the current versions for the index. */
    default List<ScreeningIndex.Source> currentSources() {
        return current().stream()
                .map(l -> new ScreeningIndex.Source(l.name(), l.version(), entries(l.id())))
                .toList();
    }
}
