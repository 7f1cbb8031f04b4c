package io.mizani.application.verification;

import java.util.Optional;

public interface VerificationSettingsStore {

    Optional<VerificationSettings> find(long accountId);

    void save(long accountId, VerificationSettings settings);
}
