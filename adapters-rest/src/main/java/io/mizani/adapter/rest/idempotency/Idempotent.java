package io.mizani.adapter.rest.idempotency;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a POST resource method as accepting an {@code Idempotency-Key} header (platform.md section 8): within 24
 * hours a repeat with the same key and body replays the first response (same status and body, nothing done twice),
 * the same key with another body answers 422 {@code idempotency_key_reused}, and a repeat while the first is still
 * running answers 409 {@code idempotency_key_in_progress}. Keys are scoped to the calling merchant. Every answer
 * the method gave is stored and replayed, a 5xx included (platform.md section 8: "replays the first response";
 * Stripe does the same): a client retries a 502 with a new key. Without the header the method runs as usual.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Idempotent {
}
