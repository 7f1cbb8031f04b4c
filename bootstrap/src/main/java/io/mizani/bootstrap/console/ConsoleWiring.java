package io.mizani.bootstrap.console;

import io.mizani.adapter.provider.document.HttpDocumentSource;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.team.BrowseMerchants;
import io.mizani.application.team.MerchantDirectory;
import io.mizani.application.teamkyc.DocumentSource;
import io.mizani.application.teamkyc.KycDocuments;
import io.mizani.application.teamkyc.ReviewTeamKyc;
import io.vertx.core.Vertx;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;
import io.mizani.bootstrap.common.MizaniSettings;

/** The operator's read side of merchants and Teams (operator API lists and the console), and KYC document previews. */
@Singleton
public class ConsoleWiring {

    @Produces
    @Singleton
    BrowseMerchants browseMerchants(MerchantDirectory directory, UnitOfWork uow) {
        return new BrowseMerchants(directory, uow);
    }

    /** Loopback is reachable in sandbox mode only (its stubs run there); private addresses never. */
    @Produces
    @Singleton
    DocumentSource documentSource(MizaniSettings settings, Vertx vertx) {
        return new HttpDocumentSource(vertx, settings.console().documentPreviewTimeout(), settings.sandbox());
    }

    @Produces
    @Singleton
    KycDocuments kycDocuments(ReviewTeamKyc review, DocumentSource source, MizaniSettings settings) {
        return new KycDocuments(review, source, settings.console().documentPreviewMaxBytes());
    }
}
