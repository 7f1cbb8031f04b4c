package io.mizani.application.teamkyc;

import io.mizani.domain.teamkyc.AccountKyc;

/** POST /api/v2/account_kycs. */
public interface SubmitTeamKyc {
    AccountKyc submit(Commands.Submit command);
}
