package io.mizani.bootstrap.payment;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** The variables that switch the Airtel Money rail on (platform.md section 14), and which of them are missing. */
public final class AirtelVariables {

    /** Environment variable → configuration property. */
    public static final List<String[]> REQUIRED = List.of(
            new String[]{"MIZANI_AIRTEL_BASE_URL", "mizani.payments.airtel.base-url"},
            new String[]{"MIZANI_AIRTEL_CLIENT_ID", "mizani.payments.airtel.client-id"},
            new String[]{"MIZANI_AIRTEL_CLIENT_SECRET", "mizani.payments.airtel.client-secret"},
            new String[]{"MIZANI_AIRTEL_PIN", "mizani.payments.airtel.pin"},
            new String[]{"MIZANI_AIRTEL_PUBLIC_KEY", "mizani.payments.airtel.public-key"});

    private AirtelVariables() {
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

    static List<String> missing(PaymentSettings.Airtel a) {
        List<Optional<String>> values = List.of(a.baseUrl(), a.clientId(), a.clientSecret(), a.pin(), a.publicKey());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < REQUIRED.size(); i++) {
            if (values.get(i).filter(s -> !s.isBlank()).isEmpty()) {
                out.add(REQUIRED.get(i)[0]);
            }
        }
        return out;
    }
}
