package io.mizani.application.refund;

import io.mizani.domain.refund.Refund;

/** Accepts a refund of a succeeded collection (platform.md section 15). */
public interface StartRefund {

    Refund start(StartRefundCommand command);
}
