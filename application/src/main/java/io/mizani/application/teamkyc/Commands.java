package io.mizani.application.teamkyc;

import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.teamkyc.EntityInformation;
import io.mizani.domain.teamkyc.KycDetails;
import java.util.Objects;

/** Self-validating command records of the Team KYC use cases. */
public final class Commands {

    private Commands() {
    }

    static void requireAccount(Long accountId) {
        if (accountId == null) {
            throw DomainError.invalidArgument("account_id is required");
        }
    }

    public record Submit(MerchantContext caller, Long accountId, KycDetails details, KycTokens tokens) {
        public Submit {
            Objects.requireNonNull(caller, "caller");
            requireAccount(accountId);
            details = details == null ? KycDetails.none() : details;
            tokens = tokens == null ? KycTokens.NONE : tokens;
        }
    }

    public record Amend(MerchantContext caller, long id, Long accountId, KycDetails details, KycTokens tokens) {
        public Amend {
            Objects.requireNonNull(caller, "caller");
            requireAccount(accountId);
            details = details == null ? KycDetails.none() : details;
            tokens = tokens == null ? KycTokens.NONE : tokens;
        }
    }

    public record Upgrade(MerchantContext caller, Long accountId, Integer upgradeTo, String upgradeNotes,
            EntityInformation entityInformation, KycTokens tokens) {
        public Upgrade {
            Objects.requireNonNull(caller, "caller");
            requireAccount(accountId);
            if (upgradeTo == null) {
                throw DomainError.invalidArgument("upgrade_information.upgrade_to is required");
            }
            tokens = tokens == null ? KycTokens.NONE : tokens;
        }
    }

    public record Review(long id, String decision, Integer kycTier, String notes, long reviewerId) {
    }

    public record ReviewUpgrade(long id, String decision, String notes, long reviewerId) {
    }
}
