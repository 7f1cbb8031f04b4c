package io.mizani.application.payment;

import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.RequestType;

/** One network the account may route a payment to, and whether the asked amount fits it (reason when not). */
public record RouteOption(Network network, RequestType requestType, boolean eligible, String reason) {
}
