package io.mizani.domain.payment;

/** The sandbox hosted checkout's test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. */
public enum TestCard {
    APPROVED, DECLINED, UNKNOWN;

    public static TestCard of(String cardNumber) {
        String digits = cardNumber == null ? "" : cardNumber.replaceAll("[\\s-]", "");
        return switch (digits) {
            case "4242424242424242" -> APPROVED;
            case "4000000000000002" -> DECLINED;
            default -> UNKNOWN;
        };
    }
}
