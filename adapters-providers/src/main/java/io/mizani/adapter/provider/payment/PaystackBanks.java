package io.mizani.adapter.provider.payment;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Paystack's Nigerian banks ({@code GET /bank?country=nigeria&currency=NGN&type=nuban}), the withdraw networks of
 * {@code nip_ng}: active, not deleted, and not marked unable to take transfers. Kept for {@code refreshEvery}; a failed
 * refresh keeps the last list (and is tried again after a tenth of that), so discovery never empties because Paystack
 * hiccuped. Empty only when Paystack has never answered.
 */
public final class PaystackBanks {

    private static final Logger LOG = Logger.getLogger(PaystackBanks.class.getName());
    private static final int MAX_PAGES = 20;

    /** One bank: its Paystack code (network_code and the tail of network_id) and name. */
    public record Bank(String code, String name) {
    }

    private final PaystackApi api;
    private final Clock clock;
    private final Duration refreshEvery;
    private volatile List<Bank> banks = List.of();
    private volatile Instant refreshAt = Instant.EPOCH;

    public PaystackBanks(PaystackApi api, Clock clock, Duration refreshEvery) {
        this.api = api;
        this.clock = clock;
        this.refreshEvery = refreshEvery;
    }

    public List<Bank> banks() {
        if (clock.instant().isBefore(refreshAt)) {
            return banks;
        }
        synchronized (this) {
            if (clock.instant().isBefore(refreshAt)) {
                return banks;
            }
            List<Bank> fresh = fetch();
            if (fresh != null) {
                banks = fresh;
                refreshAt = clock.instant().plus(refreshEvery);
            } else {
                refreshAt = clock.instant().plus(refreshEvery.dividedBy(10));
            }
            return banks;
        }
    }

    /** Every page of the list; null when Paystack gave no usable answer. */
    List<Bank> fetch() {
        Map<String, Bank> out = new LinkedHashMap<>();
        String next = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            String query = "/bank?country=nigeria&currency=NGN&type=nuban&perPage=100&use_cursor=true"
                    + (next == null ? "" : "&next=" + java.net.URLEncoder.encode(next, java.nio.charset.StandardCharsets.UTF_8));
            PaystackApi.Reply reply = api.get(query);
            if (!reply.ok() || reply.data() == null || !reply.data().isArray()) {
                LOG.log(Level.WARNING, "Paystack bank list unavailable: {0}", reply.noAnswer() != null
                        ? reply.noAnswer().detail() : "HTTP " + reply.status());
                return out.isEmpty() ? null : new ArrayList<>(out.values());
            }
            for (JsonNode b : reply.data()) {
                String code = DarajaRail.text(b, "code");
                String name = DarajaRail.text(b, "name");
                if (code == null || code.isBlank() || name == null || !code.matches("[A-Za-z0-9_-]{1,40}")) {
                    continue;
                }
                if (!b.path("active").asBoolean(true) || b.path("is_deleted").asBoolean(false)
                        || !b.path("supports_transfer").asBoolean(true)) {
                    continue;
                }
                out.putIfAbsent(code, new Bank(code, name.trim()));
            }
            JsonNode meta = reply.body().path("meta");
            String n = meta.isObject() ? DarajaRail.text(meta, "next") : null;
            if (n == null || n.isBlank() || n.equals(next)) {
                break;
            }
            next = n;
        }
        return new ArrayList<>(out.values());
    }
}
