package io.mizani.application.tenancy;

import java.util.List;

/**
 * Input port: a Team's owner or admin, with a credential holding every scope, issues, lists and revokes the Team's API
 * keys (platform.md section 19).
 */
public interface ManageApiKeys {

    IssuedKey create(MerchantContext caller, CreateApiKeyCommand command);

    List<ApiKey> list(MerchantContext caller);

    /** Revokes the key: refused from then on (every replica within the credential cache's TTL). */
    ApiKey revoke(MerchantContext caller, String keyId);

    /** A new key with the credential that opens it; the password is shown this once and stored only as a hash. */
    record IssuedKey(ApiKey key, String username, String password) {
        @Override
        public String toString() {
            return "IssuedKey[" + key.id() + ", " + username + ", password hidden]";
        }
    }
}
