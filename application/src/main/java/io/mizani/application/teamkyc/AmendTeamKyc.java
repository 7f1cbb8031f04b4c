package io.mizani.application.teamkyc;

import io.mizani.domain.teamkyc.AccountKyc;

/** PUT /api/v2/account_kycs/{id}. */
public interface AmendTeamKyc {
    AccountKyc amend(Commands.Amend command);
}
