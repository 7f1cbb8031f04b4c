package io.mizani.bootstrap.openapi;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;

import io.quarkus.test.junit.callback.QuarkusTestBeforeEachCallback;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import io.quarkus.test.junit.callback.QuarkusTestMethodContext;
import io.restassured.RestAssured;

/**
 * Validates every response the end-to-end tests receive against the contract (docs/openapi.yaml, served as /q/openapi): a
 * response whose status, shape or field types the document does not describe fails the test that received it.
 * Installed before each {@code @QuarkusTest} method (META-INF/services); requests are not judged here (tests send
 * malformed ones on purpose), nor paths the document leaves out (provider callbacks, checkout pages, /q/...), nor
 * HTML form posts (the invitation page's form posts to the API path and is answered with a page, not JSON).
 * {@code -Dopenapi.validate=false} turns it off for a run.
 */
public class ContractValidation implements QuarkusTestBeforeEachCallback {

    static final Path DOCUMENT = locate();
    private static final Filter FILTER = new Lazy();

    @Override
    public void beforeEach(QuarkusTestMethodContext context) {
        if ("false".equals(System.getProperty("openapi.validate"))) {
            return;
        }
        if (RestAssured.filters().stream().noneMatch(x -> x == FILTER)) {
            RestAssured.filters(FILTER);
        }
    }

    /**
     * Built at the first request, on the committed docs/openapi.yaml; while regenerating it ({@code -Dopenapi.update=true})
     * on the document the service serves, so regenerating and validating can happen in one run.
     */
    private static final class Lazy implements Filter {
        private volatile OpenApiValidationFilter delegate;

        @Override
        public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response,
                               FilterContext ctx) {
            String type = request.getContentType();
            if (type != null && type.startsWith("application/x-www-form-urlencoded")) {
                return ctx.next(request, response); // a browser form, not the JSON API the document describes
            }
            OpenApiValidationFilter d = delegate;
            if (d == null) {
                synchronized (this) {
                    if (delegate == null) {
                        delegate = new OpenApiValidationFilter(validator(request.getBaseUri(), request.getPort()));
                    }
                    d = delegate;
                }
            }
            Response r = d.filter(request, response, ctx);
            String rec = System.getProperty("openapi.record");
            if (rec != null) {
                try {
                    java.util.Map<String, Object> line = new java.util.LinkedHashMap<>();
                    line.put("method", request.getMethod());
                    line.put("uri", request.getURI());
                    line.put("status", r.statusCode());
                    line.put("body", r.asString());
                    synchronized (Lazy.class) {
                        Files.writeString(Path.of(rec), new com.fasterxml.jackson.databind.ObjectMapper()
                                .writeValueAsString(line) + "\n", java.nio.file.StandardOpenOption.CREATE,
                                java.nio.file.StandardOpenOption.APPEND);
                    }
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            }
            return r;
        }
    }

    static OpenApiInteractionValidator validator(String baseUri, int port) {
        String document;
        try {
            document = Boolean.getBoolean("openapi.update") ? served(baseUri, port) : Files.readString(DOCUMENT);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot read " + DOCUMENT, e);
        }
        return OpenApiInteractionValidator.createForInlineApiSpecification(document)
                .withLevelResolver(LevelResolver.create()
                        .withLevel("validation.request", ValidationReport.Level.IGNORE)
                        .withLevel("validation.response", ValidationReport.Level.ERROR)
                        .build())
                .build();
    }

    private static String served(String baseUri, int port) {
        String served;
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(baseUri + ":" + port + "/q/openapi")).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("/q/openapi answered " + r.statusCode());
            }
            served = r.body();
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot read /q/openapi", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return served;
    }

    private static Path locate() {
        Path p = Path.of("../docs/openapi.yaml");
        return Files.exists(p) ? p : Path.of("docs/openapi.yaml");
    }
}
