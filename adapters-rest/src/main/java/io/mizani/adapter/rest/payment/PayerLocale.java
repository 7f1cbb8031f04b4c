package io.mizani.adapter.rest.payment;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Arrays;
import java.util.Currency;
import java.util.List;
import java.util.Locale;

import io.mizani.domain.common.Money;

/**
 * Money as the payer reads it: the locale is the first of the browser's {@code Accept-Language} the JDK formats
 * numbers for (English when none is), the currency's own digits and symbol for that locale ({@code ₦1,250,000.00} for
 * {@code en-NG}, {@code 1 250 000 F CFA} for {@code fr-SN}, {@code NGN 1,250,000.00} for plain {@code en}).
 */
final class PayerLocale {

    private static final List<Locale> FORMATTED = Arrays.asList(NumberFormat.getAvailableLocales());

    private PayerLocale() {
    }

    /** The payer's locale from an {@code Accept-Language} header (malformed or absent: English). */
    static Locale of(String acceptLanguage) {
        if (acceptLanguage == null || acceptLanguage.isBlank() || acceptLanguage.length() > 200) {
            return Locale.ENGLISH;
        }
        try {
            Locale found = Locale.lookup(Locale.LanguageRange.parse(acceptLanguage), FORMATTED);
            return found == null ? Locale.ENGLISH : found;
        } catch (IllegalArgumentException malformed) {
            return Locale.ENGLISH;
        }
    }

    /** The amount with the currency's symbol, grouped and with its minor digits, for the payer's locale. */
    static String amount(Money money, Locale payer) {
        Currency currency = currency(money);
        if (currency == null) {
            return money.currency() + " " + money.amount().toPlainString();
        }
        NumberFormat f = NumberFormat.getCurrencyInstance(payer);
        f.setCurrency(currency);
        digits(f, currency, money.amount());
        String text = f.format(money.amount());
        // CLDR writes a code or a lettered symbol straight against the digits (NGN1,250.00): a no-break space between
        String symbol = currency.getSymbol(payer);
        if (text.startsWith(symbol) && text.length() > symbol.length()
                && Character.isLetter(symbol.charAt(symbol.length() - 1))
                && Character.isDigit(text.charAt(symbol.length()))) {
            text = symbol + "\u00a0" + text.substring(symbol.length());
        }
        return text;
    }

    /** For the page's title: the ISO code and the grouped amount ({@code KES 1,500.00}). */
    static String title(Money money, Locale payer) {
        Currency currency = currency(money);
        NumberFormat f = NumberFormat.getNumberInstance(payer);
        if (currency != null) {
            digits(f, currency, money.amount());
        }
        BigDecimal amount = money.amount();
        return money.currency() + " " + (currency == null ? amount.toPlainString() : f.format(amount));
    }

    /** The currency's minor digits, or more when the amount has them (never rounded away on the payer's page). */
    private static void digits(NumberFormat f, Currency currency, BigDecimal amount) {
        int digits = Math.max(0, currency.getDefaultFractionDigits());
        int given = Math.max(0, amount.stripTrailingZeros().scale());
        f.setMinimumFractionDigits(digits);
        f.setMaximumFractionDigits(Math.max(digits, given));
    }

    private static Currency currency(Money money) {
        try {
            return Currency.getInstance(money.currency());
        } catch (IllegalArgumentException unknown) {
            return null;
        }
    }
}
