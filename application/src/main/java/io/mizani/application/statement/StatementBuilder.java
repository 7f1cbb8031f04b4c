package io.mizani.application.statement;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.events.EventTypes;
import io.mizani.application.events.Events;
import io.mizani.domain.common.Money;
import io.mizani.domain.statement.StatementCsv;
import io.mizani.domain.statement.StatementTotals;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Builds statements on every replica. A round claims one processing statement (a lease, {@code FOR UPDATE SKIP
 * LOCKED}: any replica may build what another was asked for, never two at once) and builds it in one transaction:
 * the row locked and one snapshot of the ledger ({@link StatementStore#beginBuild}), the entries streamed oldest first
 * into the CSV, which goes piece by piece into the file store while its SHA-256 and totals are computed on the way,
 * then the statement completed and its {@code statement.completed} event recorded. A builder that dies rolls all of
 * it back; its lease runs out and another builder takes the statement over. A build that fails is tried again after
 * {@code retryDelay}, and after {@code maxAttempts} the statement is {@code failed}.
 */
public final class StatementBuilder implements BuildStatements {

    private static final System.Logger LOG = System.getLogger(StatementBuilder.class.getName());
    private static final byte[] HEADER = StatementCsv.HEADER.getBytes(StandardCharsets.UTF_8);

    /** How builds are paced: the lease of a claim, retries, how long one build may take, the link's life, purging. */
    public record Settings(Duration lease, Duration retryDelay, int maxAttempts, Duration buildTimeout,
                           Duration linkLife, Duration purgeGrace) {
    }

    /** The stores the builder reads and writes. */
    public record Stores(StatementStore statements, LedgerExport ledger, StatementFiles files) {
    }

    private final Stores stores;
    private final Events events;
    private final UnitOfWork unitOfWork;
    private final DownloadLinks urls;
    private final Settings settings;

    public StatementBuilder(Stores stores, Events events, UnitOfWork unitOfWork, DownloadLinks urls, Settings settings) {
        this.stores = stores;
        this.events = events;
        this.unitOfWork = unitOfWork;
        this.urls = urls;
        this.settings = settings;
    }

    @Override
    public int runOnce() {
        List<StatementStore.Claim> claims = unitOfWork.inNewTransaction(
                () -> stores.statements().claim(settings.lease(), 1));
        for (StatementStore.Claim c : claims) {
            build(c);
        }
        unitOfWork.inNewTransaction(() -> {
            stores.files().delete(stores.statements().purgeExpired(settings.purgeGrace(), 20));
            return null;
        });
        return claims.size();
    }

    /** Builds one statement already claimed (the second half of a round), in this thread. */
    public void build(StatementStore.Claim c) {
        if (c.attempts() > settings.maxAttempts()) {
            unitOfWork.inNewTransaction(() -> {
                stores.statements().fail(c, "gave up after " + settings.maxAttempts() + " attempts");
                return null;
            });
            return;
        }
        try {
            unitOfWork.inNewTransaction(settings.buildTimeout(), () -> buildIn(c));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "statement " + c.id() + " attempt " + c.attempts() + " failed", e);
            String error = String.valueOf(e.getMessage());
            unitOfWork.inNewTransaction(() -> {
                if (c.attempts() >= settings.maxAttempts()) {
                    stores.statements().fail(c, error);
                } else {
                    stores.statements().retryLater(c, settings.retryDelay(), error);
                }
                return null;
            });
        }
    }

    /** One transaction: snapshot and lock, stream, store, complete, event. Null when the claim was taken over. */
    Statement buildIn(StatementStore.Claim c) {
        if (!stores.statements().beginBuild(c)) {
            return null;
        }
        String currency = c.request().currency();
        Money opening = stores.ledger().opening(c.accountId(), currency, c.request().period());
        StatementTotals[] totals = {StatementTotals.opening(opening)};
        MessageDigest sha = sha256();
        long[] size = {0};
        try (OutputStream out = new DigestOutputStream(stores.files().create(c.id()), sha)) {
            out.write(HEADER);
            size[0] += HEADER.length;
            stores.ledger().lines(c.accountId(), currency, c.request().period(), line -> {
                totals[0] = totals[0].add(line.amount());
                byte[] row = StatementCsv.row(line).getBytes(StandardCharsets.UTF_8);
                try {
                    out.write(row);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                size[0] += row.length;
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Statement done = stores.statements().complete(c, totals[0], HexFormat.of().formatHex(sha.digest()), size[0],
                settings.linkLife());
        events.record(c.accountId(), EventTypes.STATEMENT_COMPLETED,
                Map.of("statement", StatementView.of(done, urls).asMap()));
        return done;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
