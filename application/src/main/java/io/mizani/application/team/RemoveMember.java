package io.mizani.application.team;

import io.mizani.application.tenancy.MerchantContext;

/** Input port: a manager removes a user's role on a Team. */
public interface RemoveMember {

    void removeMember(MerchantContext ctx, long accountId, long userId);
}
