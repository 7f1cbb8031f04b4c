package io.mizani.application.teamkyc;

import io.mizani.domain.teamkyc.AccountKyc;
import java.util.List;

/** Operator review: the queue, decisions on submissions and on upgrades. */
public interface ReviewTeamKyc {

    List<AccountKyc> queue(String status, String upgradeStatus, Integer limit);

    /** One submission as the operator sees it (any Team's), else 404. */
    AccountKyc record(long id);

    /** The Team's submission, if it has one. */
    java.util.Optional<AccountKyc> recordOfAccount(long accountId);

    AccountKyc review(Commands.Review command);

    AccountKyc reviewUpgrade(Commands.ReviewUpgrade command);
}
