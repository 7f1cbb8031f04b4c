package io.mizani.domain.payment;

import io.mizani.domain.payout.PayeeCheck;

import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;
import java.util.UUID;

/**
 * A payment as stored, in named parts: its {@link References}, its {@link Routing} (direction, rail, provider,
 * network, channel), its {@link Amounts} (money with its currency), the {@link Beneficiary} it was made for (null
 * when inline), the {@link Customer} as this payment used it, the merchant's {@link Instructions}, where it stands
 * ({@link Outcome}) and when things happened ({@link Timestamps}). Every part has its own type, so no two parts can
 * trade places. Built by its steps, never by position: {@link #accepted} before the store assigns an id,
 * {@link #stored} with that id, {@link #progressed} for what the worker and the store moved since.
 */
public record Payment(
        long id,
        AccountId accountId,
        References references,
        Routing routing,
        Amounts amounts,
        Beneficiary beneficiary,
        Customer customer,
        Instructions instructions,
        Outcome outcome,
        Timestamps times) {

    /**
     * The service's {@code reference}, the merchant's {@code merchantReference} (payment_config.reference, unique
     * per account) and, for a card payment, the hosted checkout's token (null otherwise).
     */
    public record References(PaymentReference reference, String merchantReference, String checkoutToken) {

        public References {
            Objects.requireNonNull(reference, "reference");
            Objects.requireNonNull(merchantReference, "merchantReference");
        }
    }

    /** Which way the money goes ({@code requestType}) and over what: country, rail, provider, network, channel. */
    public record Routing(RequestType requestType, String country, Rail rail, String provider, String networkId,
                          String channelId) {

        public Routing {
            Objects.requireNonNull(requestType, "requestType");
            Objects.requireNonNull(rail, "rail");
            Objects.requireNonNull(provider, "provider");
        }
    }

    /**
     * The amount in the payment's currency, its USD value (rounded to cents) and the network's fee in the payment's
     * currency. A USD value or a fee in another currency is refused, so the three cannot be swapped unnoticed.
     */
    public record Amounts(Money amount, Money amountUsd, Money fee) {

        public static final String USD = "USD";

        public Amounts {
            Objects.requireNonNull(amount, "amount");
            Objects.requireNonNull(amountUsd, "amountUsd");
            Objects.requireNonNull(fee, "fee");
            if (!USD.equals(amountUsd.currency())) {
                throw new IllegalArgumentException("amountUsd must be in USD, not " + amountUsd.currency());
            }
            if (!fee.currency().equals(amount.currency())) {
                throw new IllegalArgumentException("fee in " + fee.currency() + " for an amount in "
                        + amount.currency());
            }
        }

        /** The payment's currency (ISO 4217). */
        public String currency() {
            return amount.currency();
        }
    }

    /**
     * The beneficiary a payment was made for: its id, its public uuid, and what was counted toward its tier-0
     * lifetime total at acceptance ({@code tier0Counted}, USD; null when nothing was), released if the payment fails.
     */
    public record Beneficiary(long id, UUID uuid, Money tier0Counted) {

        public Beneficiary {
            if (tier0Counted != null && !Amounts.USD.equals(tier0Counted.currency())) {
                throw new IllegalArgumentException("tier0Counted must be in USD, not " + tier0Counted.currency());
            }
        }
    }

    /** The owner of the funds as this payment used it (beneficiary values with the request's overrides). */
    public record Customer(String firstName, String lastName, String email, String phone, LocalDate dob,
                           String country, String idType, String idNumber) {

        /** "first last", trimmed; empty when neither is known. */
        public String fullName() {
            String first = firstName == null ? "" : firstName;
            String last = lastName == null ? "" : lastName;
            return (first + " " + last).trim();
        }
    }

    /**
     * What the merchant asked besides the money: the customer's account on the network, where to call back and
     * where to send the payer afterwards, the free texts ({@code remark}, {@code paymentCategory}), the reason and,
     * for a withdrawal sent with {@code payment_config.payee_check}, what that check found (null when it was off).
     */
    public record Instructions(String accountNumber, String callbackUrl, String redirectUrl, String remark,
                               String paymentCategory, String reason, PayeeCheck payeeCheck) {

        /** Without a payee check ({@code payment_config.payee_check} off). */
        public Instructions(String accountNumber, String callbackUrl, String redirectUrl, String remark,
                            String paymentCategory, String reason) {
            this(accountNumber, callbackUrl, redirectUrl, remark, paymentCategory, reason, null);
        }

        /** The same instructions carrying what the payee check found. */
        public Instructions withPayeeCheck(PayeeCheck check) {
            return new Instructions(accountNumber, callbackUrl, redirectUrl, remark, paymentCategory, reason, check);
        }
    }

    /**
     * Where the payment stands: its status, why it failed (null unless failed), the provider's reference once known
     * and how many times a worker has looked at it.
     */
    public record Outcome(PaymentStatus status, String failureReason, String providerReference, int checks) {

        public static final Outcome QUEUED = new Outcome(PaymentStatus.QUEUED, null, null, 0);

        public Outcome {
            Objects.requireNonNull(status, "status");
        }
    }

    /** When it was created and last updated, since when it has been pending, when it completed (null until then). */
    public record Timestamps(Instant createdAt, Instant updatedAt, Instant pendingSince, Instant completedAt) {

        public static Timestamps created(Instant now) {
            return new Timestamps(now, now, null, null);
        }
    }

    public Payment {
        Objects.requireNonNull(accountId, "accountId");
        Objects.requireNonNull(references, "references");
        Objects.requireNonNull(routing, "routing");
        Objects.requireNonNull(amounts, "amounts");
        Objects.requireNonNull(customer, "customer");
        Objects.requireNonNull(instructions, "instructions");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(times, "times");
    }

    /** Step 1: accepted at {@code now}, {@code queued}, not stored yet (id 0). */
    public static Payment accepted(AccountId accountId, References references, Routing routing, Amounts amounts,
                                   Beneficiary beneficiary, Customer customer, Instructions instructions,
                                   Instant now) {
        return new Payment(0, accountId, references, routing, amounts, beneficiary, customer, instructions,
                Outcome.QUEUED, Timestamps.created(now));
    }

    /** Step 2: as stored under the store's {@code id}. */
    public Payment stored(long storeId) {
        return new Payment(storeId, accountId, references, routing, amounts, beneficiary, customer, instructions,
                outcome, times);
    }

    /** Later steps: where it stands now and when that happened; everything that was accepted stays. */
    public Payment progressed(Outcome now, Timestamps at) {
        return new Payment(id, accountId, references, routing, amounts, beneficiary, customer, instructions, now, at);
    }

    /**
     * The payment as a hosted checkout's switch to mobile money leaves it ({@link MomoSwitch}) at {@code now}: the
     * switch's routing and fee, the payer's number as payment_config.account_number, no provider reference yet, and
     * pending again from {@code now} when it was pending. Reference, amounts, customer and checkout stay.
     */
    public Payment switchedTo(MomoSwitch change, Instant now) {
        Instructions in = instructions;
        return new Payment(id, accountId, references, change.routing(),
                new Amounts(amounts.amount(), amounts.amountUsd(), change.fee()), beneficiary, customer,
                new Instructions(change.payerNumber(), in.callbackUrl(), in.redirectUrl(), in.remark(),
                        in.paymentCategory(), in.reason(), in.payeeCheck()),
                new Outcome(outcome.status(), outcome.failureReason(), null, outcome.checks()),
                new Timestamps(times.createdAt(), now,
                        outcome.status() == PaymentStatus.PENDING ? now : times.pendingSince(), times.completedAt()));
    }

    /** Shorthands for the parts read everywhere. */
    public PaymentStatus status() {
        return outcome.status();
    }

    public PaymentReference reference() {
        return references.reference();
    }
}
