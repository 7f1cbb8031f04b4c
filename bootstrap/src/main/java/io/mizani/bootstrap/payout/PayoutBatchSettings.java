package io.mizani.bootstrap.payout;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Payout batch settings ({@code mizani.payout-batches.*}, docs/payouts.md "Approve"). */
@ConfigMapping(prefix = "mizani.payout-batches")
public interface PayoutBatchSettings {

    /**
     * The largest batch whose payments are stored inside its approval's transaction; a larger one is reserved as one
     * at approval and materialised right after ({@code PayoutBatchService.MATERIALISE_IN_APPROVAL_UP_TO}).
     */
    @WithDefault("500")
    int materialiseInApprovalUpTo();

    /** Whether this replica materialises approved batches (every replica does; a test that drives it switches it off). */
    @WithDefault("true")
    boolean materialiserEnabled();

    /** How often an idle materialiser looks for an approved batch waiting for its payments. */
    @WithDefault("200")
    long materialiserPollMs();
}
