package io.mizani.application.statement;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The statement record merchants see (platform.md section 17), in the REST answers and in the
 * {@code statement.completed} event alike: the one place its wire keys are laid out. Until the statement is
 * completed its totals, digest, link and expiry are null.
 */
public final class StatementView {

    private final Statement statement;
    private final String downloadUrl;

    private StatementView(Statement statement, String downloadUrl) {
        this.statement = statement;
        this.downloadUrl = downloadUrl;
    }

    public static StatementView of(Statement statement, DownloadLinks links) {
        return new StatementView(statement, statement.result() == null ? null : links.url(statement));
    }

    public Statement statement() {
        return statement;
    }

    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Statement.Result r = statement.result();
        m.put("id", statement.id().toString());
        m.put("currency", statement.request().currency());
        m.put("from", statement.request().period().from().toString());
        m.put("to", statement.request().period().to().toString());
        m.put("status", statement.status().wire());
        m.put("opening_balance", r == null ? null : r.totals().opening().amount());
        m.put("closing_balance", r == null ? null : r.totals().closing().amount());
        m.put("total_credits", r == null ? null : r.totals().credits().amount());
        m.put("total_debits", r == null ? null : r.totals().debits().amount());
        m.put("entry_count", r == null ? null : r.totals().entryCount());
        m.put("sha256", r == null ? null : r.file().sha256());
        m.put("download_url", downloadUrl);
        m.put("expires_at", r == null ? null : time(r.file().expiresAt()));
        m.put("created_at", time(statement.createdAt()));
        return m;
    }

    static String time(Instant t) {
        return t == null ? null : DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.MILLIS));
    }
}
