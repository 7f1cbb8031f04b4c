package io.mizani.adapter.rest.tenancy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.mizani.adapter.rest.common.ErrorBodies;
import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.tenancy.Scope;
import io.mizani.domain.tenancy.Scopes;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;

/**
 * The one place scopes are checked: every merchant request whose credential does not hold every scope (an API key
 * created with fewer) is judged against {@link EndpointScopes} after authentication and the rate limit, before
 * idempotency and the resource. A refusal is 403 in the surface's shape, code {@code insufficient_scope}, naming the
 * scope needed. A credential holding every scope costs one map read here.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 200)
public class ScopeFilter implements ContainerRequestFilter {

    static final String CODE = "insufficient_scope";

    @Inject
    Instance<SecurityIdentity> identity;

    @Inject
    ObjectMapper json;

    @Context
    ResourceInfo resourceInfo;

    private final ConcurrentHashMap<Method, Optional<EndpointScopes.Rule>> rules = new ConcurrentHashMap<>();

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        Method method = resourceInfo.getResourceMethod();
        if (method == null) {
            return;
        }
        Optional<EndpointScopes.Rule> rule = rules.computeIfAbsent(method, m -> EndpointScopes.rule(
                EndpointScopes.httpMethod(m) == null ? request.getMethod() : EndpointScopes.httpMethod(m),
                EndpointScopes.template(resourceInfo.getResourceClass(), m)));
        if (rule.isPresent() ? rule.get() == EndpointScopes.Special.PUBLIC
                : !request.getUriInfo().getRequestUri().getRawPath().startsWith("/api/")) {
            return; // public, or not the merchant API (pages, provider callbacks): credentials are not looked at
        }
        SecurityIdentity id = identity.get();
        MerchantContext ctx = id == null || id.isAnonymous() ? null : id.getAttribute(MerchantIdentityProvider.ATTRIBUTE);
        if (ctx == null || ctx.scopes().holdsEvery()) {
            return;
        }
        String refusal = refusal(rule, ctx.scopes(), request);
        if (refusal != null) {
            request.abortWith(ErrorBodies.response(request.getUriInfo().getRequestUri().getRawPath(), 403, CODE,
                    refusal));
        }
    }

    /** Why a credential holding {@code held} may not call this endpoint, or null when it may. */
    private String refusal(Optional<EndpointScopes.Rule> rule, Scopes held, ContainerRequestContext request)
            throws IOException {
        if (rule.isEmpty()) {
            return "this API key lacks the scope this endpoint needs: only a credential holding every scope may call it";
        }
        return switch (rule.get()) {
            case EndpointScopes.Needs n -> held.holds(n.scope()) ? null : lacks(n.scope());
            case EndpointScopes.ByRequestType b -> {
                if (held.holds(b.collect()) && held.holds(b.payout())) {
                    yield null;
                }
                Scope needed = isCollection(request) ? b.collect() : b.payout();
                yield held.holds(needed) ? null : lacks(needed);
            }
            case EndpointScopes.Special s -> switch (s) {
                case ANY_CREDENTIAL, PUBLIC -> null;
                case EVERY_SCOPE -> "this API key lacks scopes: only a credential holding every scope may do this";
            };
        };
    }

    static String lacks(Scope scope) {
        return "this API key lacks the scope " + scope.wire();
    }

    /** The body's {@code request_type}, bound as the resource binds it; the body is put back for the resource. */
    private boolean isCollection(ContainerRequestContext request) throws IOException {
        byte[] body;
        try (InputStream in = request.getEntityStream()) {
            body = in == null ? new byte[0] : in.readAllBytes();
        }
        request.setEntityStream(new ByteArrayInputStream(body));
        try {
            RequestTypeOnly parsed = json.readValue(body, RequestTypeOnly.class);
            return parsed != null && RequestType.parse(parsed.requestType()).orElse(null) == RequestType.PAYMENT;
        } catch (IOException | RuntimeException e) {
            return false; // not JSON the resource could read either: judged as a payout, refused by validation anyway
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record RequestTypeOnly(String requestType) {
    }
}
