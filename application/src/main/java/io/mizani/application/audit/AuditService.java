package io.mizani.application.audit;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.audit.AuditChain;
import io.mizani.domain.audit.AuditEvent;
import io.mizani.domain.audit.AuditKeys;
import io.mizani.domain.error.DomainError;

/** Listing, checkpointing and verifying the audit log (platform.md section 18). */
public final class AuditService {

    /** How every time of the log is written: UTC, always six fraction digits (PostgreSQL keeps microseconds). */
    public static final DateTimeFormatter AT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'")
            .withZone(ZoneOffset.UTC);

    public record Page(List<AuditEvent> events, boolean hasMore) {
    }

    public record Checkpoint(long seq, String hash, String signedAt, String keyId, String signature) {
    }

    public record PublicKey(String keyId, String publicKey) {
    }

    public record Verification(boolean ok, long checked, Long firstBadSeq) {
    }

    private static final int CHUNK = 1000;

    private final AuditTrail trail;
    private final AuditKeys keys;
    private final UnitOfWork uow;

    public AuditService(AuditTrail trail, AuditKeys keys, UnitOfWork uow) {
        this.trail = trail;
        this.keys = keys;
        this.uow = uow;
    }

    public static String at(Instant instant) {
        return AT.format(instant.truncatedTo(ChronoUnit.MICROS));
    }

    public Page page(AuditTrail.Filter filter, String limit, String startingAfter) {
        int n = 20;
        if (limit != null) {
            try {
                n = Integer.parseInt(limit);
            } catch (NumberFormatException e) {
                throw DomainError.invalidArgument("limit must be a whole number from 1 to 100");
            }
            if (n < 1 || n > 100) {
                throw DomainError.invalidArgument("limit must be a whole number from 1 to 100");
            }
        }
        Long before = null;
        if (startingAfter != null) {
            try {
                before = Long.parseLong(startingAfter);
            } catch (NumberFormatException e) {
                throw DomainError.invalidArgument("starting_after must be an audit event's seq");
            }
        }
        int size = n;
        Long cursor = before;
        List<AuditEvent> rows = uow.inTransaction(() -> trail.page(filter, cursor, size));
        boolean more = rows.size() > size;
        return new Page(more ? rows.subList(0, size) : rows, more);
    }

    public Checkpoint checkpoint() {
        AuditTrail.Head head = uow.inTransaction(trail::head);
        String signedAt = at(head.now());
        String signature = keys.sign(AuditChain.checkpointMessage(head.seq(), head.hash(), signedAt));
        return new Checkpoint(head.seq(), head.hash(), signedAt, keys.keyId(), signature);
    }

    public PublicKey publicKey() {
        return new PublicKey(keys.keyId(), keys.publicKeyBase64());
    }

    /**
     * Walks the whole chain in seq order: every event's hash over its content, every link to the previous hash,
     * seq without a gap from 1, and the head row's last seq and hash at the end (a removed tail is found too).
     */
    public Verification verify() {
        AuditTrail.Head head = uow.inTransaction(trail::head);
        long expected = 1;
        String prev = AuditChain.GENESIS;
        long checked = 0;
        while (true) {
            long after = expected - 1;
            List<AuditEvent> chunk = uow.inTransaction(() -> trail.after(after, CHUNK));
            for (AuditEvent e : chunk) {
                if (e.seq() > head.seq()) {
                    return new Verification(true, checked, null); // written after the walk began
                }
                if (e.seq() != expected) {
                    return new Verification(false, checked, expected);
                }
                if (!prev.equals(e.prevHash()) || !e.hashHolds()) {
                    return new Verification(false, checked, e.seq());
                }
                prev = e.hash();
                expected++;
                checked++;
            }
            if (chunk.size() < CHUNK) {
                break;
            }
        }
        if (expected - 1 < head.seq()) {
            return new Verification(false, checked, expected);
        }
        if (head.seq() > 0 && !prev.equals(head.hash())) {
            return new Verification(false, checked, head.seq());
        }
        return new Verification(true, checked, null);
    }
}
