package io.mizani.application.payment;

import io.mizani.application.balance.OpenFunds;
import io.mizani.application.common.PhoneRegions;
import io.mizani.domain.common.Choice;
import io.mizani.domain.common.Money;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.payment.MomoSwitch;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RampType;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.payment.RetrySchedule;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The hosted checkout's switch to mobile money (docs/adr/0009-checkout-momo-switch.md): the options offered, the
 * move itself (routing, fee, sealed number, a fresh submission on the momo rail), and every refusal leaving the
 * payment as it was.
 */
class CheckoutMomoSwitchTest {

    Fakes.MutableClock clock = new Fakes.MutableClock();
    Fakes.Catalogue catalogue = new Fakes.Catalogue();
    Fakes.Store store = new Fakes.Store(clock);
    Fakes.Counterparties counterparties = new Fakes.Counterparties();
    Fakes.Outbox outbox = new Fakes.Outbox();
    StartPayment start = new StartPaymentService(catalogue, counterparties, store, RateTable.sandbox(), Fakes.DIRECT,
            clock, OpenFunds.create());
    PaymentFinaliser finaliser = new PaymentFinaliser(store, counterparties, outbox, OpenFunds.create(),
            PaymentObserver.NONE);

    /** Kenyan mobile numbers: 07xx xxx xxx, 2547xxxxxxxx or +2547xxxxxxxx. */
    PhoneRegions phones = new PhoneRegions() {
        @Override
        public Optional<String> regionOf(String dialCode, String number) {
            return Optional.empty();
        }

        @Override
        public Optional<String> regionOf(String internationalNumber) {
            return Optional.empty();
        }

        @Override
        public Optional<String> mobileNumber(String number, String country) {
            String d = number == null ? "" : number.replaceAll("[\\s+-]", "");
            d = d.startsWith("0") ? "254" + d.substring(1) : d;
            return "KE".equals(country) && d.matches("2547\\d{8}") ? Optional.of(d) : Optional.empty();
        }
    };

    CardCheckout checkout = new CardCheckoutService(store, finaliser, Fakes.DIRECT, clock, true, Duration.ofMinutes(30),
            id -> Optional.empty()).withMomo(catalogue, phones);

    /** The rails as the wiring routes them: card on the hosted checkout, momo on a scripted provider. */
    Deque<RailOutcome> momoScript = new ArrayDeque<>();
    List<String> momoCalls = new ArrayList<>();
    PaymentRail momo = new PaymentRail() {
        @Override
        public RailOutcome initiate(Payment p) {
            momoCalls.add("initiate " + p.routing().provider() + " " + p.instructions().accountNumber());
            return momoScript.pop();
        }

        @Override
        public RailOutcome query(Payment p) {
            momoCalls.add("query");
            return momoScript.pop();
        }
    };
    PaymentRail card = new PaymentRail() {
        @Override
        public RailOutcome initiate(Payment p) {
            return new RailOutcome.Submitted("card_" + p.reference().value(), Duration.ofMinutes(30));
        }

        @Override
        public RailOutcome query(Payment p) {
            return initiate(p);
        }
    };
    ProcessPayments worker = new ProcessPayments(store, p -> p.routing().rail() == Rail.CARD ? card : momo, finaliser,
            Fakes.DIRECT, clock, Duration.ofSeconds(30),
            new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), Integer.MAX_VALUE), 10, Duration.ofMinutes(15));

    record Started(Payment payment, String token) {
    }

    Started card(String ref, String amount, Set<String> providers) {
        catalogue.assigned.put(1L, providers);
        var cmd = new StartPaymentCommand(1, new StartPaymentCommand.Order(Choice.of(RequestType.PAYMENT), "card",
                "card_ke", new BigDecimal(amount), "KES", "KE", null), StartPaymentTest.inline(),
                new StartPaymentCommand.ProviderConfig("card", "card_ke", "CARD", "CARD", "card", null),
                new StartPaymentCommand.PaymentConfig(ref, "n/a", null, null, "https://m.example/cb",
                        "https://m.example/back"));
        var a = start.start(cmd);
        return new Started(a.payment(), a.checkoutToken());
    }

    Started pendingCard(String ref) {
        Started s = card(ref, "100", Set.of("card_ke", "mpesa_ke", "airtel_ke"));
        worker.runOnce(); // the card rail opens the checkout: pending until the checkout's expiry
        assertEquals(PaymentStatus.PENDING, row(s).status());
        return s;
    }

    Payment row(Started s) {
        return store.rows.get(s.payment().id());
    }

    @Test
    void the_page_offers_the_teams_momo_deposit_providers_for_the_currency_and_none_without_one() {
        Started both = card("o-both", "100", Set.of("card_ke", "mpesa_ke", "airtel_ke"));
        assertEquals(List.of(new CardCheckout.MomoOption("mpesa_ke", "MPESA"),
                new CardCheckout.MomoOption("airtel_ke", "AIRTEL")), checkout.view(both.token()).momo());
        // an inactive deposit channel is not offered
        catalogue.networks.replaceAll(n -> n.identity().provider().equals("airtel_ke") ? Fakes.net("airtel_ke", "airtel",
                Rail.MOMO, RampType.DEPOSIT, "10", "70000", "0", false, "KE", "KES") : n);
        assertEquals(List.of(new CardCheckout.MomoOption("mpesa_ke", "MPESA")), checkout.view(both.token()).momo());
        // a Team (account) with card and bank only: no momo offered
        Started cardOnly = card("o-card", "100", Set.of("card_ke", "pesalink_ke"));
        assertEquals(List.of(), checkout.view(cardOnly.token()).momo(), "a bank provider is not mobile money");
        // a Team without momo in this currency: the switch is refused, nothing changes
        var refused = checkout.payByMomo(cardOnly.token(), "mpesa_ke", "0712345655");
        assertEquals(CardCheckout.Result.MOMO_REFUSED, refused.result());
        assertEquals(CardCheckout.MOMO_NOT_OFFERED_MESSAGE, refused.message());
        assertEquals(Rail.CARD, row(cardOnly).routing().rail());
    }

    @Test
    void switch_moves_the_pending_card_payment_to_the_momo_provider_which_initiates_it_once_and_settles_it() {
        // the momo deposit channel charges a fee the card channel does not: the fee follows the rail
        catalogue.networks.replaceAll(n -> n.identity().provider().equals("mpesa_ke") && n.channel().ramp() == RampType.DEPOSIT
                ? Fakes.net("mpesa_ke", "mpesa", Rail.MOMO, RampType.DEPOSIT, "10", "150000", "5", true, "KE", "KES") : n);
        Started s = pendingCard("o-happy");
        clock.advance(Duration.ofMinutes(3));
        Instant switchedAt = clock.instant();

        var outcome = checkout.payByMomo(s.token(), "mpesa_ke", "0712 345 655");
        assertEquals(CardCheckout.Result.SWITCHED, outcome.result());
        assertNull(outcome.redirectTo(), "the payer waits on the page");
        assertTrue(outcome.page().switched());
        assertEquals("MPESA", outcome.page().momoName());
        Payment p = row(s);
        assertEquals(PaymentStatus.PENDING, p.status());
        assertEquals(Rail.MOMO, p.routing().rail());
        assertEquals("mpesa_ke", p.routing().provider());
        assertEquals("ch_mpesa_deposit", p.routing().channelId());
        assertEquals(Money.of(new BigDecimal("5"), "KES"), p.amounts().fee());
        assertEquals("254712345655", p.instructions().accountNumber());
        assertNull(p.outcome().providerReference(), "the card's reference is not the momo provider's");
        assertEquals(switchedAt, p.times().pendingSince(), "the momo pending deadline counts from the switch");
        assertEquals(s.token(), p.references().checkoutToken());
        assertEquals(switchedAt, store.nextCheck.get(p.id()), "handed to the worker now");

        // the worker's next claim initiates it on the momo rail, exactly once, and keeps the provider's reference
        momoScript.add(new RailOutcome.Submitted("SBX-1", Duration.ofSeconds(5)));
        worker.runOnce();
        assertEquals(List.of("initiate mpesa_ke 254712345655"), momoCalls);
        assertEquals("SBX-1", row(s).outcome().providerReference());
        assertEquals(PaymentStatus.PENDING, row(s).status());
        clock.advance(Duration.ofSeconds(5));
        momoScript.add(new RailOutcome.Succeeded("SBX-1"));
        worker.runOnce();
        assertEquals(List.of("initiate mpesa_ke 254712345655", "query"), momoCalls);
        assertEquals(PaymentStatus.SUCCEEDED, row(s).status());
        assertEquals(1, outbox.rows.size());
        String body = outbox.rows.values().iterator().next().body();
        assertTrue(body.contains("\"transaction_channel\":\"momo\""), body);
        assertTrue(body.contains("\"provider\":\"mpesa_ke\""), body);
        assertTrue(body.contains("\"fee\":5"), body);
        assertEquals(CardCheckout.Result.ALREADY_COMPLETED, checkout.payByMomo(s.token(), "mpesa_ke", "0712345655").result());
    }

    @Test
    void a_queued_card_payment_switches_too_and_the_worker_sends_it_on_the_momo_rail() {
        Started s = card("o-queued", "100", Set.of("card_ke", "mpesa_ke"));
        assertEquals(CardCheckout.Result.SWITCHED, checkout.payByMomo(s.token(), "mpesa_ke", "+254712345655").result());
        assertEquals(PaymentStatus.QUEUED, row(s).status());
        momoScript.add(new RailOutcome.Submitted("SBX-2", Duration.ofSeconds(5)));
        worker.runOnce();
        assertEquals(List.of("initiate mpesa_ke 254712345655"), momoCalls);
        assertEquals(PaymentStatus.PENDING, row(s).status());
        assertEquals("SBX-2", row(s).outcome().providerReference());
    }

    @Test
    void after_the_switch_card_entry_a_second_switch_and_cancel_are_refused_and_the_checkout_expiry_no_longer_applies() {
        Started s = pendingCard("o-once");
        assertEquals(CardCheckout.Result.SWITCHED, checkout.payByMomo(s.token(), "mpesa_ke", "0712345655").result());
        Payment switched = row(s);

        var second = checkout.payByMomo(s.token(), "airtel_ke", "0733000055");
        assertEquals(CardCheckout.Result.CONFLICT, second.result());
        assertEquals(MomoSwitch.ALREADY_SWITCHED, second.message());
        var cardAfter = checkout.pay(s.token(), "4242 4242 4242 4242");
        assertEquals(CardCheckout.Result.CONFLICT, cardAfter.result());
        assertEquals(MomoSwitch.CARD_CLOSED, cardAfter.message());
        var cancel = checkout.cancel(s.token());
        assertEquals(CardCheckout.Result.CONFLICT, cancel.result());
        assertEquals(MomoSwitch.CANNOT_CANCEL, cancel.message());
        assertEquals(switched, row(s), "nothing changed");
        assertTrue(outbox.rows.isEmpty());

        clock.advance(Duration.ofMinutes(31)); // past the checkout's expiry: the page does not fail it
        assertEquals(PaymentStatus.PENDING, checkout.view(s.token()).payment().status());
        assertTrue(outbox.rows.isEmpty());
    }

    @Test
    void a_bad_number_an_unknown_provider_or_an_amount_outside_the_providers_bounds_changes_nothing() {
        Started s = card("o-bad", "100000", Set.of("card_ke", "mpesa_ke", "airtel_ke"));
        Payment before = row(s);
        var bad = checkout.payByMomo(s.token(), "mpesa_ke", "12345");
        assertEquals(CardCheckout.Result.INVALID_PHONE, bad.result());
        assertEquals("That is not a mobile number in KE: enter the number of the phone that receives the prompt.",
                bad.message());
        assertEquals(CardCheckout.Result.INVALID_PHONE, checkout.payByMomo(s.token(), "mpesa_ke", null).result());
        assertEquals(CardCheckout.Result.MOMO_REFUSED, checkout.payByMomo(s.token(), "mtn_gh", "0712345655").result());
        assertEquals(CardCheckout.Result.MOMO_REFUSED, checkout.payByMomo(s.token(), null, "0712345655").result());
        // Airtel Money takes at most 70000 KES: refused with its bounds named
        var outside = checkout.payByMomo(s.token(), "airtel_ke", "0733000055");
        assertEquals(CardCheckout.Result.MOMO_REFUSED, outside.result());
        assertEquals("AIRTEL cannot take this payment: amount must be between 10 and 70000 KES.", outside.message());
        assertEquals(before, row(s), "nothing changed");
        // M-Pesa takes it
        assertEquals(CardCheckout.Result.SWITCHED, checkout.payByMomo(s.token(), "mpesa_ke", "0712345655").result());
    }

    @Test
    void an_expired_or_final_checkout_does_not_switch() {
        Started s = pendingCard("o-late");
        clock.advance(Duration.ofMinutes(30));
        var late = checkout.payByMomo(s.token(), "mpesa_ke", "0712345655");
        assertEquals(CardCheckout.Result.EXPIRED, late.result());
        assertEquals("checkout expired", row(s).outcome().failureReason());
        assertEquals(Rail.CARD, row(s).routing().rail());
        Started paid = pendingCard("o-paid");
        assertEquals(CardCheckout.Result.SUCCEEDED, checkout.pay(paid.token(), "4242424242424242").result());
        assertEquals(CardCheckout.Result.ALREADY_COMPLETED,
                checkout.payByMomo(paid.token(), "mpesa_ke", "0712345655").result());
        assertEquals(Rail.CARD, row(paid).routing().rail());
        assertEquals(2, outbox.rows.size(), "one callback each");
    }

    @Test
    void a_switch_while_a_worker_holds_the_card_payment_is_refused_until_the_lease_is_given_back() {
        Started s = pendingCard("o-busy");
        store.claimedUntil.put(s.payment().id(), clock.instant().plusSeconds(30));
        store.claimedBy.put(s.payment().id(), "w-other");
        var busy = checkout.payByMomo(s.token(), "mpesa_ke", "0712345655");
        assertEquals(CardCheckout.Result.CONFLICT, busy.result());
        assertEquals(MomoSwitch.BUSY, busy.message());
        assertEquals(Rail.CARD, row(s).routing().rail());
        store.release(s.payment().id(), "w-other");
        assertEquals(CardCheckout.Result.SWITCHED, checkout.payByMomo(s.token(), "mpesa_ke", "0712345655").result());
    }

    @Test
    void the_number_is_masked_to_its_last_four_digits() {
        assertEquals("•••• 5655", MomoSwitch.masked("254712345655"));
        assertEquals("••••", MomoSwitch.masked("12"));
    }
}
