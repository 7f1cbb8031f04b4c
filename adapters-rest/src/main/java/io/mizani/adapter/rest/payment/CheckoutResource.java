package io.mizani.adapter.rest.payment;

import io.mizani.adapter.rest.common.Contrast;
import io.mizani.application.payment.CardCheckout;
import io.mizani.domain.payment.CardEntry;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.HostedCheckout;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The hosted card checkout page (platform.md section 12). Reached by the payer's browser without credentials, so
 * the 256-bit random token in the path is the only key; the page is never cached and sends no Referer, so the
 * token does not leak to the merchant's redirect_url, the logo's host or anywhere else.
 * <p>
 * The page is self-contained: its style and its one script (card number grouping, brand label, expiry reload) are
 * inline, the script allowed by its SHA-256 hash in a strict Content-Security-Policy; nothing is loaded from
 * elsewhere except the Team's own logo, allowed by exact origin when one is set.
 */
@PermitAll
@Path("/checkout/{token}")
public class CheckoutResource {

    static final String DEFAULT_THEME = "#0b5cad";
    private static final Pattern DATA_IMAGE = Pattern.compile("data:image/(png|jpeg|gif|webp|svg\\+xml);base64,[A-Za-z0-9+/=]+");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm 'UTC'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    /** The page's only script; allowed by hash, so no inline handler or injected script can run. */
    static final String SCRIPT = """
            (function () {
              var n = document.getElementById('card_number');
              var label = document.getElementById('card_brand');
              function brand(d) {
                if (/^4/.test(d)) return 'Visa';
                if (/^(5[1-5]|222[1-9]|22[3-9]\\d|2[3-6]\\d\\d|27[01]\\d|2720)/.test(d)) return 'Mastercard';
                if (/^3[47]/.test(d)) return 'American Express';
                if (/^(506[01]|507[89]|6500)/.test(d)) return 'Verve';
                return '';
              }
              if (n) {
                n.addEventListener('input', function () {
                  var d = n.value.replace(/\\D/g, '').slice(0, 19);
                  var grouped = d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
                  if (grouped !== n.value) n.value = grouped;
                  if (label) label.textContent = brand(d);
                });
              }
              var e = document.getElementById('expiry');
              if (e) {
                e.addEventListener('input', function () {
                  var d = e.value.replace(/\\D/g, '').slice(0, 4);
                  var v = d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
                  if (v !== e.value) e.value = v;
                });
              }
              var t = document.querySelector('#expires time');
              if (t) {
                var at = new Date(t.getAttribute('datetime'));
                if (!isNaN(at.getTime())) t.textContent = at.toLocaleTimeString([], {hour: '2-digit', minute: '2-digit'});
              }
              var main = document.querySelector('main[data-expires-at]');
              if (main) {
                var end = Date.parse(main.getAttribute('data-expires-at'));
                var warn = document.getElementById('expiry_warning');
                var tick = function () {
                  var left = end - Date.now();
                  if (warn && left > 0 && left <= 300000) {
                    var m = Math.ceil(left / 60000);
                    warn.textContent = 'Less than ' + m + (m === 1 ? ' minute' : ' minutes') + ' left to pay.';
                    warn.hidden = false;
                  }
                };
                tick();
                setInterval(tick, 15000);
                var left = end - Date.now();
                if (left > 0 && left < 86400000) setTimeout(function () { location.reload(); }, left + 1000);
              }
            })();
            """;
    static final String SCRIPT_HASH = "'sha256-" + sha256(SCRIPT) + "'";

    @Inject
    CardCheckout checkout;

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response page(@PathParam("token") String token, @HeaderParam("Accept-Language") String languages) {
        Locale payer = PayerLocale.of(languages);
        try {
            CardCheckout.Page page = checkout.view(token);
            if (page.payment().status().isFinal()) {
                return html(200, done(page, payer), page);
            }
            if (page.external()) {
                return handOff(page);
            }
            return html(200, form(page, token, null, payer), page);
        } catch (DomainError notFound) {
            return html(404, notFound(), null);
        }
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response pay(@PathParam("token") String token, @FormParam("card_number") String cardNumber,
                        @FormParam("expiry") String expiry, @FormParam("cvc") String cvc,
                        @HeaderParam("Accept-Language") String languages) {
        Locale payer = PayerLocale.of(languages);
        CardCheckout.Outcome outcome;
        try {
            outcome = checkout.pay(token, new CardEntry(cardNumber, expiry, cvc));
        } catch (DomainError notFound) {
            return html(404, notFound(), null);
        }
        return switch (outcome.result()) {
            case INVALID_CARD, UNKNOWN_CARD -> html(422, form(outcome.page(), token, outcome.message(), payer), outcome.page());
            case DECLINED -> html(402, form(outcome.page(), token, outcome.message(), payer), outcome.page());
            case UNAVAILABLE -> html(503, page("Card payments unavailable", outcome.page(),
                    "<p class=\"error\" id=\"error\" role=\"alert\">" + esc(outcome.message()) + "</p>"), outcome.page());
            default -> finish(outcome, payer);
        };
    }

    /** The payer cancels: the payment fails with {@code cancelled by the payer} and the payer goes back. */
    @POST
    @Path("/cancel")
    @Produces(MediaType.TEXT_HTML)
    public Response cancel(@PathParam("token") String token, @HeaderParam("Accept-Language") String languages) {
        try {
            return finish(checkout.cancel(token), PayerLocale.of(languages));
        } catch (DomainError notFound) {
            return html(404, notFound(), null);
        }
    }

    /**
     * The payer is back from the card acquirer's page (Paystack appends {@code ?trxref=&reference=}, which is not
     * needed: the token names the payment). The acquirer is asked, then the payer goes to redirect_url (303).
     */
    @GET
    @Path("/return")
    @Produces(MediaType.TEXT_HTML)
    public Response returned(@PathParam("token") String token, @HeaderParam("Accept-Language") String languages) {
        try {
            return finish(checkout.returned(token), PayerLocale.of(languages));
        } catch (DomainError notFound) {
            return html(404, notFound(), null);
        }
    }

    /**
     * A card taken on the acquirer's page: the payer is sent there (303); until the acquirer has opened the
     * transaction (a moment after acceptance) a short page reloads itself.
     */
    private static Response handOff(CardCheckout.Page page) {
        if (page.handOff() != null) {
            URI to;
            try {
                to = URI.create(page.handOff());
            } catch (IllegalArgumentException malformed) {
                to = null;
            }
            if (to != null && to.getScheme() != null
                    && ("https".equalsIgnoreCase(to.getScheme()) || "http".equalsIgnoreCase(to.getScheme()))) {
                return secure(Response.seeOther(to).type("text/html; charset=utf-8").entity(page("Continue to payment",
                        page, "<h1 id=\"heading\">Continue to payment</h1><p><a id=\"hand_off\" class=\"back\" href=\""
                                + esc(page.handOff()) + "\">Continue to the card page</a></p>")), page).build();
            }
        }
        return secure(Response.ok(page("Preparing your payment", page,
                        "<h1 id=\"heading\">Preparing your payment</h1><p id=\"status\" role=\"status\">"
                                + "Connecting you to the card processor. This page reloads by itself.</p>"))
                .type("text/html; charset=utf-8").header("Refresh", "2"), page).build();
    }

    private static Response finish(CardCheckout.Outcome outcome, Locale payer) {
        if (outcome.redirectTo() == null) {
            return html(200, done(outcome.page(), payer), outcome.page());
        }
        return secure(Response.seeOther(URI.create(outcome.redirectTo())), outcome.page()).build();
    }

    private static Response html(int status, String body, CardCheckout.Page page) {
        return secure(Response.status(status).type("text/html; charset=utf-8").entity(body), page).build();
    }

    private static Response.ResponseBuilder secure(Response.ResponseBuilder b, CardCheckout.Page page) {
        String logo = page == null || page.brand() == null ? null : logoSource(page.brand().logo());
        String img = logo == null ? "" : "; img-src " + (logo.startsWith("data:") ? "data:" : origin(logo));
        return b.header("Cache-Control", "no-store")
                .header("Referrer-Policy", "no-referrer")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src "
                        + SCRIPT_HASH + img + "; base-uri 'none'");
    }

    /** The logo's address if it is one the page may show: an absolute https URL or an inline data: image. */
    static String logoSource(String logo) {
        if (logo == null || logo.isBlank()) {
            return null;
        }
        String l = logo.trim();
        if (DATA_IMAGE.matcher(l).matches()) {
            return l;
        }
        try {
            URI u = URI.create(l);
            if ("https".equalsIgnoreCase(u.getScheme()) && u.getHost() != null && u.getRawUserInfo() == null) {
                return u.toASCIIString();
            }
        } catch (IllegalArgumentException malformed) {
            return null;
        }
        return null;
    }

    private static String origin(String url) {
        URI u = URI.create(url);
        return "https://" + u.getHost().toLowerCase(Locale.ROOT) + (u.getPort() == -1 ? "" : ":" + u.getPort());
    }

    /** The Team's theme colour when it set a valid one, else the service's. */
    static String theme(CardCheckout.Brand brand) {
        String c = brand == null ? null : brand.themeColor();
        return Contrast.isColour(c) ? c.trim().toLowerCase(Locale.ROOT) : DEFAULT_THEME;
    }

    static String teamName(CardCheckout.Page page) {
        return page.brand() == null || page.brand().name() == null ? "the merchant" : page.brand().name();
    }

    /** The amount as the payer reads money (escaped for the page). */
    private static String amount(Payment p, Locale payer) {
        return esc(PayerLocale.amount(p.amounts().amount(), payer));
    }

    private static String form(CardCheckout.Page page, String token, String error, Locale payer) {
        Payment p = page.payment();
        String note = page.brand() == null || page.brand().paymentNote() == null || page.brand().paymentNote().isBlank()
                ? "" : "<p class=\"note\" id=\"payment_note\">" + esc(page.brand().paymentNote()) + "</p>";
        return page("Pay " + PayerLocale.title(p.amounts().amount(), payer), page, """
                <h1 id="heading">Pay <span class="amount" id="amount">%s</span></h1>
                <p class="ref">Reference <strong id="merchant_reference">%s</strong></p>
                %s
                %s
                <form method="post" action="/checkout/%s" autocomplete="on" novalidate>
                  <label for="card_number">Card number</label>
                  <input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number"
                         maxlength="23" required placeholder="1234 1234 1234 1234" aria-describedby="card_brand hint"%s>
                  <p class="brand-label" id="card_brand" aria-live="polite"></p>
                  <div class="row">
                    <div><label for="expiry">Expiry (MM/YY)</label>
                      <input id="expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="5"
                             placeholder="MM/YY"></div>
                    <div><label for="cvc">Security code</label>
                      <input id="cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4"
                             placeholder="123"></div>
                  </div>
                  <button id="pay" type="submit">Pay %s</button>
                </form>
                <p class="expires" id="expires">This checkout expires at <time datetime="%s">%s</time>.</p>
                <p class="warning" id="expiry_warning" role="status" hidden></p>
                <p class="hint" id="hint">Sandbox: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined.</p>
                <form class="leave" method="post" action="/checkout/%s/cancel">
                  <button id="cancel" class="secondary" type="submit">Cancel and return to %s</button>
                </form>
                """.formatted(amount(p, payer), esc(p.references().merchantReference()), note,
                error == null ? "" : "<p class=\"error\" id=\"error\" role=\"alert\">" + esc(error) + "</p>",
                esc(token), error == null ? "" : " aria-invalid=\"true\" autofocus", amount(p, payer),
                page.expiresAt(), TIME.format(page.expiresAt()), esc(token), esc(teamName(page))));
    }

    private static String done(CardCheckout.Page page, Locale payer) {
        Payment p = page.payment();
        boolean ok = p.status() == PaymentStatus.SUCCEEDED;
        String reason;
        if (ok) {
            reason = "<p id=\"detail\">" + amount(p, payer) + " was paid to " + esc(teamName(page)) + ".</p>";
        } else if (HostedCheckout.CANCELLED_BY_THE_PAYER.equals(p.outcome().failureReason())) {
            reason = "<p id=\"detail\">You cancelled it. No money was taken.</p>";
        } else if (HostedCheckout.CHECKOUT_EXPIRED.equals(p.outcome().failureReason())) {
            reason = "<p id=\"detail\">The checkout expired before a card was approved. No money was taken.</p>";
        } else {
            reason = "<p id=\"detail\">Reason: " + esc(p.outcome().failureReason()) + ".</p>";
        }
        String back = CardCheckout.redirect(p);
        return page(ok ? "Payment succeeded" : "Payment failed", page, """
                <h1 id="heading">%s</h1>
                <p class="result" id="status" role="status">%s</p>
                %s
                <p class="ref">Reference <strong id="merchant_reference">%s</strong></p>
                %s""".formatted(ok ? "Payment succeeded" : "Payment failed",
                ok ? "This payment succeeded." : "This payment failed.", reason, esc(p.references().merchantReference()),
                back == null ? "" : "<p><a id=\"back\" class=\"back\" href=\"" + esc(back) + "\">Return to "
                        + esc(teamName(page)) + "</a></p>"));
    }

    private static String notFound() {
        return page("Checkout not found", null, "<h1 id=\"heading\">Checkout not found</h1>"
                + "<p>This checkout link is not valid.</p>");
    }

    private static String page(String title, CardCheckout.Page page, String content) {
        String theme = theme(page == null ? null : page.brand());
        Contrast.Palette colours = Contrast.palette(theme);
        String header = "";
        String expires = "";
        if (page != null) {
            String logo = page.brand() == null ? null : logoSource(page.brand().logo());
            header = "<header class=\"merchant\">" + (logo == null ? "" : "<img id=\"merchant_logo\" src=\"" + esc(logo)
                    + "\" alt=\"" + esc(teamName(page)) + " logo\">") + "<p id=\"merchant_name\">"
                    + esc(teamName(page)) + "</p></header>";
            if (!page.payment().status().isFinal()) {
                expires = " data-expires-at=\"" + page.expiresAt() + "\"";
            }
        }
        String brandName = page == null ? "" : " · " + esc(teamName(page));
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="referrer" content="no-referrer">
                <title>%s%s · Mizani checkout</title>
                <style>
                :root{--accent:%s;--brand:%s;--on-brand:%s;--ring:%s}
                *,*::before,*::after{box-sizing:border-box}
                html{-webkit-text-size-adjust:100%%;text-size-adjust:100%%}
                body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f3f4f6}
                main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem 2rem;background:#fff;min-height:100vh}
                @media (min-width:480px){main{margin:2rem auto;min-height:0;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.15);padding:2rem}}
                .merchant{display:flex;align-items:center;gap:.75rem;padding-bottom:.75rem;border-bottom:4px solid var(--accent);margin-bottom:1rem}
                .merchant img{max-height:48px;max-width:120px;object-fit:contain}
                .merchant p{margin:0;font-weight:600;font-size:1.1rem;overflow-wrap:anywhere}
                h1{font-size:1.3rem;margin:.25rem 0;overflow-wrap:anywhere}
                .amount{display:block;font-size:2rem;font-weight:700}
                .note{background:#f6f8fa;border-left:4px solid var(--accent);padding:.5rem .75rem;white-space:pre-line;overflow-wrap:anywhere}
                label{display:block;font-weight:600;margin:.9rem 0 .3rem}
                input{display:block;width:100%%;max-width:100%%;min-width:0;padding:.7rem .75rem;font:inherit;border:1px solid #8c959f;border-radius:8px}
                input:focus{outline:3px solid var(--ring);outline-offset:1px}
                input[aria-invalid=true]{border-color:#a40e26}
                .row{display:flex;gap:.75rem}.row>div{flex:1 1 0;min-width:0}
                button{display:block;width:100%%;margin-top:1.25rem;padding:.85rem 1rem;font:inherit;font-weight:600;border:0;border-radius:8px;background:var(--brand);color:var(--on-brand);cursor:pointer}
                button:focus-visible,a:focus-visible{outline:3px solid #1f2328;outline-offset:2px}
                button.secondary{background:transparent;color:#1f2328;border:1px solid #8c959f;margin-top:.75rem;font-weight:500}
                .error{color:#a40e26;background:#fff0f1;border:1px solid #f5c2c7;border-radius:8px;padding:.6rem .75rem}
                .ref,.hint,.expires,.brand-label{color:#57606a;font-size:.9rem;overflow-wrap:anywhere}
                .brand-label{margin:.3rem 0 0;min-height:1.35em}
                .result{font-size:1.2rem;font-weight:600}
                .warning{color:#7a4b00;background:#fff8e1;border:1px solid #e8c26a;border-radius:8px;padding:.5rem .75rem}
                form.leave{margin-top:2rem;padding-top:1rem;border-top:1px solid #d0d7de}
                a.back{display:inline-block;padding:.7rem 1rem;border-radius:8px;background:var(--brand);color:var(--on-brand);text-decoration:none;font-weight:600}
                </style></head>
                <body><main aria-labelledby="heading"%s>%s%s</main>
                <script>%s</script></body></html>
                """.formatted(esc(title), brandName, theme, colours.brand(), colours.onBrand(), colours.ring(), expires,
                        header, content, SCRIPT);
    }

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }

    private static String sha256(String s) {
        try {
            return Base64.getEncoder().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
