package io.mizani.bootstrap.console;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.team.BrowseMerchants;
import io.mizani.application.team.MerchantDirectory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/** The operator's read side of merchants and Teams (operator API lists and the console). */
@ApplicationScoped
public class ConsoleWiring {

    @Produces
    @ApplicationScoped
    BrowseMerchants browseMerchants(MerchantDirectory directory, UnitOfWork uow) {
        return new BrowseMerchants(directory, uow);
    }
}
