package io.mizani.application.payment;

import io.mizani.application.beneficiary.Counterparty;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.PaymentStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.*;

class StartPaymentTest {

    static final long ACCOUNT = 7;
    Fakes.MutableClock clock = new Fakes.MutableClock();
    Fakes.Catalogue catalogue = new Fakes.Catalogue();
    Fakes.Store store = new Fakes.Store(clock);
    Fakes.Counterparties counterparties = new Fakes.Counterparties();
    StartPayment start = new StartPayment(catalogue, counterparties, store, RateTable.sandbox(), Fakes.DIRECT, clock);
    UUID tier0 = UUID.randomUUID();
    UUID full = UUID.randomUUID();
    UUID inactive = UUID.randomUUID();

    @BeforeEach
    void setUp() {
        catalogue.assigned.put(ACCOUNT, Set.of("mpesa_ke", "airtel_ke", "pesalink_ke", "card_ke"));
        counterparties.book.put(tier0, cp(1, tier0, "tier_0", true, null));
        counterparties.book.put(full, cp(2, full, "full", true, OffsetDateTime.parse("1990-01-01T00:00:00Z")));
        counterparties.book.put(inactive, cp(3, inactive, "full", false, null));
    }

    static Counterparty cp(long id, UUID uuid, String level, boolean active, OffsetDateTime dob) {
        var profile = new BeneficiaryProfile(
                new BeneficiaryProfile.Person("Ada", "Obi", null, dob, null, null),
                new BeneficiaryProfile.Contact("ada@example.com", "+254700000123", "KE", null),
                new BeneficiaryProfile.Identification(new BeneficiaryProfile.IdDocument(null, null),
                        new BeneficiaryProfile.IdDocument(null, null)),
                new BeneficiaryProfile.PayoutAccount(null, "+254700000123", "momo"), null,
                BeneficiaryProfile.RETAIL);
        return new Counterparty(id, uuid, profile, io.mizani.domain.beneficiary.KycLevel.fromWire(level).orElseThrow(),
                active);
    }

    static StartPaymentCommand.Customer inline() {
        return new StartPaymentCommand.Customer(null, null, "Ada", "Obi", "ada@example.com", "+254700000123", null,
                "KE", null, null, null, null, null, null);
    }

    static StartPaymentCommand.Customer byRef(UUID uuid) {
        return new StartPaymentCommand.Customer(uuid.toString(), null, null, null, null, null, null, null, null, null,
                null, null, null, null);
    }

    StartPaymentCommand cmd(String type, String channel, String provider, String network, String code, String amount,
                            StartPaymentCommand.Customer customer, String accountNumber, String redirect) {
        return new StartPaymentCommand(ACCOUNT, type, channel, provider, amount == null ? null : new BigDecimal(amount),
                "KES", "KE", null, customer,
                new StartPaymentCommand.ProviderConfig(network, provider, network.toUpperCase(), code, channel, null),
                new StartPaymentCommand.PaymentConfig("ref-" + UUID.randomUUID(), accountNumber, "r", "c",
                        "https://merchant.example/cb", redirect));
    }

    StartPaymentCommand momo(String amount, StartPaymentCommand.Customer customer) {
        return cmd("payment", "momo", "mpesa_ke", "mpesa", "MPESA", amount, customer, "+254700000123", null);
    }

    static DomainError refused(Executable e) {
        return assertThrows(DomainError.class, e);
    }

    @Test
    void inline_customer_missing_fields_are_all_listed() {
        var c = new StartPaymentCommand.Customer(null, null, "Ada", null, "not-an-email", null, null, null, null, null,
                null, null, null, null);
        DomainError e = refused(() -> momo("100", c));
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, e.kind());
        @SuppressWarnings("unchecked")
        var list = (List<String>) e.details().get("invalid_arguments");
        assertEquals(List.of("last_name", "phone", "email"), list);
        assertEquals("invalid request: customer.last_name is required; customer.phone is required; "
                + "customer.email must be a valid email address", e.getMessage());
    }

    @Test
    void unknown_beneficiary_is_404_with_exact_message() {
        UUID u = UUID.randomUUID();
        DomainError e = refused(() -> start.start(momo("100", byRef(u))));
        assertEquals(DomainError.Kind.NOT_FOUND, e.kind());
        assertEquals("not_found", e.code());
        assertEquals("beneficiary \"" + u + "\" does not exist", e.getMessage());
    }

    @Test
    void legacy_customer_uid_alias_is_honoured() {
        var c = new StartPaymentCommand.Customer(null, tier0.toString(), null, null, null, null, null, null, null,
                null, null, null, null, null);
        var accepted = start.start(momo("100", c));
        assertEquals(tier0, accepted.payment().beneficiaryUuid());
    }

    @Test
    void inactive_beneficiary_is_refused() {
        assertEquals("beneficiary is not active", refused(() -> start.start(momo("100", byRef(inactive)))).getMessage());
    }

    @Test
    void beneficiary_lookup_comes_before_provider_checks() {
        UUID u = UUID.randomUUID();
        var c = cmd("payment", "momo", "nope", "x", "X", "1", byRef(u), null, null);
        assertEquals(DomainError.Kind.NOT_FOUND, refused(() -> start.start(c)).kind());
    }

    @Test
    void unassigned_provider_and_unknown_network_are_400() {
        catalogue.assigned.put(ACCOUNT, Set.of("mpesa_ke"));
        assertEquals("provider \"airtel_ke\" is not available on this account", refused(() -> start.start(
                cmd("payment", "momo", "airtel_ke", "airtel", "AIRTEL", "100", inline(), "254700000123", null))).getMessage());
        assertEquals("unknown network \"zzz\" for provider \"mpesa_ke\"", refused(() -> start.start(
                cmd("payment", "momo", "mpesa_ke", "zzz", "MPESA", "100", inline(), "254700000123", null))).getMessage());
    }

    @Test
    void inactive_channel_is_refused_with_exact_message() {
        DomainError e = refused(() -> start.start(
                cmd("withdrawal", "momo", "airtel_ke", "airtel", "AIRTEL", "100", inline(), "254700000123", null)));
        assertEquals("The passed channel is not active", e.getMessage());
        assertEquals("invalid_argument", e.code());
    }

    @Test
    void card_without_redirect_url_is_refused() {
        assertEquals("redirect_url is required for card payments", refused(() -> start.start(
                cmd("payment", "card", "card_ke", "card", "CARD", "100", inline(), "4242", null))).getMessage());
    }

    @Test
    void bank_needs_dob_inline_or_from_beneficiary() {
        assertEquals("customer.dob is required for bank payments", refused(() -> start.start(
                cmd("payment", "bank", "pesalink_ke", "pesalink", "PESALINK", "1000", inline(), "12345678", null)))
                .getMessage());
        var accepted = start.start(cmd("payment", "bank", "pesalink_ke", "pesalink", "PESALINK", "1000", byRef(full),
                "12345678", null));
        assertNotNull(accepted.bankInfo());
        assertNotNull(accepted.manualPayment());
    }

    @Test
    void rail_requirements_come_before_amount() {
        assertEquals("redirect_url is required for card payments", refused(() -> start.start(
                cmd("payment", "card", "card_ke", "card", "CARD", "1.001", inline(), "4242", null))).getMessage());
    }

    @Test
    void amount_rules_in_order() {
        assertEquals("amount must have at most two decimal places", refused(() -> start.start(momo("100.123", inline()))).getMessage());
        assertEquals("amount must be between 10 and 150000 KES", refused(() -> start.start(momo("5", inline()))).getMessage());
        assertEquals("the transaction amount is insufficient as it wont cater for cost: (15)", refused(() -> start.start(
                cmd("withdrawal", "momo", "mpesa_ke", "mpesa", "MPESA", "15", inline(), "254700000123", null))).getMessage());
    }

    @Test
    void beneficiary_supplies_account_number_and_fields_override_for_this_payment_only() {
        var c = new StartPaymentCommand.Customer(tier0.toString(), null, "Override", null, null, null, null, null,
                null, null, null, null, null, null);
        var accepted = start.start(momo("100", c));
        assertEquals("+254700000123", accepted.payment().accountNumber());
        assertEquals("Override", accepted.payment().customer().firstName());
        assertEquals("Obi", accepted.payment().customer().lastName());
        assertEquals("Ada", counterparties.book.get(tier0).firstName());
    }

    @Test
    void tier0_counts_and_refuses_over_the_envelope_while_full_bypasses() {
        // 20 USD = 2580 KES: the per-transaction ceiling
        assertEquals("full KYC information is required for the transaction",
                refused(() -> start.start(momo("2580", byRef(tier0)))).getMessage());
        var ok = start.start(momo("1290", byRef(tier0)));
        assertEquals(new BigDecimal("10.00"), ok.payment().tier0CountedUsd());
        assertEquals(new BigDecimal("10.00"), counterparties.lifetime.get(1L));
        var fullOk = start.start(momo("100000", byRef(full)));
        assertNull(fullOk.payment().tier0CountedUsd());
        assertNull(counterparties.lifetime.get(2L));
    }

    @Test
    void acceptance_carries_every_field_and_queues_the_payment() {
        var a = start.start(momo("100", inline()));
        assertEquals("payin", a.transactionType());
        assertTrue(a.success());
        assertEquals(PaymentStatus.QUEUED, a.payment().status());
        assertEquals(store.nextCheck.get(a.payment().id()), clock.instant());
        assertEquals("mpesa_ke", a.gateway());
        assertEquals(a.payment().reference(), a.checkoutRequestId());
        var w = start.start(cmd("withdrawal", "momo", "mpesa_ke", "mpesa", "MPESA", "100", inline(), "254700000123", null));
        assertEquals("payout", w.transactionType());
        assertEquals(new BigDecimal("15"), w.payment().fee().stripTrailingZeros());
    }

    @Test
    void card_acceptance_has_a_checkout_token() {
        var a = start.start(cmd("payment", "card", "card_ke", "card", "CARD", "100", inline(), "card",
                "https://merchant.example/back"));
        assertNotNull(a.checkoutToken());
        assertTrue(a.checkoutToken().length() >= 40);
    }

    @Test
    void reused_merchant_reference_is_refused() {
        var c = momo("100", inline());
        start.start(c);
        var again = new StartPaymentCommand(ACCOUNT, "payment", "momo", "mpesa_ke", new BigDecimal("100"), "KES", "KE",
                null, inline(), c.providerConfig(), c.paymentConfig());
        assertTrue(refused(() -> start.start(again)).getMessage().contains("has already been used"));
    }
}
