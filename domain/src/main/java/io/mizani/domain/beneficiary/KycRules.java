package io.mizani.domain.beneficiary;

import java.util.ArrayList;
import java.util.List;

/**
 * The beneficiary KYC level as a pure function of the data present, recomputed on every write.
 * <ul>
 *   <li>tier-0 floor: a name (first and last), country and email;</li>
 *   <li>{@code full}: the floor plus phone, address, date_of_birth, id_number and id_type;</li>
 *   <li>in Nigeria {@code full} also needs id_type {@code NIN}, additional_id_type {@code BVN} and an
 *       additional_id_number; without the BVN the record stays {@code tier_0} with requires_additional_id.</li>
 * </ul>
 */
public final class KycRules {

    /** Countries whose full KYC needs a second id, with the id types they demand. */
    public static final String NIGERIA = "NG";
    public static final String NIGERIA_ID_TYPE = "NIN";
    public static final String NIGERIA_ADDITIONAL_ID_TYPE = "BVN";

    private KycRules() {
    }

    public static KycAssessment assess(BeneficiaryProfile profile) {
        BeneficiaryProfile.Person p = profile.person();
        BeneficiaryProfile.Contact c = profile.contact();
        BeneficiaryProfile.IdDocument id = profile.identification().primary();
        BeneficiaryProfile.IdDocument additional = profile.identification().additional();
        List<String> reduced = new ArrayList<>();
        if (p.firstName() == null && p.lastName() == null) {
            reduced.add("name");
        } else if (p.firstName() == null) {
            reduced.add("first_name");
        } else if (p.lastName() == null) {
            reduced.add("last_name");
        }
        if (c.country() == null) {
            reduced.add("country");
        }
        if (c.email() == null) {
            reduced.add("email");
        }

        List<String> full = new ArrayList<>(reduced);
        if (c.phone() == null) {
            full.add("phone");
        }
        if (c.address() == null) {
            full.add("address");
        }
        if (p.dateOfBirth() == null) {
            full.add("date_of_birth");
        }
        if (id.number() == null) {
            full.add("id_number");
        }
        boolean nigeria = NIGERIA.equals(c.country());
        if (id.type() == null || nigeria && !NIGERIA_ID_TYPE.equalsIgnoreCase(id.type())) {
            full.add("id_type");
        }
        boolean requiresAdditionalId = false;
        if (nigeria) {
            if (!NIGERIA_ADDITIONAL_ID_TYPE.equalsIgnoreCase(additional.type())) {
                full.add("additional_id_type");
                requiresAdditionalId = true;
            }
            if (additional.number() == null) {
                full.add("additional_id_number");
                requiresAdditionalId = true;
            }
        }
        KycLevel level = full.isEmpty() ? KycLevel.FULL : KycLevel.TIER_0;
        return new KycAssessment(level, full, reduced, requiresAdditionalId);
    }
}
