package io.mizani.adapter.rest.console;

import io.mizani.adapter.rest.common.ErrorBodies;
import io.mizani.adapter.rest.console.ConsoleViews.Chrome;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.operator.OperatorPermission;
import io.quarkus.qute.TemplateInstance;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * What every Qute-rendered console screen does around its page, in one place: the role check, the page header
 * ({@link Chrome}: title, navigation, the operator, the CSRF token, a notice), the error page with the use case's
 * status for a refusal (never a 500), the CSRF check of a form post, the redirect after it, and the NUL guard.
 */
@Singleton
public class ConsoleScreen {

    @Inject
    CurrentOperator operator;
    @Inject
    ConsoleCsrf csrf;

    /**
     * Renders {@code page} (a template or a redirect) for an operator whose role has {@code needs} (null: any role);
     * a refusal renders the error page with the use case's status.
     */
    Response render(String nav, OperatorPermission needs, Supplier<Object> page) {
        try {
            if (needs != null && !may(needs)) {
                throw operator.context().role().refuse(needs);
            }
            Object answer = page.get();
            return answer instanceof Response r ? r : Html.html(200, ((TemplateInstance) answer).render());
        } catch (DomainError e) {
            return Html.html(ErrorBodies.status(e.kind()),
                    ConsoleScreens.Templates.error(chrome("Not done", nav, null), e.getMessage()).render());
        }
    }

    /** Whether the signed-in operator's role may do {@code needs}. */
    boolean may(OperatorPermission needs) {
        return operator.context().role().may(needs);
    }

    /** The page header: {@code notice} is the text shown (null: none). */
    Chrome chrome(String title, String nav, String notice) {
        return new Chrome(title, nav, operator.username(), csrf.token(operator.username()), notice);
    }

    /** Refuses (403) a form post without this operator's token, or one another site made the browser send. */
    void checkCsrf(String token, String secFetchSite, String origin, String host) {
        csrf.check(operator.username(), token, secFetchSite, origin, host);
    }

    /** The 303 after a form post (post/redirect/get), with the console's headers. */
    static Response seeOther(String pathAndQuery) {
        return Html.secure(Response.seeOther(URI.create(pathAndQuery))).build();
    }

    /** A NUL character cannot reach PostgreSQL (it refuses it in text): 400 here rather than a 500 there. */
    static void noNul(String... values) {
        for (String v : values) {
            if (v != null && v.indexOf('\u0000') >= 0) {
                throw DomainError.invalidArgument("a field contains a NUL character (U+0000)");
            }
        }
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
