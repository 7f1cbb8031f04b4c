package io.mizani.application.team;

import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;

/** Input port: a manager removes a user's role on a Team. */
public interface RemoveMember {

    void removeMember(MerchantContext ctx, AccountId accountId, UserId userId);
}
