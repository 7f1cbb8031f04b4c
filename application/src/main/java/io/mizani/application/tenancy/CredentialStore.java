package io.mizani.application.tenancy;

import java.util.Optional;

/** Merchant API credentials, stored by username with the SHA-256 of the secret. */
public interface CredentialStore {

    Optional<StoredCredential> find(String username);

    void insert(String username, byte[] secretHash, long accountId, long userId);

    /** Marks the credential revoked; false when there is no such (unrevoked) credential. */
    boolean revoke(String username);

    /** Revokes every credential of this user on this Team (the user left the Team). */
    int revokeAll(long accountId, long userId);

    record StoredCredential(String username, byte[] secretHash, long accountId, long userId, long organizationId,
                            boolean revoked, boolean teamActive) {
    }
}
