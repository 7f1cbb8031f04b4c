package io.mizani.adapter.rest.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import io.mizani.domain.common.Money;

class PayerLocaleTest {

    private static Money money(String amount, String currency) {
        return Money.of(new BigDecimal(amount), currency);
    }

    @Test
    void theFirstLanguageTheJdkFormatsIsThePayers() {
        assertEquals(Locale.forLanguageTag("en-NG"), PayerLocale.of("en-NG,en;q=0.9"));
        assertEquals(Locale.forLanguageTag("fr-SN"), PayerLocale.of("fr-SN, fr;q=0.8"));
        assertEquals(Locale.ENGLISH, PayerLocale.of(null));
        assertEquals(Locale.ENGLISH, PayerLocale.of(""));
        assertEquals(Locale.ENGLISH, PayerLocale.of("x;;q=abc"));
        assertEquals(Locale.ENGLISH, PayerLocale.of("tlh-QQ"));
    }

    /** The spellings the CLDR data publishes for these locales (U+00A0 and U+202F are its spaces). */
    @Test
    void amountsAreGroupedWithTheCurrencyAsThePayerWritesIt() {
        assertEquals("₦1,250,000.00", PayerLocale.amount(money("1250000.00", "NGN"), Locale.forLanguageTag("en-NG")));
        assertEquals("NGN\u00a01,250,000.00", PayerLocale.amount(money("1250000", "NGN"), Locale.ENGLISH));
        assertEquals("Ksh\u00a01,500.00", PayerLocale.amount(money("1500", "KES"), Locale.forLanguageTag("en-KE")));
        assertEquals("1\u202f250\u202f000\u00a0F\u202fCFA", PayerLocale.amount(money("1250000", "XOF"), Locale.forLanguageTag("fr-SN")));
    }

    @Test
    void minorDigitsTheAmountHasAreNeverRoundedAway() {
        assertEquals("F\u202fCFA\u00a01,500.5", PayerLocale.amount(money("1500.50", "XOF"), Locale.ENGLISH));
        assertEquals("KES 1,500.25", PayerLocale.title(money("1500.25", "KES"), Locale.ENGLISH));
        assertEquals("KES 1,500.00", PayerLocale.title(money("1500", "KES"), Locale.ENGLISH));
        assertEquals("ZZZ 12.5", PayerLocale.title(money("12.5", "ZZZ"), Locale.ENGLISH));
    }
}
