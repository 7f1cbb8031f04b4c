package io.mizani.adapter.rest.common;

import java.util.Set;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;

/**
 * A request to the API without any credentials is answered 401 before anything else is looked at (path, method,
 * media type), so a client always learns first that it must authenticate. Present-but-wrong credentials are judged
 * by the identity providers. Public paths (the invitee has no credentials yet,
 * a provider's notification) are listed here.
 */
@Provider
@PreMatching
class RequireCredentialsFilter implements ContainerRequestFilter {

    /**
     * The invitation's acceptance; MTN MoMo's and Airtel Money's notifications (unsigned: confirmed by a status
     * lookup at the provider);
     * Paystack's webhook (its x-paystack-signature is its credential, checked by the resource).
     */
    static final Set<String> PUBLIC_PATHS = Set.of("/api/v2/account_invites/accept",
            "/api/providers/mtn/notify", "/api/providers/airtel/notify", "/api/providers/paystack/notify");
    /** Paths whose last segment is their own key: a statement's signed download link. */
    static final java.util.List<String> PUBLIC_PREFIXES = java.util.List.of("/api/global/statements/download/");

    @Override
    public void filter(ContainerRequestContext request) {
        String path = request.getUriInfo().getRequestUri().getRawPath();
        if (!path.startsWith("/api/") || PUBLIC_PATHS.contains(path)
                || PUBLIC_PREFIXES.stream().anyMatch(p -> path.startsWith(p) && path.indexOf('/', p.length()) < 0)) {
            return;
        }
        String auth = request.getHeaderString("Authorization");
        if (auth == null || !auth.regionMatches(true, 0, "Basic ", 0, 6)) {
            request.abortWith(ErrorBodies.response(path, 401, "unauthenticated",
                    "missing or invalid API credentials: use HTTP Basic with your API username and password"));
        }
    }
}
