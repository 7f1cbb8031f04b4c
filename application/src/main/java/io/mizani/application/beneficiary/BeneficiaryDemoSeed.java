package io.mizani.application.beneficiary;

import io.mizani.application.common.SandboxSeed;
import io.mizani.domain.beneficiary.Field;

import java.util.Map;

/**
 * The beneficiary part of the sandbox demo merchant: one {@code tier_0} and one {@code full} beneficiary, with
 * external references so a second seeding never duplicates them.
 */
public final class BeneficiaryDemoSeed implements SandboxSeed {

    private final BeneficiaryUseCases.CreateBeneficiary create;

    public BeneficiaryDemoSeed(BeneficiaryUseCases.CreateBeneficiary create) {
        this.create = create;
    }

    @Override
    public void seedDemo(long accountId) {
        create.create(new BeneficiaryCommands.Create(accountId, Map.of(
                Field.NAME, "Amina Njoroge", Field.COUNTRY, "KE", Field.EMAIL, "amina.njoroge@example.com",
                Field.PHONE, "+254712345678", Field.ACCOUNT_NUMBER, "254712345678", Field.ACCOUNT_TYPE, "momo",
                Field.EXTERNAL_REFERENCE, "demo-tier-0")));
        create.create(new BeneficiaryCommands.Create(accountId, Map.ofEntries(
                Map.entry(Field.NAME, "Kwame Mensah"), Map.entry(Field.COUNTRY, "GH"),
                Map.entry(Field.EMAIL, "kwame.mensah@example.com"), Map.entry(Field.PHONE, "+233201234567"),
                Map.entry(Field.ADDRESS, "12 Oxford Street, Accra"), Map.entry(Field.DATE_OF_BIRTH, "1988-03-14"),
                Map.entry(Field.ID_NUMBER, "GHA-123456789-0"), Map.entry(Field.ID_TYPE, "national_id"),
                Map.entry(Field.ACCOUNT_NAME, "Kwame Mensah"), Map.entry(Field.ACCOUNT_NUMBER, "233201234567"),
                Map.entry(Field.ACCOUNT_TYPE, "momo"), Map.entry(Field.EXTERNAL_REFERENCE, "demo-full"))));
    }
}
