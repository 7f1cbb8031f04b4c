package io.mizani.application.payment;

import io.mizani.application.balance.OpenFunds;
import io.mizani.domain.common.Choice;
import io.mizani.application.beneficiary.Counterparty;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.common.Money;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.math.BigDecimal;
import java.time.LocalDate;
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
    StartPayment start = new StartPaymentService(catalogue, counterparties, store, RateTable.sandbox(), Fakes.DIRECT, clock,
            OpenFunds.create());
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
        return StartPaymentCommand.Customer.inline(
                new StartPaymentCommand.Person("Ada", "Obi", "ada@example.com", "+254700000123", null, "KE"));
    }

    static StartPaymentCommand.Customer byRef(UUID uuid) {
        return StartPaymentCommand.Customer.byBeneficiary(uuid.toString());
    }

    StartPaymentCommand cmd(String type, String channel, String provider, String network, String code, String amount,
                            StartPaymentCommand.Customer customer, String accountNumber, String redirect) {
        return new StartPaymentCommand(ACCOUNT, new StartPaymentCommand.Order(Choice.parse(type, RequestType::parse), channel, provider,
                amount == null ? null : new BigDecimal(amount), "KES", "KE", null), customer,
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
        var c = StartPaymentCommand.Customer.inline(
                new StartPaymentCommand.Person("Ada", null, "not-an-email", null, null, null));
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
        var c = new StartPaymentCommand.Customer(new StartPaymentCommand.BeneficiaryRef(null, tier0.toString()),
                null, null, null);
        var accepted = start.start(momo("100", c));
        assertEquals(tier0, accepted.payment().beneficiary().uuid());
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
        assertNotNull(accepted.guidance().bankInfo());
        assertNotNull(accepted.guidance().manualPayment());
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
        var c = new StartPaymentCommand.Customer(new StartPaymentCommand.BeneficiaryRef(tier0.toString(), null),
                new StartPaymentCommand.Person("Override", null, null, null, null, null), null, null);
        var accepted = start.start(momo("100", c));
        assertEquals("+254700000123", accepted.payment().instructions().accountNumber());
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
        assertEquals(Money.of(new BigDecimal("10.00"), "USD"), ok.payment().beneficiary().tier0Counted());
        assertEquals(new BigDecimal("10.00"), counterparties.lifetime.get(1L));
        var fullOk = start.start(momo("100000", byRef(full)));
        assertNull(fullOk.payment().beneficiary().tier0Counted());
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
        assertEquals(a.payment().reference().value(), a.checkoutRequestId());
        var w = start.start(cmd("withdrawal", "momo", "mpesa_ke", "mpesa", "MPESA", "100", inline(), "254700000123", null));
        assertEquals("payout", w.transactionType());
        assertEquals(new BigDecimal("15"), w.payment().amounts().fee().amount().stripTrailingZeros());
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
        var again = new StartPaymentCommand(ACCOUNT, c.order(), inline(), c.providerConfig(), c.paymentConfig());
        assertTrue(refused(() -> start.start(again)).getMessage().contains("has already been used"));
    }

    @Test
    void an_accepted_payment_keeps_every_field_of_the_request_in_its_own_place() {
        // every text distinct, so two fields trading places anywhere between the command and the payment show
        var customer = new StartPaymentCommand.Customer(StartPaymentCommand.BeneficiaryRef.NONE,
                new StartPaymentCommand.Person("First", "Last", "first.last@example.com", "+254700000771",
                        "1990-02-03", "UG"),
                new StartPaymentCommand.IdDocuments("NATIONAL_ID", "ID-771", "PASSPORT", "P-771"),
                new StartPaymentCommand.Address("1 Road", "TZ"));
        var command = new StartPaymentCommand(ACCOUNT,
                new StartPaymentCommand.Order(Choice.of(RequestType.WITHDRAWAL), "momo", "mpesa_ke", new BigDecimal("1290"), "kes", "ke",
                        "the reason"),
                customer,
                new StartPaymentCommand.ProviderConfig("mpesa", "mpesa_ke", "MPESA", "MPESA", "momo", "ignored"),
                new StartPaymentCommand.PaymentConfig(" ord-771 ", "ACCT-771", "the remark", "the category",
                        "https://merchant.example/cb", "https://merchant.example/back"));

        var a = start.start(command);
        var p = a.payment();

        assertEquals(ACCOUNT, p.accountId().value());
        assertEquals("ord-771", p.references().merchantReference());
        assertTrue(p.reference().value().startsWith("MZP"));
        assertNull(p.references().checkoutToken(), "only a card payment has a checkout");
        assertEquals(new Payment.Routing(RequestType.WITHDRAWAL, "KE", Rail.MOMO, "mpesa_ke", "mpesa",
                "ch_mpesa_withdraw"), p.routing());
        assertEquals(new Payment.Amounts(Money.of(new BigDecimal("1290.00"), "KES"),
                Money.of(new BigDecimal("10.00"), "USD"), Money.of(new BigDecimal("15"), "KES")), p.amounts());
        assertNull(p.beneficiary());
        assertEquals(new Payment.Customer("First", "Last", "first.last@example.com", "+254700000771",
                LocalDate.parse("1990-02-03"), "UG", "NATIONAL_ID", "ID-771"), p.customer());
        assertEquals(new Payment.Instructions("ACCT-771", "https://merchant.example/cb",
                "https://merchant.example/back", "the remark", "the category", "the reason"), p.instructions());
        assertEquals(Payment.Outcome.QUEUED, p.outcome());
        assertEquals(Payment.Timestamps.created(clock.instant()), p.times());

        // and the answer reads each of them from its own place
        assertEquals("ord-771", a.merchantReference());
        assertEquals(p.reference().value(), a.checkoutRequestId());
        assertEquals("mpesa_ke", a.gateway());
        assertEquals("payout", a.transactionType());
        var wire = TransactionView.of(p).asMap();
        assertEquals("ord-771", wire.get("merchant_reference"));
        assertEquals(p.reference().value(), wire.get("reference"));
        assertEquals(new BigDecimal("1290.00"), wire.get("amount"));
        assertEquals(new BigDecimal("10.00"), wire.get("amount_usd"));
        assertEquals(new BigDecimal("15.00"), wire.get("fee"));
        assertEquals("KES", wire.get("currency"));
        assertEquals("KE", wire.get("country"));
    }
}
