package io.mizani.adapter.rest.console;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import io.mizani.domain.error.DomainError;

/**
 * Cross-site request forgery protection of the console's forms. A browser sends cached HTTP Basic credentials with
 * any request to the service, a forged cross-site form post included, so every state-changing form carries a token
 * the attacker's page cannot read (an HMAC of the operator's login under a key every replica derives from the
 * service's secret, so a form one replica rendered posts to any other, and survives a restart), and a post whose
 * {@code Sec-Fetch-Site} or {@code Origin} says it came from another site is refused before the token is looked at.
 * Made by the bootstrap module's wiring with that key.
 */
public class ConsoleCsrf {

    public static final String FIELD = "csrf_token";
    static final String REFUSED = "the form is out of date or did not come from the console: reload the page and try again";

    private final byte[] key;

    public ConsoleCsrf(byte[] key) {
        if (key == null || key.length < 32) {
            throw new IllegalArgumentException("the console's CSRF key must have at least 32 bytes");
        }
        this.key = key.clone();
    }

    public String token(String operator) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal(("console:" + operator).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Refuses (403) a post that came from elsewhere or lacks the operator's token. */
    void check(String operator, String sent, String secFetchSite, String origin, String host) {
        if (secFetchSite != null && !secFetchSite.equals("same-origin") && !secFetchSite.equals("none")) {
            throw refused();
        }
        if (origin != null && !origin.equals("null") && host != null) {
            try {
                URI o = URI.create(origin);
                String authority = o.getPort() == -1 ? o.getHost() : o.getHost() + ":" + o.getPort();
                if (!host.equalsIgnoreCase(authority)) {
                    throw refused();
                }
            } catch (IllegalArgumentException malformed) {
                throw refused();
            }
        } else if ("null".equals(origin)) {
            throw refused();
        }
        if (sent == null || !MessageDigest.isEqual(sent.getBytes(StandardCharsets.UTF_8),
                token(operator).getBytes(StandardCharsets.UTF_8))) {
            throw refused();
        }
    }

    private static DomainError refused() {
        return new DomainError(DomainError.Kind.FORBIDDEN, "forbidden", REFUSED);
    }
}
