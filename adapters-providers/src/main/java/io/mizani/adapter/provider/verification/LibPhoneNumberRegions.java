package io.mizani.adapter.provider.verification;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber;
import io.mizani.application.verification.PhoneRegions;
import java.util.Optional;

/** The country of an international number from libphonenumber's numbering plans. */
public final class LibPhoneNumberRegions implements PhoneRegions {

    private final PhoneNumberUtil util = PhoneNumberUtil.getInstance();

    @Override
    public Optional<String> regionOf(String internationalNumber) {
        try {
            Phonenumber.PhoneNumber number = util.parse(internationalNumber, "ZZ");
            String region = util.getRegionCodeForNumber(number);
            if (region == null || "ZZ".equals(region) || "001".equals(region)) {
                region = util.getRegionCodeForCountryCode(number.getCountryCode());
            }
            return "ZZ".equals(region) || "001".equals(region) ? Optional.empty() : Optional.ofNullable(region);
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }
}
