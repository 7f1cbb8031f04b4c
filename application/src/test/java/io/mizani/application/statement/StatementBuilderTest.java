package io.mizani.application.statement;

import io.mizani.domain.balance.EntryType;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.Money;
import io.mizani.domain.statement.LedgerLine;
import io.mizani.domain.statement.StatementCsv;
import io.mizani.domain.statement.StatementId;
import io.mizani.domain.statement.StatementPeriod;
import io.mizani.domain.statement.StatementStatus;
import io.mizani.domain.statement.StatementTotals;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.*;

/** The builder's round with its ports faked: what it writes, what it completes with, when it retries and gives up. */
class StatementBuilderTest {

    static final StatementPeriod NOVEMBER = StatementPeriod.parse("2026-11-01", "2026-11-30");
    static final StatementBuilder.Settings SETTINGS = new StatementBuilder.Settings(Duration.ofMinutes(2),
            Duration.ofSeconds(30), 3, Duration.ofMinutes(10), Duration.ofHours(24), Duration.ofHours(1));

    /** One statement, claimable once per {@link #free}; records what the builder did to it. */
    static final class FakeStore implements StatementStore {
        final StatementId id = new StatementId(UUID.randomUUID());
        boolean free = true;
        boolean leaseStillOurs = true;
        int attempts;
        String outcome = "processing";
        StatementTotals totals;
        String sha256;
        long size;

        @Override
        public Statement insert(long accountId, Statement.Request request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Statement> find(long accountId, StatementId id) {
            return Optional.empty();
        }

        @Override
        public List<Claim> claim(Duration lease, int limit) {
            if (!free) {
                return List.of();
            }
            free = false;
            attempts++;
            return List.of(new Claim(id, 7, new Statement.Request("KES", NOVEMBER), UUID.randomUUID(), attempts));
        }

        @Override
        public boolean beginBuild(Claim claim) {
            return leaseStillOurs;
        }

        @Override
        public Statement complete(Claim claim, StatementTotals t, String sha, long bytes, Duration linkLife) {
            outcome = "completed";
            totals = t;
            sha256 = sha;
            size = bytes;
            return new Statement(id, 7, claim.request(), StatementStatus.COMPLETED,
                    new Statement.Result(t, new Statement.File(sha, bytes, Instant.parse("2026-12-02T06:00:00Z"))),
                    Instant.parse("2026-12-01T06:00:00Z"));
        }

        @Override
        public void retryLater(Claim claim, Duration delay, String error) {
            outcome = "retry: " + error;
            free = true;
        }

        @Override
        public void fail(Claim claim, String error) {
            outcome = "failed: " + error;
        }

        @Override
        public Optional<Statement> downloadable(StatementId id, Instant linkExpiresAt) {
            return Optional.empty();
        }

        @Override
        public List<StatementId> purgeExpired(Duration grace, int limit) {
            return List.of();
        }
    }

    static final class FakeFiles implements StatementFiles {
        final Map<StatementId, ByteArrayOutputStream> files = new HashMap<>();

        @Override
        public OutputStream create(StatementId id) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            files.put(id, out);
            return out;
        }

        @Override
        public boolean copy(StatementId id, OutputStream out) {
            return false;
        }

        @Override
        public void delete(List<StatementId> ids) {
        }
    }

    static final class FakeLedger implements LedgerExport {
        final List<LedgerLine> lines = new ArrayList<>();
        RuntimeException failAfterFirst;

        @Override
        public Money opening(long accountId, String currency, StatementPeriod period) {
            return Money.of(new BigDecimal("100.00"), currency);
        }

        @Override
        public void lines(long accountId, String currency, StatementPeriod period, Consumer<LedgerLine> each) {
            for (LedgerLine l : lines) {
                each.accept(l);
                if (failAfterFirst != null) {
                    throw failAfterFirst;
                }
            }
        }
    }

    static final UnitOfWork DIRECT = io.mizani.application.common.DirectUnitOfWork.DIRECT;

    static LedgerLine line(long id, String amount, String after) {
        return new LedgerLine(id, Instant.parse("2026-11-0" + (id % 9 + 1) + "T10:00:00Z"), EntryType.ADJUSTMENT,
                Money.of(new BigDecimal(amount), "KES"), Money.of(new BigDecimal(after), "KES"),
                new LedgerLine.References(null, null), "adjustment a-" + id);
    }

    final FakeStore store = new FakeStore();
    final FakeFiles files = new FakeFiles();
    final FakeLedger ledger = new FakeLedger();
    final List<Map<String, ?>> events = new ArrayList<>();
    final StatementLinks links = new StatementLinks() {
        @Override
        public String token(StatementId id, Instant expiresAt) {
            return id + "@" + expiresAt.getEpochSecond();
        }

        @Override
        public Optional<Grant> verify(String token) {
            return Optional.empty();
        }
    };
    final StatementBuilder builder = new StatementBuilder(new StatementBuilder.Stores(store, ledger, files),
            (accountId, type, data) -> {
                assertEquals("statement.completed", type);
                events.add(data);
                return "evt_1";
            }, DIRECT, new DownloadLinks(links, "https://pay.example/"), SETTINGS);

    @Test
    void the_file_is_the_header_and_one_row_per_entry_and_the_statement_completes_with_its_digest_and_totals()
            throws Exception {
        ledger.lines.add(line(1, "50.00", "150.00"));
        ledger.lines.add(line(2, "-30.25", "119.75"));
        assertEquals(1, builder.runOnce());
        byte[] file = files.files.get(store.id).toByteArray();
        assertEquals(StatementCsv.HEADER + StatementCsv.row(ledger.lines.get(0)) + StatementCsv.row(ledger.lines.get(1)),
                new String(file, StandardCharsets.UTF_8));
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(file)), store.sha256);
        assertEquals(file.length, store.size);
        assertEquals("119.75", store.totals.closing().twoDecimals());
        assertEquals("50.00", store.totals.credits().twoDecimals());
        assertEquals("30.25", store.totals.debits().twoDecimals());
        assertEquals(2, store.totals.entryCount());
        @SuppressWarnings("unchecked")
        Map<String, Object> statement = (Map<String, Object>) events.get(0).get("statement");
        assertEquals("completed", statement.get("status"));
        assertEquals(store.sha256, statement.get("sha256"));
        assertEquals("https://pay.example/api/global/statements/download/" + store.id + "@"
                + Instant.parse("2026-12-02T06:00:00Z").getEpochSecond(), statement.get("download_url"));
        assertEquals(0, builder.runOnce(), "nothing left to claim");
    }

    @Test
    void a_builder_whose_claim_was_taken_over_writes_nothing() {
        store.leaseStillOurs = false;
        ledger.lines.add(line(1, "50.00", "150.00"));
        assertEquals(1, builder.runOnce());
        assertFalse(files.files.containsKey(store.id));
        assertEquals("processing", store.outcome);
        assertTrue(events.isEmpty());
    }

    @Test
    void a_failing_build_is_retried_then_failed_after_the_last_attempt() {
        ledger.lines.add(line(1, "50.00", "150.00"));
        ledger.failAfterFirst = new IllegalStateException("database went away");
        assertEquals(1, builder.runOnce());
        assertEquals("retry: database went away", store.outcome);
        assertEquals(1, builder.runOnce());
        assertEquals("retry: database went away", store.outcome);
        assertEquals(1, builder.runOnce());
        assertEquals("failed: database went away", store.outcome, "the third attempt is the last");
        assertTrue(events.isEmpty());
    }

    @Test
    void an_entry_in_another_currency_fails_the_build_instead_of_adding_up_wrong() {
        ledger.lines.add(new LedgerLine(1, Instant.parse("2026-11-02T10:00:00Z"), EntryType.COLLECTION,
                Money.of(BigDecimal.ONE, "NGN"), Money.of(BigDecimal.ONE, "NGN"), new LedgerLine.References(null, null),
                null));
        builder.runOnce();
        assertTrue(store.outcome.startsWith("retry: currencies differ"), store.outcome);
    }
}
