package io.mizani.bootstrap.payment;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** The variables that switch the MTN MoMo rail on (platform.md section 14), and which of them are missing. */
public final class MtnVariables {

    /** Environment variable → configuration property; MIZANI_MTN_TARGET_ENVIRONMENT has a default and is not listed. */
    public static final List<String[]> REQUIRED = List.of(
            new String[]{"MIZANI_MTN_BASE_URL", "mizani.payments.mtn.base-url"},
            new String[]{"MIZANI_MTN_API_USER", "mizani.payments.mtn.api-user"},
            new String[]{"MIZANI_MTN_API_KEY", "mizani.payments.mtn.api-key"},
            new String[]{"MIZANI_MTN_COLLECTION_KEY", "mizani.payments.mtn.collection-key"},
            new String[]{"MIZANI_MTN_DISBURSEMENT_KEY", "mizani.payments.mtn.disbursement-key"});

    private MtnVariables() {
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

    static List<String> missing(PaymentSettings.Mtn m) {
        List<Optional<String>> values = List.of(m.baseUrl(), m.apiUser(), m.apiKey(), m.collectionKey(), m.disbursementKey());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < REQUIRED.size(); i++) {
            if (values.get(i).filter(s -> !s.isBlank()).isEmpty()) {
                out.add(REQUIRED.get(i)[0]);
            }
        }
        return out;
    }
}
