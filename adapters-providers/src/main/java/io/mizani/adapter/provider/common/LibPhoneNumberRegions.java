package io.mizani.adapter.provider.common;

import java.util.Optional;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber;

import io.mizani.application.common.PhoneRegions;
import jakarta.inject.Singleton;

/** Country of a phone number by libphonenumber's metadata: the number decides, the calling code is the fallback. */
@Singleton
public class LibPhoneNumberRegions implements PhoneRegions {

    private static final PhoneNumberUtil UTIL = PhoneNumberUtil.getInstance();

    @Override
    public Optional<String> regionOf(String dialCode, String number) {
        if (dialCode == null) {
            return Optional.empty();
        }
        String code = dialCode.replace("+", "").strip();
        if (!code.matches("[0-9]{1,4}")) {
            return Optional.empty();
        }
        if (number != null && !number.isBlank()) {
            Optional<String> byNumber = regionOf("+" + code + number.strip().replaceFirst("^0", ""));
            if (byNumber.isPresent()) {
                return byNumber;
            }
        }
        return country(UTIL.getRegionCodeForCountryCode(Integer.parseInt(code)));
    }

    @Override
    public Optional<String> lengthProblem(String dialCode, String number) {
        if (dialCode == null || number == null || number.isBlank()) {
            return Optional.empty();
        }
        String code = dialCode.replace("+", "").strip();
        if (!code.matches("[0-9]{1,4}")) {
            return Optional.empty();
        }
        String region = UTIL.getRegionCodeForCountryCode(Integer.parseInt(code));
        if (region == null || "ZZ".equals(region)) {
            return Optional.empty();
        }
        String where = "a +" + code + ("001".equals(region) ? "" : " (" + region + ")") + " phone number";
        try {
            Phonenumber.PhoneNumber parsed = UTIL.parse("+" + code + number.strip().replaceFirst("^0", ""), "ZZ");
            return switch (UTIL.isPossibleNumberWithReason(parsed)) {
                case TOO_SHORT -> Optional.of("is too short for " + where);
                case TOO_LONG -> Optional.of("is too long for " + where);
                case INVALID_LENGTH -> Optional.of("does not have a valid length for " + where);
                default -> Optional.empty();
            };
        } catch (NumberParseException e) {
            return switch (e.getErrorType()) {
                case TOO_SHORT_NSN, TOO_SHORT_AFTER_IDD -> Optional.of("is too short for " + where);
                case TOO_LONG -> Optional.of("is too long for " + where);
                default -> Optional.empty();
            };
        }
    }

    @Override
    public Optional<String> regionOf(String internationalNumber) {
        if (internationalNumber == null) {
            return Optional.empty();
        }
        try {
            Phonenumber.PhoneNumber number = UTIL.parse(internationalNumber, "ZZ");
            Optional<String> region = country(UTIL.getRegionCodeForNumber(number));
            return region.isPresent() ? region : country(UTIL.getRegionCodeForCountryCode(number.getCountryCode()));
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<String> mobileNumber(String number, String country) {
        if (number == null || number.isBlank() || country == null || number.length() > 32) {
            return Optional.empty();
        }
        String region = country.strip().toUpperCase(java.util.Locale.ROOT);
        String typed = number.strip();
        // "254712..." without the plus: read as international when it starts with the country's calling code
        String code = Integer.toString(UTIL.getCountryCodeForRegion(region));
        if (!typed.startsWith("+") && !typed.startsWith("0") && typed.replaceAll("[\\s-]", "").startsWith(code)
                && typed.replaceAll("[\\s-]", "").length() > code.length() + 7) {
            typed = "+" + typed;
        }
        try {
            Phonenumber.PhoneNumber parsed = UTIL.parse(typed, region);
            if (!UTIL.isValidNumberForRegion(parsed, region)) {
                return Optional.empty();
            }
            var type = UTIL.getNumberType(parsed);
            if (type != PhoneNumberUtil.PhoneNumberType.MOBILE
                    && type != PhoneNumberUtil.PhoneNumberType.FIXED_LINE_OR_MOBILE) {
                return Optional.empty();
            }
            return Optional.of(UTIL.format(parsed, PhoneNumberUtil.PhoneNumberFormat.E164).substring(1));
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> country(String region) {
        return region == null || "ZZ".equals(region) || "001".equals(region) ? Optional.empty() : Optional.of(region);
    }
}
