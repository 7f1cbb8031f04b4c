package io.mizani.application.payment;

import io.mizani.domain.common.Choice;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.payout.PayeeCheckPolicy;

import java.math.BigDecimal;
import java.net.URI;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * POST /api/global/payments as received, in the body's own parts: the {@link Order} (direction, rail, provider,
 * amount, currency, country, reason), the {@link Customer}, the {@link ProviderConfig} and the {@link PaymentConfig}.
 * The constructor is the body-validation step of the contract: every problem with the body is collected into
 * {@code invalid_arguments} (a list of field names: inline customer fields as named in the customer object, e.g.
 * {@code first_name}; other fields as dotted paths, e.g. {@code payment_config.reference}) and refused at once with
 * 400 {@code invalid_argument}. {@code source} is not part of the command: it is ignored.
 */
public record StartPaymentCommand(
        long accountId,
        Order order,
        Customer customer,
        ProviderConfig providerConfig,
        PaymentConfig paymentConfig) {

    /**
     * The body's top-level fields: the request type parsed by the edge (null: absent), the others as sent (strings
     * are checked here, parsed by the use case).
     */
    public record Order(Choice<RequestType> requestType, String transactionChannel, String provider, BigDecimal amount,
                        String currency, String country, String reason) {

        static final Order EMPTY = new Order(null, null, null, null, null, null, null);

        public Order {
            requestType = requestType == null ? Choice.absent() : requestType;
        }
    }

    /**
     * The customer object: a beneficiary named by {@code customer_uuid} (or its legacy alias {@code customer_uid}),
     * or the person inline; either may carry overrides.
     */
    public record Customer(BeneficiaryRef beneficiary, Person person, IdDocuments documents, Address address) {

        /** An inline customer with no beneficiary, documents or address. */
        public static Customer inline(Person person) {
            return new Customer(BeneficiaryRef.NONE, person, IdDocuments.NONE, Address.NONE);
        }

        /** A customer named by a beneficiary's {@code customer_uuid}, with no overrides. */
        public static Customer byBeneficiary(String customerUuid) {
            return new Customer(new BeneficiaryRef(customerUuid, null), Person.NONE, IdDocuments.NONE, Address.NONE);
        }

        public Customer {
            beneficiary = beneficiary == null ? BeneficiaryRef.NONE : beneficiary;
            person = person == null ? Person.NONE : person;
            documents = documents == null ? IdDocuments.NONE : documents;
            address = address == null ? Address.NONE : address;
        }

        /** customer_uuid, or its legacy alias customer_uid. */
        public String beneficiaryRef() {
            return beneficiary.value();
        }
    }

    /** customer_uuid and its legacy alias customer_uid. */
    public record BeneficiaryRef(String customerUuid, String customerUid) {

        public static final BeneficiaryRef NONE = new BeneficiaryRef(null, null);

        /** customer_uuid, or its legacy alias customer_uid; null when neither is given. */
        public String value() {
            return !blank(customerUuid) ? customerUuid.trim() : blank(customerUid) ? null : customerUid.trim();
        }
    }

    /** Who the customer is, as sent (each field overrides the beneficiary's). */
    public record Person(String firstName, String lastName, String email, String phone, String dob, String country) {

        public static final Person NONE = new Person(null, null, null, null, null, null);
    }

    /** The customer's identity documents, as sent. */
    public record IdDocuments(String idType, String idNumber, String additionalIdType, String additionalIdNumber) {

        public static final IdDocuments NONE = new IdDocuments(null, null, null, null);
    }

    /** The customer's address, as sent. */
    public record Address(String line1, String country) {

        public static final Address NONE = new Address(null, null);
    }

    public record ProviderConfig(String networkId, String providerId, String networkName, String networkCode,
                                 String accountType, String channelId) {
    }

    /** payment_config; {@code payeeCheck} is {@code off} (absent), {@code lenient} or {@code strict}, withdrawals only. */
    public record PaymentConfig(String reference, String accountNumber, String remark, String paymentCategory,
                                String callbackUrl, String redirectUrl, String payeeCheck) {

        /** Without a payee check. */
        public PaymentConfig(String reference, String accountNumber, String remark, String paymentCategory,
                             String callbackUrl, String redirectUrl) {
            this(reference, accountNumber, remark, paymentCategory, callbackUrl, redirectUrl, null);
        }
    }

    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");
    private static final Pattern CURRENCY = Pattern.compile("[A-Za-z]{3}");
    private static final Pattern COUNTRY = Pattern.compile("[A-Za-z]{2}");

    public StartPaymentCommand {
        order = order == null ? Order.EMPTY : order;
        var problems = new ArrayList<Map<String, String>>();
        if (order.requestType().isAbsent()) {
            problem(problems, "request_type", "request_type is required");
        } else if (order.requestType().isUnknown()) {
            problem(problems, "request_type", "request_type must be one of payment, withdrawal");
        }
        if (blank(order.transactionChannel())) {
            problem(problems, "transaction_channel", "transaction_channel is required");
        } else if (Rail.parse(order.transactionChannel()).isEmpty()) {
            problem(problems, "transaction_channel", "transaction_channel must be one of momo, bank, card");
        }
        if (blank(order.provider())) {
            problem(problems, "provider", "provider is required");
        }
        if (order.amount() == null) {
            problem(problems, "amount", "amount is required");
        } else if (order.amount().signum() <= 0) {
            problem(problems, "amount", "amount must be greater than 0");
        }
        if (blank(order.currency())) {
            problem(problems, "currency", "currency is required");
        } else if (!CURRENCY.matcher(order.currency().trim()).matches()) {
            problem(problems, "currency", "currency must be an ISO 4217 code");
        }
        if (blank(order.country())) {
            problem(problems, "country", "country is required");
        } else if (!COUNTRY.matcher(order.country().trim()).matches()) {
            problem(problems, "country", "country must be an ISO 3166-1 alpha-2 code");
        }
        boolean byReference = customer != null && customer.beneficiaryRef() != null;
        if (customer == null) {
            problem(problems, "customer", "customer is required");
        } else {
            Person person = customer.person();
            if (!byReference) {
                requireCustomerField(problems, "first_name", person.firstName());
                requireCustomerField(problems, "last_name", person.lastName());
                requireCustomerField(problems, "email", person.email());
                requireCustomerField(problems, "phone", person.phone());
            }
            if (!blank(person.email()) && !EMAIL.matcher(person.email().trim()).matches()) {
                problem(problems, "email", "customer.email must be a valid email address");
            }
            if (!blank(person.dob()) && parseDob(person.dob()) == null) {
                problem(problems, "dob", "customer.dob must be a date (YYYY-MM-DD or RFC 3339 date-time)");
            }
        }
        if (providerConfig == null) {
            problem(problems, "provider_config", "provider_config is required");
        } else {
            requireField(problems, "provider_config.network_id", providerConfig.networkId());
            requireField(problems, "provider_config.provider_id", providerConfig.providerId());
            requireField(problems, "provider_config.network_name", providerConfig.networkName());
            requireField(problems, "provider_config.network_code", providerConfig.networkCode());
            requireField(problems, "provider_config.account_type", providerConfig.accountType());
        }
        if (paymentConfig == null) {
            problem(problems, "payment_config", "payment_config is required");
        } else {
            requireField(problems, "payment_config.reference", paymentConfig.reference());
            if (!byReference) {
                requireField(problems, "payment_config.account_number", paymentConfig.accountNumber());
            }
            if (blank(paymentConfig.callbackUrl())) {
                problem(problems, "payment_config.callback_url", "payment_config.callback_url is required");
            } else if (!httpUrl(paymentConfig.callbackUrl())) {
                problem(problems, "payment_config.callback_url",
                        "payment_config.callback_url must be an absolute http(s) URL");
            }
            if (!blank(paymentConfig.redirectUrl()) && !httpUrl(paymentConfig.redirectUrl())) {
                problem(problems, "payment_config.redirect_url",
                        "payment_config.redirect_url must be an absolute http(s) URL");
            }
            var policy = PayeeCheckPolicy.parse(paymentConfig.payeeCheck());
            if (policy.isEmpty()) {
                problem(problems, "payment_config.payee_check",
                        "payment_config.payee_check must be one of off, lenient, strict");
            } else if (policy.get() != PayeeCheckPolicy.OFF
                    && order.requestType().known().orElse(null) == RequestType.PAYMENT) {
                problem(problems, "payment_config.payee_check", "payment_config.payee_check applies to withdrawals only");
            }
            if (paymentConfig.reference() != null && paymentConfig.reference().length() > 128) {
                problem(problems, "payment_config.reference", "payment_config.reference must be at most 128 characters");
            }
        }
        if (!problems.isEmpty()) {
            String message = problems.size() == 1 ? problems.get(0).get("message")
                    : SEVERAL + String.join("; ", problems.stream().map(p -> p.get("message")).toList());
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", message,
                    DomainError.Shape.DEFAULT, Map.of("invalid_arguments",
                            problems.stream().map(p -> p.get("field")).distinct().toList()));
        }
    }

    public RequestType parsedRequestType() {
        return order.requestType().known().orElseThrow();
    }

    /** payment_config.payee_check ({@code off} when absent). */
    public PayeeCheckPolicy payeeCheckPolicy() {
        return PayeeCheckPolicy.parse(paymentConfig.payeeCheck()).orElseThrow();
    }

    /**
     * The separate messages of a body-validation refusal this constructor threw (one, or the several it joined after
     * {@code invalid request: }).
     */
    public static List<String> messagesOf(DomainError refusal) {
        String m = refusal.getMessage();
        return m.startsWith(SEVERAL) ? List.of(m.substring(SEVERAL.length()).split("; ")) : List.of(m);
    }

    private static final String SEVERAL = "invalid request: ";

    public Rail parsedRail() {
        return Rail.parse(order.transactionChannel()).orElseThrow();
    }

    public String upperCountry() {
        return order.country().trim().toUpperCase(Locale.ROOT);
    }

    public String upperCurrency() {
        return order.currency().trim().toUpperCase(Locale.ROOT);
    }

    /** customer.dob as a date; accepts YYYY-MM-DD or an RFC 3339 date-time. Null when absent or unparseable. */
    public static LocalDate parseDob(String dob) {
        if (blank(dob)) {
            return null;
        }
        String v = dob.trim();
        try {
            return LocalDate.parse(v);
        } catch (DateTimeParseException notDate) {
            try {
                return OffsetDateTime.parse(v).toLocalDate();
            } catch (DateTimeParseException notDateTime) {
                return null;
            }
        }
    }

    /** Parses a beneficiary reference; null when it is not a UUID. */
    public static UUID parseUuid(String value) {
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** An absolute http(s) URL with a host. */
    public static boolean httpUrl(String s) {
        try {
            URI uri = new URI(s.trim());
            return uri.isAbsolute() && uri.getHost() != null
                    && ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()));
        } catch (Exception e) {
            return false;
        }
    }

    /** Inline customer fields are named as in the customer object (first_name, email...). */
    private static void requireCustomerField(List<Map<String, String>> problems, String field, String value) {
        if (blank(value)) {
            problem(problems, field, "customer." + field + " is required");
        }
    }

    private static void requireField(List<Map<String, String>> problems, String field, String value) {
        if (blank(value)) {
            problem(problems, field, field + " is required");
        }
    }

    private static void problem(List<Map<String, String>> problems, String field, String message) {
        var p = new LinkedHashMap<String, String>();
        p.put("field", field);
        p.put("message", message);
        problems.add(p);
    }
}
