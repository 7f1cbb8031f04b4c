package io.mizani.domain.billing;

import static io.mizani.domain.billing.ChargeEvent.CHARGE_TAKEN;
import static io.mizani.domain.billing.ChargeEvent.FEE_WAIVED;
import static io.mizani.domain.billing.ChargeEvent.OWN_KEY_USED;
import static io.mizani.domain.billing.ChargeEvent.PROVIDER_CHARGED;
import static io.mizani.domain.billing.ChargeEvent.PROVIDER_UNAVAILABLE;
import static io.mizani.domain.billing.ChargeEvent.REJECTED_BEFORE_RUN;
import static io.mizani.domain.billing.ChargeEvent.REVERSAL_FAILED;
import static io.mizani.domain.billing.ChargeEvent.REVERSAL_SUCCEEDED;
import static io.mizani.domain.billing.ChargeEvent.SETTLEMENT_LOST;
import static io.mizani.domain.billing.ChargeStatus.CHARGED;
import static io.mizani.domain.billing.ChargeStatus.FREE;
import static io.mizani.domain.billing.ChargeStatus.NONE;
import static io.mizani.domain.billing.ChargeStatus.REFUNDED;
import static io.mizani.domain.billing.ChargeStatus.REFUND_FAILED;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The charge state machine of a check as an explicit transition table:
 * <pre>
 *   (none)        --charge taken------------&gt; charged
 *   (none)        --own key used------------&gt; free
 *   charged       --provider charged--------&gt; charged
 *   charged       --provider unavailable----&gt; refunded      (reversal owed)
 *   charged       --rejected before run-----&gt; refunded      (reversal owed)
 *   charged       --fee waived--------------&gt; refunded      (reversal owed)
 *   charged       --settlement lost---------&gt; refunded      (reversal owed; the sweeper)
 *   charged       --reversal failed---------&gt; refund_failed
 *   refund_failed --reversal failed---------&gt; refund_failed (the sweeper retries)
 *   refund_failed --reversal succeeded------&gt; refunded
 *   free          --any provider answer-----&gt; free
 * </pre>
 * Any other pair is illegal. {@code refunded} is final.
 */
public final class ChargeStateMachine {

    private static final Map<ChargeStatus, Map<ChargeEvent, ChargeStatus>> TABLE = new EnumMap<>(ChargeStatus.class);

    static {
        on(NONE, CHARGE_TAKEN, CHARGED);
        on(NONE, OWN_KEY_USED, FREE);
        on(CHARGED, PROVIDER_CHARGED, CHARGED);
        on(CHARGED, PROVIDER_UNAVAILABLE, REFUNDED);
        on(CHARGED, REJECTED_BEFORE_RUN, REFUNDED);
        on(CHARGED, FEE_WAIVED, REFUNDED);
        on(CHARGED, SETTLEMENT_LOST, REFUNDED);
        on(CHARGED, REVERSAL_FAILED, REFUND_FAILED);
        on(REFUND_FAILED, REVERSAL_FAILED, REFUND_FAILED);
        on(REFUND_FAILED, REVERSAL_SUCCEEDED, REFUNDED);
        on(FREE, PROVIDER_CHARGED, FREE);
        on(FREE, PROVIDER_UNAVAILABLE, FREE);
        on(FREE, REJECTED_BEFORE_RUN, FREE);
        on(FREE, FEE_WAIVED, FREE);
        on(FREE, SETTLEMENT_LOST, FREE);
    }

    private ChargeStateMachine() {
    }

    private static void on(ChargeStatus from, ChargeEvent event, ChargeStatus to) {
        TABLE.computeIfAbsent(from, k -> new EnumMap<>(ChargeEvent.class)).put(event, to);
    }

    public static Optional<ChargeStatus> next(ChargeStatus from, ChargeEvent event) {
        return Optional.ofNullable(TABLE.getOrDefault(from, Map.of()).get(event));
    }

    /** The next state, or {@link IllegalStateException} for a move the table does not allow. */
    public static ChargeStatus transition(ChargeStatus from, ChargeEvent event) {
        return next(from, event).orElseThrow(
                () -> new IllegalStateException("illegal charge transition: " + from + " --" + event + "-->"));
    }

    /** Whether taking this move means money goes back to the wallet. */
    public static boolean reversesCharge(ChargeStatus from, ChargeEvent event) {
        ChargeStatus to = transition(from, event);
        return (from == CHARGED || from == REFUND_FAILED) && to == REFUNDED;
    }

    public static Map<ChargeStatus, Map<ChargeEvent, ChargeStatus>> table() {
        return Collections.unmodifiableMap(TABLE);
    }
}
