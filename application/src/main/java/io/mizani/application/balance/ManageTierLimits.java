package io.mizani.application.balance;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.balance.TierLimits;

/** GET/PUT /api/admin/tier-limits. */
public final class ManageTierLimits {

    private final TeamLimitStore store;
    private final UnitOfWork unitOfWork;

    public ManageTierLimits(TeamLimitStore store, UnitOfWork unitOfWork) {
        this.store = store;
        this.unitOfWork = unitOfWork;
    }

    public TierLimits get() {
        return store.load();
    }

    public TierLimits replace(TierLimits limits) {
        return unitOfWork.inTransaction(() -> {
            store.replace(limits);
            return store.load();
        });
    }
}
