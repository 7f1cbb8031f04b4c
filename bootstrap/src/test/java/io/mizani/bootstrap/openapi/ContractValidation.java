package io.mizani.bootstrap.openapi;

import java.nio.file.Files;
import java.nio.file.Path;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;

import io.quarkus.test.junit.callback.QuarkusTestBeforeEachCallback;
import io.quarkus.test.junit.callback.QuarkusTestMethodContext;
import io.restassured.RestAssured;

/**
 * Validates every response the end-to-end tests receive against the committed contract, docs/openapi.yaml: a
 * response whose status, shape or field types the document does not describe fails the test that received it.
 * Installed before each {@code @QuarkusTest} method (META-INF/services); requests are not judged here (tests send
 * malformed ones on purpose), nor paths the document leaves out (provider callbacks, checkout pages, /q/...).
 * {@code -Dopenapi.validate=false} turns it off for a run.
 */
public class ContractValidation implements QuarkusTestBeforeEachCallback {

    static final Path DOCUMENT = locate();
    private static volatile OpenApiValidationFilter filter;

    @Override
    public void beforeEach(QuarkusTestMethodContext context) {
        if ("false".equals(System.getProperty("openapi.validate"))) {
            return;
        }
        OpenApiValidationFilter f = filter();
        if (RestAssured.filters().stream().noneMatch(x -> x == f)) {
            RestAssured.filters(f);
        }
    }

    static synchronized OpenApiValidationFilter filter() {
        if (filter == null) {
            filter = new OpenApiValidationFilter(validator());
        }
        return filter;
    }

    static OpenApiInteractionValidator validator() {
        try {
            return OpenApiInteractionValidator.createForInlineApiSpecification(Files.readString(DOCUMENT))
                    .withLevelResolver(LevelResolver.create()
                            .withLevel("validation.request", ValidationReport.Level.IGNORE)
                            .withLevel("validation.response", ValidationReport.Level.ERROR)
                            .build())
                    .build();
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot read " + DOCUMENT, e);
        }
    }

    private static Path locate() {
        Path p = Path.of("../docs/openapi.yaml");
        return Files.exists(p) ? p : Path.of("docs/openapi.yaml");
    }
}
