package io.mizani.application.events;

import java.time.Instant;
import java.util.Optional;

/** The merchant's webhook endpoint: where events that belong to no transaction go. */
public interface WebhookEndpoints {

    Optional<String> find(long accountId);

    void save(long accountId, String url, Instant at);
}
