package io.mizani.application.tenancy;

import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;

import java.util.Optional;

/** Merchant API credentials, stored by username with the SHA-256 of the secret. */
public interface CredentialStore {

    Optional<StoredCredential> find(String username);

    void insert(String username, byte[] secretHash, AccountId accountId, UserId userId);

    /** Marks the credential revoked; false when there is no such (unrevoked) credential. */
    boolean revoke(String username);

    /** Revokes every credential of this user on this Team (the user left the Team). */
    int revokeAll(AccountId accountId, UserId userId);

    /** Whose credential it is: the Team (the merchant), its user and their organization. */
    record Holder(long accountId, long userId, long organizationId) {
    }

    /**
     * A credential as stored: its hash, holder, whether it still works ({@code revoked}, its Team not deleted) and what
     * it grants ({@link KeyGrant#FULL} unless it is an API key).
     */
    record StoredCredential(String username, byte[] secretHash, Holder holder, boolean revoked, boolean teamActive,
                            KeyGrant grant) {

        /** A credential that is not an API key. */
        public StoredCredential(String username, byte[] secretHash, long accountId, long userId, long organizationId,
                                boolean revoked, boolean teamActive) {
            this(username, secretHash, new Holder(accountId, userId, organizationId), revoked, teamActive, KeyGrant.FULL);
        }

        public long accountId() {
            return holder.accountId();
        }

        public long userId() {
            return holder.userId();
        }

        public long organizationId() {
            return holder.organizationId();
        }
    }
}
