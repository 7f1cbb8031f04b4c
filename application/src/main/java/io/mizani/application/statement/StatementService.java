package io.mizani.application.statement;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.statement.StatementId;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Predicate;

/** Asking for, reading and downloading statements (platform.md section 17); the building is {@link StatementBuilder}'s. */
public final class StatementService implements RequestStatement, ReadStatement, DownloadStatement {

    private final StatementStore store;
    private final StatementFiles files;
    private final StatementLinks links;
    private final DownloadLinks urls;
    private final UnitOfWork unitOfWork;
    private final Predicate<String> paymentCurrency;

    /** {@code paymentCurrency}: whether the service moves payments in a currency (the catalogue's currencies). */
    public StatementService(StatementStore store, StatementFiles files, StatementLinks links, DownloadLinks urls,
                            UnitOfWork unitOfWork, Predicate<String> paymentCurrency) {
        this.store = store;
        this.files = files;
        this.links = links;
        this.urls = urls;
        this.unitOfWork = unitOfWork;
        this.paymentCurrency = paymentCurrency;
    }

    @Override
    public StatementView request(Command c) {
        if (!paymentCurrency.test(c.currency())) {
            throw DomainError.invalidArgument("currency \"" + c.currency() + "\" is not a payment currency");
        }
        Statement s = unitOfWork.inTransaction(() -> store.insert(c.accountId(),
                new Statement.Request(c.currency(), c.period())));
        return StatementView.of(s, urls);
    }

    @Override
    public StatementView read(long accountId, String id) {
        return StatementId.parse(id)
                .flatMap(sid -> unitOfWork.inTransaction(() -> store.find(accountId, sid)))
                .map(s -> StatementView.of(s, urls))
                .orElseThrow(() -> DomainError.notFound("statement \"" + id + "\" not found"));
    }

    @Override
    public Download open(String token) {
        return links.verify(token)
                .flatMap(g -> unitOfWork.inTransaction(() -> store.downloadable(g.id(), g.expiresAt())))
                .map(s -> new Download(s.id(), "statement-" + s.request().currency() + "-" + s.request().period().from()
                        + "-" + s.request().period().to() + ".csv", s.result().file().size(), s.result().file().sha256()))
                .orElseThrow(() -> DomainError.notFound("download link not found or expired"));
    }

    @Override
    public void send(Download download, OutputStream out) throws IOException {
        if (!files.copy(download.id(), out)) {
            throw new IOException("the file of statement " + download.id() + " is gone");
        }
    }
}
