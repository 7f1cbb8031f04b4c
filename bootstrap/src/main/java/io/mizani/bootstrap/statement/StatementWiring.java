package io.mizani.bootstrap.statement;

import io.mizani.adapter.provider.crypto.HmacStatementLinks;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.events.Events;
import io.mizani.application.payment.CountryInfo;
import io.mizani.application.payment.PaymentCatalogue;
import io.mizani.application.statement.DownloadLinks;
import io.mizani.application.statement.LedgerExport;
import io.mizani.application.statement.StatementBuilder;
import io.mizani.application.statement.StatementFiles;
import io.mizani.application.statement.StatementLinks;
import io.mizani.application.statement.StatementService;
import io.mizani.application.statement.StatementStore;
import io.mizani.bootstrap.common.MizaniSettings;
import io.mizani.bootstrap.verification.VerificationWiring;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;

/** Creates the statement use cases: asking, reading, downloading (StatementService) and building (StatementBuilder). */
@Singleton
public class StatementWiring {

    /** Download tokens signed under a key derived from MIZANI_PII_KEY (the sandbox key in sandbox mode). */
    @Produces
    @Singleton
    StatementLinks statementLinks(VerificationWiring keys) {
        return new HmacStatementLinks(keys.masterKey());
    }

    @Produces
    @Singleton
    DownloadLinks downloadLinks(StatementLinks links, MizaniSettings settings) {
        return new DownloadLinks(links, settings.publicUrl());
    }

    @Produces
    @Singleton
    StatementService statementService(StatementStore store, StatementFiles files, StatementLinks links,
                                      DownloadLinks urls, UnitOfWork unitOfWork, PaymentCatalogue catalogue) {
        return new StatementService(store, files, links, urls, unitOfWork,
                currency -> catalogue.countries().stream().map(CountryInfo::currency).anyMatch(currency::equals));
    }

    @Produces
    @Singleton
    StatementBuilder statementBuilder(StatementStore store, LedgerExport ledger, StatementFiles files, Events events,
                                      UnitOfWork unitOfWork, DownloadLinks urls, StatementSettings s) {
        return new StatementBuilder(new StatementBuilder.Stores(store, ledger, files), events, unitOfWork, urls,
                new StatementBuilder.Settings(s.lease(), s.retryDelay(), s.maxAttempts(), s.buildTimeout(),
                        s.linkLife(), s.purgeGrace()));
    }
}
