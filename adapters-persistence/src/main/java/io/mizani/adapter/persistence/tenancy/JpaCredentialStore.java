package io.mizani.adapter.persistence.tenancy;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.mizani.application.tenancy.CredentialStore;
import io.mizani.application.tenancy.KeyGrant;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.Scopes;
import io.mizani.domain.tenancy.UserId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

@ApplicationScoped
class JpaCredentialStore implements CredentialStore {

    private final EntityManager em;

    JpaCredentialStore(EntityManager em) {
        this.em = em;
    }

    /**
     * The credential with what it grants: a credential with an {@code api_keys} row (V17, same feature, read here so
     * that authentication stays one round trip) is an API key, limited to its scopes, with the time it has left as
     * PostgreSQL's clock says; any other holds every scope and never expires.
     */
    @Override
    public Optional<StoredCredential> find(String username) {
        return em.createNativeQuery("SELECT c.username, c.secret_hash, c.account_id, c.user_id, a.organization_id, "
                        + "c.revoked_at IS NOT NULL, a.deleted_at IS NULL, k.key_id, k.scopes, "
                        + "CAST(floor(EXTRACT(EPOCH FROM (k.expires_at - clock_timestamp())) * 1000) AS bigint) "
                        + "FROM credentials c JOIN accounts a ON a.id = c.account_id "
                        + "LEFT JOIN api_keys k ON k.username = c.username WHERE c.username = ?1", Object[].class)
                .setParameter(1, username).getResultStream().findFirst()
                .map(r -> {
                    Object[] row = (Object[]) r;
                    var holder = new Holder(((Number) row[2]).longValue(), ((Number) row[3]).longValue(),
                            ((Number) row[4]).longValue());
                    return new StoredCredential((String) row[0], (byte[]) row[1], holder, (Boolean) row[5],
                            (Boolean) row[6], grant(row));
                });
    }

    private static KeyGrant grant(Object[] row) {
        if (row[7] == null) {
            return KeyGrant.FULL;
        }
        List<String> scopes = row[8] instanceof String[] a ? Arrays.asList(a)
                : Arrays.stream((Object[]) row[8]).map(String::valueOf).toList();
        Duration remaining = row[9] == null ? null : Duration.ofMillis(((Number) row[9]).longValue());
        return new KeyGrant((String) row[7], Scopes.stored(scopes), remaining);
    }

    @Override
    public void insert(String username, byte[] secretHash, AccountId accountId, UserId userId) {
        CredentialEntity c = new CredentialEntity();
        c.username = username;
        c.secretHash = secretHash;
        c.accountId = accountId.value();
        c.userId = userId.value();
        c.persist();
    }

    @Override
    public boolean revoke(String username) {
        return em.createNativeQuery("UPDATE credentials SET revoked_at = now() WHERE username = ?1 AND revoked_at IS NULL")
                .setParameter(1, username).executeUpdate() == 1;
    }

    @Override
    public int revokeAll(AccountId accountId, UserId userId) {
        return em.createNativeQuery("UPDATE credentials SET revoked_at = now() "
                        + "WHERE account_id = ?1 AND user_id = ?2 AND revoked_at IS NULL")
                .setParameter(1, accountId.value()).setParameter(2, userId.value()).executeUpdate();
    }
}
