package io.mizani.application.teamkyc;

import io.mizani.domain.teamkyc.AccountKyc;

/** POST /api/v2/account_kycs/upgrade. */
public interface UpgradeTeamKyc {
    AccountKyc upgrade(Commands.Upgrade command);
}
