package io.mizani.adapter.rest.payment;

import io.mizani.adapter.rest.common.Contrast;
import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * What the hosted checkout's Qute templates ({@code templates/CheckoutResource/}) show: plain values, already
 * formatted (the amount in the payer's locale, the expiry in UTC), so a template only lays them out and Qute escapes
 * every one of them.
 */
public final class CheckoutViews {

    private CheckoutViews() {
    }

    /**
     * The page around every checkout answer: its title, the Team's colours and, for a known checkout, the Team's
     * name and logo ({@code merchant} null on the not-found page) and the open checkout's expiry (null once final).
     */
    @TemplateData
    public record Frame(String title, String theme, Contrast.Palette colours, String merchant, String logo,
                       String expiresAt) {
    }

    /**
     * The card form: the amount and reference, the Team's note, the last card attempt's problem (null for none), and
     * the mobile money choice offered beside it ({@link Momo}).
     */
    @TemplateData
    public record Form(String amount, String reference, String note, String error, String token, String expiresUtc,
                       Momo momo) {
    }

    /**
     * Mobile money on the checkout: the providers offered (none: the section is not shown) and the last attempt's
     * problem (null for none).
     */
    @TemplateData
    public record Momo(List<Choice> choices, String error) {

        public boolean offered() {
            return !choices.isEmpty();
        }

        /** Several providers: the payer picks one. */
        public boolean several() {
            return choices.size() > 1;
        }
    }

    /** One momo provider: its code (the form's value), its name, whether it is the one selected. */
    @TemplateData
    public record Choice(String provider, String name, boolean selected) {
    }

    /**
     * A payment switched to mobile money, waiting for the payer to approve the prompt: the amount and reference, the
     * provider's name, the masked number, a message about the last attempt (null for none).
     */
    @TemplateData
    public record Waiting(String amount, String reference, String provider, String phone, String token,
                          String message) {
    }

    /** A finished checkout: its outcome in words and the way back to the merchant (null without redirect_url). */
    @TemplateData
    public record Result(boolean succeeded, String detail, String reference, String back) {
    }
}
