package io.mizani.bootstrap.payment;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** The variables that switch the Paystack rail on (platform.md section 14), and which of them are missing. */
public final class PaystackVariables {

    /** Environment variable → configuration property. */
    public static final List<String[]> REQUIRED = List.of(
            new String[]{"MIZANI_PAYSTACK_BASE_URL", "mizani.payments.paystack.base-url"},
            new String[]{"MIZANI_PAYSTACK_SECRET_KEY", "mizani.payments.paystack.secret-key"});

    private PaystackVariables() {
    }

    /** The names of the required variables that {@code lookup} (variable, property → value or null) finds unset. */
    public static List<String> missing(Function<String[], String> lookup) {
        List<String> out = new ArrayList<>();
        for (String[] v : REQUIRED) {
            String value = lookup.apply(v);
            if (value == null || value.isBlank()) {
                out.add(v[0]);
            }
        }
        return out;
    }

    static List<String> missing(PaymentSettings.Paystack p) {
        List<Optional<String>> values = List.of(p.baseUrl(), p.secretKey());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < REQUIRED.size(); i++) {
            if (values.get(i).filter(s -> !s.isBlank()).isEmpty()) {
                out.add(REQUIRED.get(i)[0]);
            }
        }
        return out;
    }
}
