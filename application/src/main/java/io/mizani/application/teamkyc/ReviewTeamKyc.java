package io.mizani.application.teamkyc;

import io.mizani.domain.teamkyc.AccountKyc;
import java.util.List;

/** Operator review: the queue, decisions on submissions and on upgrades. */
public interface ReviewTeamKyc {

    List<AccountKyc> queue(String status, String upgradeStatus, Integer limit);

    AccountKyc review(Commands.Review command);

    AccountKyc reviewUpgrade(Commands.ReviewUpgrade command);
}
