package io.mizani.domain.billing;

/** What happens to a check's charge. */
public enum ChargeEvent {
    /** Platform key: the price was debited from the service wallet up front. */
    CHARGE_TAKEN,
    /** The merchant's own provider key: nothing is billed. */
    OWN_KEY_USED,
    /** The provider charged the service (a verdict came back). */
    PROVIDER_CHARGED,
    /** The check is unavailable upstream (down, timed out, unreadable answer): the provider did not charge. */
    PROVIDER_UNAVAILABLE,
    /** The provider rejected the request before the check ran: it did not charge. */
    REJECTED_BEFORE_RUN,
    /** The check ran but the provider waived its fee. */
    FEE_WAIVED,
    /** The call was charged but never settled (crash); the sweeper found it and reverses the charge. */
    SETTLEMENT_LOST,
    /** Reversing the charge failed. */
    REVERSAL_FAILED,
    /** A reversal that failed earlier was retried and succeeded. */
    REVERSAL_SUCCEEDED
}
