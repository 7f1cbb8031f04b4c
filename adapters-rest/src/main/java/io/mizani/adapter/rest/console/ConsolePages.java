package io.mizani.adapter.rest.console;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.quarkus.qute.TemplateData;

/**
 * What the templates of {@link ConsoleResource}'s pages ({@code templates/ConsoleResource/*.html}) show: plain values,
 * identifiers already masked, so a template only lays them out and Qute escapes every one of them.
 */
public final class ConsolePages {

    private ConsolePages() {
    }

    /** A moment as the console writes it: {@code <time datetime="iso">at</time>} (the {@code time} tag). */
    @TemplateData
    public record When(Instant instant) {

        public String at() {
            return ConsoleViews.time(instant);
        }

        public String iso() {
            return instant == null ? "" : instant.toString();
        }

        static When of(Instant instant) {
            return instant == null ? null : new When(instant);
        }
    }

    /** One {@code <option>} of a select. */
    @TemplateData
    public record Option(String value, String label, boolean selected) {

        /** Options from value/label pairs, {@code current} selected (none: the first, empty value). */
        static List<Option> of(String current, String... pairs) {
            List<Option> out = new ArrayList<>();
            for (int i = 0; i < pairs.length; i += 2) {
                out.add(new Option(pairs[i], pairs[i + 1], pairs[i].equals(current == null ? "" : current)));
            }
            return out;
        }
    }

    // ---------------------------------------------------------------- Team KYC

    /** One submission of the review queue. */
    @TemplateData
    public record QueueRow(long id, long accountId, String status, String tier, String upgrade, When submitted) {
    }

    /** The review queue: its filters as chosen and the submissions. */
    @TemplateData
    public record KycQueue(List<Option> statuses, List<Option> upgrades, String account, List<QueueRow> rows) {
    }

    /** A submission's summary. */
    @TemplateData
    public record KycSummary(long id, long accountId, String status, String tier, String upgrade, When submitted,
                             When updated) {
    }

    /** One verification token of a submission: {@code counts} when it verified. */
    @TemplateData
    public record TokenRow(boolean counts, String verdict, String slot, String check, String identifier, String name,
                           String source) {
    }

    /** What the tokens prove: the tier asked for, the tier they justify, the tokens (the failed ones first). */
    @TemplateData
    public record Verdicts(boolean overAsked, String asked, int justified, String flags, List<TokenRow> tokens) {
    }

    /** The decision form: the decision and tier as chosen, the note as typed, the refusal (null: none). */
    @TemplateData
    public record ReviewForm(List<Option> decisions, List<Option> tiers, String notes, String error,
                             String errorField) {
    }

    /** One document of a submission and its preview, or why there is none. */
    @TemplateData
    public record DocumentRow(int number, String kind, String href, String type, String size, String refusal,
                              boolean image) {

        public String label() {
            return "Document " + number + ": " + kind;
        }
    }

    /** One decision recorded on a submission. */
    @TemplateData
    public record HistoryRow(String at, String operator, String of, String decision, String tier, String notes,
                             String outcome) {
    }

    /** A submission's review page. */
    @TemplateData
    public record KycReview(KycSummary summary, Verdicts verdicts, ReviewForm form, boolean upgradePending,
                            List<DocumentRow> documents, List<HistoryRow> history, String details) {
    }
}
