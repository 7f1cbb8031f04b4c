package io.mizani.adapter.provider.team;

import java.util.Optional;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber;

import io.mizani.application.team.PhoneRegions;
import jakarta.enterprise.context.ApplicationScoped;

/** Country of a phone number by libphonenumber's metadata: the number decides, the calling code is the fallback. */
@ApplicationScoped
class LibPhoneNumberRegions implements PhoneRegions {

    private static final PhoneNumberUtil UTIL = PhoneNumberUtil.getInstance();

    @Override
    public Optional<String> regionOf(String dialCode, String number) {
        if (dialCode == null) {
            return Optional.empty();
        }
        String code = dialCode.replace("+", "").strip();
        int callingCode;
        try {
            callingCode = Integer.parseInt(code);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (number != null && !number.isBlank()) {
            try {
                Phonenumber.PhoneNumber parsed = UTIL.parse("+" + code + number.replaceFirst("^0", ""), "ZZ");
                String region = UTIL.getRegionCodeForNumber(parsed);
                if (region != null && !"ZZ".equals(region) && !"001".equals(region)) {
                    return Optional.of(region);
                }
            } catch (NumberParseException ignored) {
                // fall back to the calling code
            }
        }
        String main = UTIL.getRegionCodeForCountryCode(callingCode);
        return "ZZ".equals(main) || "001".equals(main) ? Optional.empty() : Optional.of(main);
    }
}
