package io.mizani.adapter.persistence.team;

import io.mizani.application.teamkyc.KycTierWriter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

/** {@link KycTierWriter} with two statements in the caller's transaction. */
@ApplicationScoped
public class JpaKycTierWriter implements KycTierWriter {

    private final EntityManager em;

    @Inject
    public JpaKycTierWriter(EntityManager em) {
        this.em = em;
    }

    @Override
    public void applyTier(long accountId, int tier) {
        em.flush();
        em.createNativeQuery("""
                UPDATE accounts SET kyc_tier = :tier, kyc_verified = true, updated_at = now() WHERE id = :account
                """).setParameter("tier", tier).setParameter("account", accountId).executeUpdate();
        em.createNativeQuery("""
                UPDATE organizations SET kyc_tier = :tier, updated_at = now()
                WHERE id = (SELECT organization_id FROM accounts WHERE id = :account)
                """).setParameter("tier", tier).setParameter("account", accountId).executeUpdate();
    }
}
