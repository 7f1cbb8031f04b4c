package io.mizani.adapter.persistence.tenancy;

import java.util.Optional;

import io.mizani.application.tenancy.CredentialStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

@ApplicationScoped
class JpaCredentialStore implements CredentialStore {

    private final EntityManager em;

    JpaCredentialStore(EntityManager em) {
        this.em = em;
    }

    @Override
    public Optional<StoredCredential> find(String username) {
        return em.createNativeQuery("SELECT c.username, c.secret_hash, c.account_id, c.user_id, a.organization_id, "
                        + "c.revoked_at IS NOT NULL, a.deleted_at IS NULL "
                        + "FROM credentials c JOIN accounts a ON a.id = c.account_id WHERE c.username = ?1", Object[].class)
                .setParameter(1, username).getResultStream().findFirst()
                .map(r -> {
                    Object[] row = (Object[]) r;
                    return new StoredCredential((String) row[0], (byte[]) row[1], ((Number) row[2]).longValue(),
                            ((Number) row[3]).longValue(), ((Number) row[4]).longValue(), (Boolean) row[5],
                            (Boolean) row[6]);
                });
    }

    @Override
    public void insert(String username, byte[] secretHash, long accountId, long userId) {
        CredentialEntity c = new CredentialEntity();
        c.username = username;
        c.secretHash = secretHash;
        c.accountId = accountId;
        c.userId = userId;
        c.persist();
    }

    @Override
    public boolean revoke(String username) {
        return em.createNativeQuery("UPDATE credentials SET revoked_at = now() WHERE username = ?1 AND revoked_at IS NULL")
                .setParameter(1, username).executeUpdate() == 1;
    }

    @Override
    public int revokeAll(long accountId, long userId) {
        return em.createNativeQuery("UPDATE credentials SET revoked_at = now() "
                        + "WHERE account_id = ?1 AND user_id = ?2 AND revoked_at IS NULL")
                .setParameter(1, accountId).setParameter(2, userId).executeUpdate();
    }
}
