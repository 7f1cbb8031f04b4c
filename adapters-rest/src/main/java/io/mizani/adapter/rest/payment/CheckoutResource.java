package io.mizani.adapter.rest.payment;

import io.mizani.application.payment.CardCheckout;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.net.URI;

/**
 * The hosted card checkout page (sandbox card rail). Reached by the payer's browser without credentials, so
 * the 256-bit random token in the path is the only key; the page is never cached and sends no Referer, so the
 * token does not leak to the merchant's redirect_url or anywhere else.
 */
@PermitAll
@Path("/checkout/{token}")
public class CheckoutResource {

    @Inject
    CardCheckout checkout;

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response page(@PathParam("token") String token) {
        try {
            Payment p = checkout.view(token);
            if (p.status().isFinal()) {
                return html(200, done(p));
            }
            return html(200, form(p, token, null));
        } catch (DomainError notFound) {
            return html(404, notFound());
        }
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response pay(@PathParam("token") String token, @FormParam("card_number") String cardNumber) {
        CardCheckout.Outcome outcome;
        try {
            outcome = checkout.pay(token, cardNumber);
        } catch (DomainError notFound) {
            return html(404, notFound());
        }
        if (outcome.result() == CardCheckout.Result.UNKNOWN_CARD) {
            return html(422, form(outcome.payment(), token, outcome.message()));
        }
        if (outcome.result() == CardCheckout.Result.UNAVAILABLE) {
            return html(503, page("Card payments unavailable", "<p id=\"error\">" + esc(outcome.message()) + "</p>"));
        }
        if (outcome.redirectTo() == null) {
            return html(200, done(outcome.payment()));
        }
        return secure(Response.seeOther(URI.create(outcome.redirectTo()))).build();
    }

    private static Response html(int status, String body) {
        return secure(Response.status(status).type("text/html; charset=utf-8").entity(body)).build();
    }

    private static Response.ResponseBuilder secure(Response.ResponseBuilder b) {
        return b.header("Cache-Control", "no-store")
                .header("Referrer-Policy", "no-referrer")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'");
    }

    private static String form(Payment p, String token, String error) {
        return page("Pay " + esc(p.currency()) + " " + esc(p.amount().toPlainString()), """
                <p class="ref">Reference <strong id="merchant_reference">%s</strong></p>
                <p class="amount" id="amount">%s %s</p>
                %s
                <form method="post" action="/checkout/%s" autocomplete="off">
                  <label>Card number <input id="card_number" name="card_number" inputmode="numeric" required
                         placeholder="4242 4242 4242 4242"></label>
                  <label>Expiry <input id="expiry" name="expiry" placeholder="12/34"></label>
                  <label>CVC <input id="cvc" name="cvc" placeholder="123"></label>
                  <button id="pay" type="submit">Pay %s %s</button>
                </form>
                <p class="hint">Sandbox: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined.</p>
                """.formatted(esc(p.merchantReference()), esc(p.currency()), esc(p.amount().toPlainString()),
                error == null ? "" : "<p class=\"error\" id=\"error\">" + esc(error) + "</p>", esc(token),
                esc(p.currency()), esc(p.amount().toPlainString())));
    }

    private static String done(Payment p) {
        return page("Payment " + p.status().wire(), "<p id=\"status\">This payment is " + esc(p.status().wire())
                + ".</p>" + (p.redirectUrl() == null ? "" : "<p><a id=\"back\" href=\"" + esc(p.redirectUrl())
                + "\">Return to the merchant</a></p>"));
    }

    private static String notFound() {
        return page("Checkout not found", "<p>This checkout link is not valid.</p>");
    }

    private static String page(String title, String content) {
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
                <meta name="referrer" content="no-referrer">
                <title>%s · Mizani checkout</title>
                <style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}
                label{display:block;margin:.6rem 0}input{display:block;width:100%%;padding:.5rem;font-size:1rem}
                button{margin-top:1rem;padding:.7rem 1rem;font-size:1rem;width:100%%}.amount{font-size:1.6rem}
                .error{color:#b00020}.hint{color:#666;font-size:.85rem}</style></head>
                <body><h1>%s</h1>%s</body></html>
                """.formatted(esc(title), esc(title), content);
    }

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
