package io.mizani.domain.audit;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline verifier of an exported audit log (docs/operators.md): needs the domain jar and a JDK, nothing else.
 * <pre>
 * java -cp mizani-domain.jar io.mizani.domain.audit.AuditVerifier events.json checkpoint.json public-key.json
 * </pre>
 * {@code events.json} is one or more pages of {@code GET /api/admin/audit-events} (their {@code audit_events}
 * merged; order does not matter), {@code checkpoint.json} the body of {@code GET .../checkpoint} and
 * {@code public-key.json} the body of {@code GET .../public-key} (or the base64 key itself, obtained out of band).
 * It checks every event's hash, that consecutive events link ({@code prev_hash} is the previous event's
 * {@code hash}; the first event of the log links to 64 zeros), the checkpoint's Ed25519 signature, and that the
 * checkpoint's hash is the hash of the event it names when that event is in the export. Exit status 0 when all
 * hold, 1 with the first bad seq otherwise, 2 on unreadable input.
 */
public final class AuditVerifier {

    /** What a check found: ok, how many events were checked, the first seq that fails (or null), and why. */
    public record Result(boolean ok, int checked, Long firstBadSeq, String reason) {
    }

    private AuditVerifier() {
    }

    public static void main(String[] args) {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: AuditVerifier events.json checkpoint.json [public-key.json]");
            System.exit(2);
        }
        try {
            Object events = JsonText.parse(read(args[0]));
            Object checkpoint = JsonText.parse(read(args[1]));
            String key = args.length == 3 ? publicKey(read(args[2])) : null;
            Result r = verify(events, checkpoint, key);
            System.out.println(r.ok() ? "ok: " + r.checked() + " events, checkpoint verified"
                    : "BAD at seq " + r.firstBadSeq() + ": " + r.reason() + " (" + r.checked() + " events checked)");
            System.exit(r.ok() ? 0 : 1);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("cannot read the input: " + e.getMessage());
            System.exit(2);
        }
    }

    private static String read(String file) throws IOException {
        return Files.readString(Path.of(file), StandardCharsets.UTF_8);
    }

    private static String publicKey(String text) {
        String t = text.trim();
        if (t.startsWith("{")) {
            Object key = ((Map<?, ?>) JsonText.parse(t)).get("public_key");
            if (!(key instanceof String s)) {
                throw new IllegalArgumentException("public-key.json has no public_key");
            }
            return s;
        }
        return t;
    }

    /**
     * Verifies parsed JSON: {@code events} a page ({@code {audit_events: [...]}}), a list of pages or a list of
     * events; {@code checkpoint} the checkpoint body (or null to check the chain only); {@code publicKey} base64
     * X.509 DER (or null to skip the signature).
     */
    @SuppressWarnings("unchecked")
    public static Result verify(Object events, Object checkpoint, String publicKey) {
        List<Map<String, Object>> all = new ArrayList<>();
        collect(events, all);
        all.sort(Comparator.comparing(e -> seq(e)));
        int checked = 0;
        Map<String, Object> previous = null;
        Map<Long, String> hashes = new LinkedHashMap<>();
        for (Map<String, Object> e : all) {
            long seq = seq(e);
            Map<String, Object> without = new LinkedHashMap<>(e);
            Object hash = without.remove("hash");
            Object prev = e.get("prev_hash");
            if (!(hash instanceof String h) || !(prev instanceof String p)) {
                return new Result(false, checked, seq, "hash or prev_hash missing");
            }
            if (!AuditChain.hash(p, without).equals(h)) {
                return new Result(false, checked, seq, "the event's hash does not match its content");
            }
            if (seq == 1 && !AuditChain.GENESIS.equals(p)) {
                return new Result(false, checked, seq, "the first event does not start from 64 zeros");
            }
            if (previous != null && seq(previous) == seq - 1 && !p.equals(previous.get("hash"))) {
                return new Result(false, checked, seq, "prev_hash is not the previous event's hash");
            }
            if (previous != null && seq(previous) == seq) {
                return new Result(false, checked, seq, "the seq appears twice");
            }
            hashes.put(seq, h);
            previous = e;
            checked++;
        }
        if (checkpoint instanceof Map<?, ?> c) {
            Map<String, Object> cp = (Map<String, Object>) c;
            long seq = ((BigDecimal) cp.get("seq")).longValueExact();
            String hash = (String) cp.get("hash");
            String message = AuditChain.checkpointMessage(seq, hash, (String) cp.get("signed_at"));
            if (publicKey != null && !AuditKeys.verify(publicKey, message, (String) cp.get("signature"))) {
                return new Result(false, checked, seq, "the checkpoint's signature does not verify");
            }
            if (hashes.containsKey(seq) && !hashes.get(seq).equals(hash)) {
                return new Result(false, checked, seq, "the checkpoint's hash is not the event's hash");
            }
        }
        return new Result(true, checked, null, null);
    }

    @SuppressWarnings("unchecked")
    private static void collect(Object json, List<Map<String, Object>> into) {
        if (json instanceof Map<?, ?> m) {
            if (m.containsKey("audit_events")) {
                collect(m.get("audit_events"), into);
            } else {
                into.add((Map<String, Object>) m);
            }
        } else if (json instanceof List<?> l) {
            for (Object o : l) {
                collect(o, into);
            }
        } else {
            throw new IllegalArgumentException("expected audit events");
        }
    }

    private static long seq(Map<String, Object> e) {
        Object s = e.get("seq");
        if (s instanceof BigDecimal b) {
            return b.longValueExact();
        }
        if (s instanceof Number n) {
            return n.longValue();
        }
        throw new IllegalArgumentException("an event without seq");
    }
}
