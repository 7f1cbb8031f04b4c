package io.mizani.domain.beneficiary;

/** The id of a beneficiary, as the store numbers it; never its uuid (the API's name for it). */
public record BeneficiaryId(long value) {

    public static BeneficiaryId of(long value) {
        return new BeneficiaryId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
