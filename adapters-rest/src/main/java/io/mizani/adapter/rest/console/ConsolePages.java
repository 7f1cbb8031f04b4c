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

    /** A link: where and what it says. */
    @TemplateData
    public record Link(String href, String text) {
    }

    // ---------------------------------------------------------------- merchants and Teams

    /** One merchant of the merchants page. */
    @TemplateData
    public record MerchantRow(long id, String name, int kycTier, int teams, When created) {
    }

    /** The merchants page: the name searched for, a page of merchants, the next page's link (null: none). */
    @TemplateData
    public record Merchants(String name, List<MerchantRow> rows, String next) {
    }

    /** One Team of the Teams page. */
    @TemplateData
    public record TeamRow(long id, String name, long merchant, String status, String currency, int kycTier,
                          String wallet) {
    }

    /** The Teams page: the filters as chosen, a page of Teams, the next page's link (null: none). */
    @TemplateData
    public record Teams(String merchant, List<Option> statuses, List<TeamRow> rows, String next) {
    }

    /** A Team's profile. */
    @TemplateData
    public record TeamProfile(long id, String name, long merchant, String status, int kycTier, String currency,
                              When created) {
    }

    /** How to reach a Team and its service wallet's balance. */
    @TemplateData
    public record TeamContact(String email, String phone, String wallet) {
    }

    /** One payment balance of a Team. */
    @TemplateData
    public record BalanceRow(String currency, String available, String reserved, String incoming) {
    }

    /** One API credential of a Team (usernames only: secrets are stored as hashes). */
    @TemplateData
    public record CredentialRow(String username, When issued, When revoked) {
    }

    /** A credential just issued: its password is shown this once. */
    @TemplateData
    public record NewCredential(String username, String password) {
    }

    /** A Team's page; {@code live}: an active Team, which may be issued credentials. */
    @TemplateData
    public record TeamPage(TeamProfile profile, TeamContact contact, List<BalanceRow> balances, List<String> providers,
                           List<CredentialRow> credentials, boolean live, NewCredential secret) {
    }

    // ---------------------------------------------------------------- payments, refunds, events

    /** The Team a page is about. */
    @TemplateData
    public record TeamRef(long id, String name) {
    }

    /** How a payment ended: its refunded amount linked to its refunds (null: none), its failure and creation. */
    @TemplateData
    public record PaymentOutcome(Link refunded, String failureReason, String created) {
    }

    /** One payment of a Team's payments page. */
    @TemplateData
    public record PaymentRow(String reference, Link payment, String type, String provider, String status,
                             String amount, PaymentOutcome outcome) {
    }

    /** The payments page's filters as chosen. */
    @TemplateData
    public record PaymentFilter(List<Option> statuses, List<Option> types, String provider, String from, String to) {
    }

    /** A Team's payments page. */
    @TemplateData
    public record Payments(TeamRef team, PaymentFilter filter, List<PaymentRow> rows, String next) {
    }

    /** When a refund was asked and finished. */
    @TemplateData
    public record Span(When created, When completed) {
    }

    /** One refund of a Team's refunds page, with its collection. */
    @TemplateData
    public record RefundRow(String reference, Link collection, String amount, String status, String failureReason,
                            String providerReference, Span times) {
    }

    /** A Team's (or one collection's) refunds page. */
    @TemplateData
    public record Refunds(TeamRef team, String merchantReference, List<RefundRow> rows, String next) {
    }

    /** One event of a Team's events page. */
    @TemplateData
    public record EventRow(Link event, String type, When created, String delivery, String attempts,
                           String lastAnswer) {
    }

    /** A Team's events page. */
    @TemplateData
    public record Events(TeamRef team, List<Option> types, List<EventRow> rows, String next) {
    }

    /** An event and how its delivery stands. */
    @TemplateData
    public record EventInfo(String id, String type, When created, String delivery, String url, String attempts,
                            When nextAttempt) {
    }

    /** One delivery attempt of an event. */
    @TemplateData
    public record AttemptRow(When at, String answer, String error, long durationMs) {
    }

    /** An event's page: {@code redeliver} is the Redeliver form's action. */
    @TemplateData
    public record EventPage(TeamRef team, EventInfo event, String redeliver, String data, List<AttemptRow> attempts) {
    }
}
