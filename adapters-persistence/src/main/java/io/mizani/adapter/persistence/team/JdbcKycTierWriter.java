package io.mizani.adapter.persistence.team;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.teamkyc.KycTierWriter;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

/** {@link KycTierWriter} with two statements in the caller's transaction. */
@Singleton
public class JdbcKycTierWriter implements KycTierWriter {

    private final Sql sql;

    @Inject
    public JdbcKycTierWriter(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void applyTier(long accountId, int tier) {
        sql.use(h -> {
            h.createUpdate("UPDATE accounts SET kyc_tier = :tier, kyc_verified = true, updated_at = now() "
                    + "WHERE id = :account").bind("tier", tier).bind("account", accountId).execute();
            h.createUpdate("UPDATE organizations SET kyc_tier = :tier, updated_at = now() "
                    + "WHERE id = (SELECT organization_id FROM accounts WHERE id = :account)")
                    .bind("tier", tier).bind("account", accountId).execute();
        });
    }
}
