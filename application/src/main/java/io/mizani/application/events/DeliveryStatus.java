package io.mizani.application.events;

import io.mizani.domain.common.WireName;

/**
 * How an event's delivery stands: {@code pending} (an attempt is due or running), {@code delivered} (the last attempt
 * got a 2xx), {@code failed} (attempts exhausted, or 410 Gone), {@code no_endpoint} (kept, never sent: no endpoint was
 * set).
 */
public enum DeliveryStatus implements WireName {
    PENDING("pending"), DELIVERED("delivered"), FAILED("failed"), NO_ENDPOINT("no_endpoint");

    private final String wire;

    DeliveryStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static DeliveryStatus fromWire(String wire) {
        return WireName.find(DeliveryStatus.class, wire)
                .orElseThrow(() -> new IllegalArgumentException("unknown delivery status " + wire));
    }
}
