package io.mizani.adapter.rest.screening;

import io.mizani.application.screening.ScreeningService;
import io.mizani.application.screening.ScreeningStore;
import io.mizani.domain.screening.ScreeningIndex;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The wire shapes of screening (platform.md section 20): the one place each is laid out. */
final class ScreeningDtos {

    private ScreeningDtos() {
    }

    /** A loaded list version. */
    record ScreeningList(String name, int version, String format, int entryCount, Instant loadedAt) {
        static ScreeningList of(ScreeningStore.LoadedList l) {
            return new ScreeningList(l.name(), l.version(), l.format().wire(), l.entryCount(), l.loadedAt());
        }
    }

    record ScreeningListEnvelope(ScreeningList list) {
    }

    record ScreeningLists(List<ScreeningList> lists) {
    }

    /** A listed name at or above the threshold. */
    record ScreeningHit(String list, int listVersion, String entryId, String name, String matchedName, int score) {
        static ScreeningHit of(ScreeningIndex.Hit h) {
            return new ScreeningHit(h.list(), h.listVersion(), h.entryId(), h.name(), h.matchedName(), h.score());
        }
    }

    /** A billed screen's answer. */
    record ScreenResult(String screenId, String verdict, List<ScreeningHit> hits, BigDecimal chargedAmount,
                        String chargeCurrency, String chargeStatus) {
        static ScreenResult of(ScreeningService.ScreenResult r) {
            return new ScreenResult(r.screenId(), r.verdict().wire(), r.hits().stream().map(ScreeningHit::of).toList(),
                    r.chargedAmount(), "KES", r.chargeStatus().wire());
        }
    }

    /** A case: who was screened (name, type, masked account number, beneficiary), the hits, and the decision. */
    record ScreeningCase(String id, Map<String, Object> subject, List<Map<String, Object>> hits, String status,
                         long accountId, Instant createdAt, String decidedBy, Instant decidedAt, String note) {
        static ScreeningCase of(ScreeningStore.StoredCase c) {
            ScreeningStore.Decision d = c.decision();
            return new ScreeningCase(c.id(), c.subject(), c.hits(), c.status().wire(), c.accountId(), c.createdAt(),
                    d == null ? null : d.decidedBy(), d == null ? null : d.decidedAt(), d == null ? null : d.note());
        }
    }

    record ScreeningCases(List<ScreeningCase> cases) {
    }

    record ScreeningCaseEnvelope(@com.fasterxml.jackson.annotation.JsonProperty("case") ScreeningCase screeningCase) {
    }

    /** The body of a decision. */
    record DecisionBody(@Schema(required = true) String decision,
                        @Schema(required = true) String note) {
    }
}
