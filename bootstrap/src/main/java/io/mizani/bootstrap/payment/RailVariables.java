package io.mizani.bootstrap.payment;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.jboss.logging.Logger;

/**
 * The variables that switch one live rail on (platform.md section 14): all set, the rail is used in either mode;
 * none set, its provider codes stay on the built-in sandbox; some set, it is half configured: live mode refuses to
 * start ({@code MizaniMain}, naming the missing ones), sandbox mode logs them and keeps the sandbox. One home for
 * that rule, used by MTN MoMo, Airtel Money and Paystack.
 */
public record RailVariables(String name, String sandboxCodes, List<Variable> required) {

    /** An environment variable and the configuration property it sets. */
    public record Variable(String env, String property) {
    }

    /** MIZANI_MTN_TARGET_ENVIRONMENT has a default and is not listed. */
    public static final RailVariables MTN = new RailVariables("MTN MoMo", "mtn_gh and mtn_ug", List.of(
            new Variable("MIZANI_MTN_BASE_URL", "mizani.payments.mtn.base-url"),
            new Variable("MIZANI_MTN_API_USER", "mizani.payments.mtn.api-user"),
            new Variable("MIZANI_MTN_API_KEY", "mizani.payments.mtn.api-key"),
            new Variable("MIZANI_MTN_COLLECTION_KEY", "mizani.payments.mtn.collection-key"),
            new Variable("MIZANI_MTN_DISBURSEMENT_KEY", "mizani.payments.mtn.disbursement-key")));

    public static final RailVariables AIRTEL = new RailVariables("Airtel Money", "airtel_ke and airtel_ug", List.of(
            new Variable("MIZANI_AIRTEL_BASE_URL", "mizani.payments.airtel.base-url"),
            new Variable("MIZANI_AIRTEL_CLIENT_ID", "mizani.payments.airtel.client-id"),
            new Variable("MIZANI_AIRTEL_CLIENT_SECRET", "mizani.payments.airtel.client-secret"),
            new Variable("MIZANI_AIRTEL_PIN", "mizani.payments.airtel.pin"),
            new Variable("MIZANI_AIRTEL_PUBLIC_KEY", "mizani.payments.airtel.public-key")));

    public static final RailVariables PAYSTACK = new RailVariables("Paystack", "card_ng, card_ke and nip_ng", List.of(
            new Variable("MIZANI_PAYSTACK_BASE_URL", "mizani.payments.paystack.base-url"),
            new Variable("MIZANI_PAYSTACK_SECRET_KEY", "mizani.payments.paystack.secret-key")));

    /** Every live rail, in the order start-up checks them. */
    public static final List<RailVariables> ALL = List.of(MTN, AIRTEL, PAYSTACK);

    public RailVariables {
        required = List.copyOf(required);
    }

    /** The names of the required variables that {@code lookup} (variable → value or null) finds unset. */
    public List<String> missing(Function<Variable, String> lookup) {
        List<String> out = new ArrayList<>();
        for (Variable v : required) {
            String value = lookup.apply(v);
            if (value == null || value.isBlank()) {
                out.add(v.env());
            }
        }
        return out;
    }

    /** The same from the values as configured, in the order of {@link #required}. */
    List<String> missing(List<Optional<String>> values) {
        if (values.size() != required.size()) {
            throw new IllegalArgumentException(name + ": " + values.size() + " values for " + required.size()
                    + " variables");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < required.size(); i++) {
            if (values.get(i).filter(s -> !s.isBlank()).isEmpty()) {
                out.add(required.get(i).env());
            }
        }
        return out;
    }

    /** Some of the variables set, not all. */
    public boolean halfConfigured(List<String> missing) {
        return !missing.isEmpty() && missing.size() < required.size();
    }

    /** Why live mode refuses to start with the rail half configured. */
    public String refusal(List<String> missing) {
        return "refusing to start in live mode with " + name + " half configured: " + String.join(", ", missing)
                + (missing.size() == 1 ? " is" : " are") + " not set";
    }

    /**
     * Whether the rail is to be used, from its configured values: all set, yes; none, no; some, no in sandbox mode
     * (logged with the missing names, never the values) and a refusal to start in live mode.
     */
    boolean configured(List<Optional<String>> values, String mode, Logger log) {
        List<String> missing = missing(values);
        if (missing.isEmpty()) {
            return true;
        }
        if (missing.size() == required.size()) {
            return false;
        }
        if ("live".equalsIgnoreCase(mode)) {
            throw new IllegalStateException(name + " is half configured in live mode: " + String.join(", ", missing)
                    + " not set");
        }
        log.warnf("%s is half configured (%s not set): %s stay on the built-in sandbox", name,
                String.join(", ", missing), sandboxCodes);
        return false;
    }
}
