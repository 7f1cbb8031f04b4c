package io.mizani.domain.verification;

import java.util.Locale;
import java.util.Optional;

/**
 * Who a token is about: {@code C} (company) or {@code I} (natural person), or absent when the check cannot tell.
 * <ul>
 *   <li>national ID, passport, phone line and BVN checks: {@code I};</li>
 *   <li>company checks ({@code company_global}, {@code scuml_ng}): {@code C};</li>
 *   <li>{@code kra_pin}: from the PIN, {@code P...} a company, {@code A...} an individual;</li>
 *   <li>tax-ID checks looked up from a person's ID ({@code kra_pin_from_id_ke}, {@code tin_from_nin_ng}): {@code I};</li>
 *   <li>other tax-ID checks: taxpayer class Non-Individual {@code C}, Sole Proprietor (or Individual) {@code I},
 *       no stated class: absent;</li>
 *   <li>bank-account checks: absent.</li>
 * </ul>
 */
public final class ActorTypes {

    public static final String COMPANY = "C";
    public static final String INDIVIDUAL = "I";

    private ActorTypes() {
    }

    public static Optional<String> of(CheckDefinition check, String identifier, String taxpayerClass) {
        return switch (check.category()) {
            case NATIONAL_ID, PASSPORT, PHONE, BANK_ID -> Optional.of(INDIVIDUAL);
            case COMPANY -> Optional.of(COMPANY);
            case BANK_ACCOUNT -> Optional.empty();
            case TAX_ID -> taxActor(check.key(), identifier, taxpayerClass);
        };
    }

    private static Optional<String> taxActor(String key, String identifier, String taxpayerClass) {
        switch (key) {
            case "kra_pin" -> {
                String pin = identifier == null ? "" : identifier.toUpperCase(Locale.ROOT);
                if (pin.startsWith("P")) {
                    return Optional.of(COMPANY);
                }
                if (pin.startsWith("A")) {
                    return Optional.of(INDIVIDUAL);
                }
                return Optional.empty();
            }
            case "kra_pin_from_id_ke", "tin_from_nin_ng" -> {
                return Optional.of(INDIVIDUAL);
            }
            default -> {
                return fromTaxpayerClass(taxpayerClass);
            }
        }
    }

    /** {@code Non-Individual} gives C, {@code Sole Proprietor} / {@code Individual} gives I, anything else absent. */
    public static Optional<String> fromTaxpayerClass(String taxpayerClass) {
        if (taxpayerClass == null) {
            return Optional.empty();
        }
        String c = taxpayerClass.strip().toLowerCase(Locale.ROOT).replace('_', ' ').replace('-', ' ');
        return switch (c) {
            case "non individual", "company", "corporate" -> Optional.of(COMPANY);
            case "sole proprietor", "individual" -> Optional.of(INDIVIDUAL);
            default -> Optional.empty();
        };
    }
}
