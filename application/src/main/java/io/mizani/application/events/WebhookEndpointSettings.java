package io.mizani.application.events;

import java.util.Optional;

/** GET/PUT /api/global/webhooks/endpoint. */
public interface WebhookEndpointSettings {

    Optional<String> endpoint(long accountId);

    /** Validates (absolute http or https URL) and stores it; answers the stored URL. */
    String setEndpoint(long accountId, String url);
}
