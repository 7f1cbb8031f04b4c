package io.mizani.application.team;

import io.mizani.domain.team.UserStatus;
import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.team.Team;
import java.util.List;
import java.util.Map;

/** Input port: a user's profile, the Teams it holds roles on among those the caller can see. */
public interface ViewUserProfile {

    UserProfile profile(MerchantContext ctx, long userId);

    record UserProfile(UserStore.User user, List<Team> accounts, Map<String, String> roles, UserStatus status,
                       boolean pinSet, boolean kycVerified, int kycTier) {
    }
}
