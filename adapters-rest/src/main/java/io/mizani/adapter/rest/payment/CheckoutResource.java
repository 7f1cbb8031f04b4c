package io.mizani.adapter.rest.payment;

import io.mizani.adapter.rest.common.Contrast;
import io.mizani.adapter.rest.payment.CheckoutViews.Form;
import io.mizani.adapter.rest.payment.CheckoutViews.Frame;
import io.mizani.adapter.rest.payment.CheckoutViews.Result;
import io.mizani.adapter.rest.payment.CheckoutViews.Waiting;
import io.mizani.application.payment.CardCheckout;
import io.mizani.domain.payment.CardEntry;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.HostedCheckout;
import io.mizani.domain.payment.MomoSwitch;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateInstance;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
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
 * elsewhere except the Team's own logo, allowed by exact origin when one is set. The pages are Qute templates
 * ({@code templates/CheckoutResource/}: the card form, the result, the not-found, hand-off and unavailable pages
 * inside one layout); every value is escaped by Qute, none is written raw.
 */
@PermitAll
@Path("/checkout/{token}")
public class CheckoutResource {

    static final String DEFAULT_THEME = "#0b5cad";
    private static final Pattern DATA_IMAGE = Pattern.compile("data:image/(png|jpeg|gif|webp|svg\\+xml);base64,[A-Za-z0-9+/=]+");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm 'UTC'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    /** The templates, checked against these parameters when the service is built; Qute escapes every value. */
    @CheckedTemplate
    static class Templates {
        static native TemplateInstance form(Frame frame, Form form);

        static native TemplateInstance result(Frame frame, Result result);

        static native TemplateInstance notFound(Frame frame);

        static native TemplateInstance unavailable(Frame frame, String message);

        static native TemplateInstance handOff(Frame frame, String link);

        static native TemplateInstance waiting(Frame frame, Waiting waiting);
    }

    @Inject
    CardCheckout checkout;

    /**
     * The page's only script, included by every page's layout: the CSP allows it by the hash of this very
     * rendering, so no inline handler or injected script can run and an edit of the script cannot go unhashed.
     */
    @Inject
    @Location("CheckoutResource/script.js")
    Template script;

    private String scriptHash;

    @PostConstruct
    void hashScript() {
        scriptHash = "'sha256-" + sha256(script.render()) + "'";
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response page(@PathParam("token") String token, @HeaderParam("Accept-Language") String languages,
                         @QueryParam("declined") String declined) {
        Locale payer = PayerLocale.of(languages);
        try {
            CardCheckout.Page page = checkout.view(token);
            if (page.payment().status().isFinal()) {
                return html(200, done(page, payer), page);
            }
            if (page.switched()) {
                return html(200, waiting(page, token, null, payer), page);
            }
            if (page.external()) {
                return handOff(page);
            }
            // where a browser's declined card lands (post/redirect/get): the decline said, focus back on the number
            return html(200, form(page, token, declined == null ? null : CardCheckout.DECLINED_MESSAGE, payer), page);
        } catch (DomainError notFound) {
            return notFound();
        }
    }

    /**
     * Pays with the card typed. A declined card keeps the payment pending (platform.md section 12): a browser's
     * form submission ({@code Sec-Fetch-Mode: navigate}) is then sent back to the page with {@code 303} (post/
     * redirect/get), so Back or a reload never asks to post the card again; any other client gets the form itself
     * with {@code 402}, as before.
     */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response pay(@PathParam("token") String token, @FormParam("card_number") String cardNumber,
                        @FormParam("expiry") String expiry, @FormParam("cvc") String cvc,
                        @HeaderParam("Accept-Language") String languages,
                        @HeaderParam("Sec-Fetch-Mode") String fetchMode) {
        Locale payer = PayerLocale.of(languages);
        CardCheckout.Outcome outcome;
        try {
            outcome = checkout.pay(token, new CardEntry(cardNumber, expiry, cvc));
        } catch (DomainError notFound) {
            return notFound();
        }
        return switch (outcome.result()) {
            case CONFLICT -> conflict(outcome, token, payer);
            case INVALID_CARD, UNKNOWN_CARD -> html(422, form(outcome.page(), token, outcome.message(), payer), outcome.page());
            case DECLINED -> "navigate".equals(fetchMode)
                    ? secure(Response.seeOther(URI.create("/checkout/" + token + "?declined=1")), outcome.page(), null)
                            .build()
                    : html(402, form(outcome.page(), token, outcome.message(), payer), outcome.page());
            case UNAVAILABLE -> html(503, Templates.unavailable(frame("Card payments unavailable", outcome.page()),
                    outcome.message()), outcome.page());
            default -> finish(outcome, payer);
        };
    }

    /**
     * The payer cancels: the payment fails with {@code cancelled by the payer} and the payer goes back. After a
     * switch to mobile money: 409, the waiting page saying why (the provider may still settle it).
     */
    @POST
    @Path("/cancel")
    @Produces(MediaType.TEXT_HTML)
    public Response cancel(@PathParam("token") String token, @HeaderParam("Accept-Language") String languages) {
        Locale payer = PayerLocale.of(languages);
        try {
            CardCheckout.Outcome outcome = checkout.cancel(token);
            return outcome.result() == CardCheckout.Result.CONFLICT ? conflict(outcome, token, payer)
                    : finish(outcome, payer);
        } catch (DomainError notFound) {
            return notFound();
        }
    }

    /**
     * The payer pays with mobile money (docs/adr/0009-checkout-momo-switch.md): switched, 303 to this checkout's page,
     * which waits for the prompt's approval (a reload asks again, never posts twice). A number that is not a mobile
     * number of the payment's country, a provider not offered or an amount outside its bounds: 400, the form with
     * the reason, nothing changed. Switched already (or a worker's lease): 409. Finished or expired: as a card.
     */
    @POST
    @Path("/momo")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response momo(@PathParam("token") String token, @FormParam("provider") String provider,
                         @FormParam("phone") String phone, @HeaderParam("Accept-Language") String languages) {
        Locale payer = PayerLocale.of(languages);
        CardCheckout.Outcome outcome;
        try {
            outcome = checkout.payByMomo(token, provider, phone);
        } catch (DomainError notFound) {
            return notFound();
        }
        return switch (outcome.result()) {
            case SWITCHED -> secure(Response.seeOther(URI.create("/checkout/" + token)), outcome.page(), null).build();
            case INVALID_PHONE, MOMO_REFUSED -> html(400, form(outcome.page(), token, null, outcome.message(), provider,
                    payer), outcome.page());
            case CONFLICT -> conflict(outcome, token, payer);
            default -> finish(outcome, payer);
        };
    }

    /** 409: the waiting page of a switched payment, or the form, saying why nothing changed. */
    private Response conflict(CardCheckout.Outcome outcome, String token, Locale payer) {
        CardCheckout.Page page = outcome.page();
        if (page.switched()) {
            return html(409, waiting(page, token, outcome.message(), payer), page);
        }
        return html(409, form(page, token, null, outcome.message(), null, payer), page);
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
            return notFound();
        }
    }

    /**
     * A card taken on the acquirer's page: the payer is sent there (303); until the acquirer has opened the
     * transaction (a moment after acceptance) a short page reloads itself.
     */
    private Response handOff(CardCheckout.Page page) {
        if (page.handOff() != null) {
            URI to;
            try {
                to = URI.create(page.handOff());
            } catch (IllegalArgumentException malformed) {
                to = null;
            }
            if (to != null && to.getScheme() != null
                    && ("https".equalsIgnoreCase(to.getScheme()) || "http".equalsIgnoreCase(to.getScheme()))) {
                String html = Templates.handOff(frame("Continue to payment", page), page.handOff()).render();
                return secure(Response.seeOther(to).type("text/html; charset=utf-8").entity(html), page, html).build();
            }
        }
        String html = Templates.handOff(frame("Preparing your payment", page), null).render();
        return secure(Response.ok(html).type("text/html; charset=utf-8").header("Refresh", "2"), page, html).build();
    }

    private Response finish(CardCheckout.Outcome outcome, Locale payer) {
        if (outcome.redirectTo() == null) {
            return html(200, done(outcome.page(), payer), outcome.page());
        }
        return secure(Response.seeOther(URI.create(outcome.redirectTo())), outcome.page(), null).build();
    }

    private Response html(int status, TemplateInstance body, CardCheckout.Page page) {
        String html = body.render();
        return secure(Response.status(status).type("text/html; charset=utf-8").entity(html), page, html).build();
    }

    private Response notFound() {
        return html(404, Templates.notFound(frame("Checkout not found", null)), null);
    }

    /**
     * The headers of every checkout answer. The policy allows the page's one script and its one {@code <style>}
     * element by their hashes: the style carries the Team's theme colours, so its hash is taken from the page as
     * rendered ({@link #styleHash}); no other style, attribute or element, can apply.
     */
    private Response.ResponseBuilder secure(Response.ResponseBuilder b, CardCheckout.Page page, String html) {
        String logo = page == null || page.brand() == null ? null : logoSource(page.brand().logo());
        String img = logo == null ? "" : "; img-src " + (logo.startsWith("data:") ? "data:" : origin(logo));
        return b.header("Cache-Control", "no-store")
                .header("Referrer-Policy", "no-referrer")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", "default-src 'none'" + styleHash(html).map(h -> "; style-src " + h)
                        .orElse("") + "; script-src " + scriptHash + img + "; base-uri 'none'");
    }

    /**
     * {@code 'sha256-…'} of the text of the page's first {@code <style>} element, as the browser hashes it. Every
     * value a merchant or payer wrote is escaped by Qute, so the first literal {@code <style>} is the layout's own.
     */
    static java.util.Optional<String> styleHash(String html) {
        int open = html == null ? -1 : html.indexOf("<style>");
        int close = open < 0 ? -1 : html.indexOf("</style>", open);
        if (close < 0) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("'sha256-" + sha256(html.substring(open + "<style>".length(), close)) + "'");
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

    private static TemplateInstance form(CardCheckout.Page page, String token, String error, Locale payer) {
        return form(page, token, error, null, null, payer);
    }

    /** The card form with the momo choice; {@code momoError} the last momo attempt's problem, for {@code chosen}. */
    private static TemplateInstance form(CardCheckout.Page page, String token, String error, String momoError,
                                         String chosen, Locale payer) {
        Payment p = page.payment();
        String note = page.brand() == null || page.brand().paymentNote() == null || page.brand().paymentNote().isBlank()
                ? null : page.brand().paymentNote();
        var options = page.momo();
        boolean known = options.stream().anyMatch(o -> o.provider().equals(chosen));
        var choices = new java.util.ArrayList<CheckoutViews.Choice>();
        for (int i = 0; i < options.size(); i++) {
            var o = options.get(i);
            choices.add(new CheckoutViews.Choice(o.provider(), o.name(), known ? o.provider().equals(chosen) : i == 0));
        }
        return Templates.form(frame("Pay " + PayerLocale.title(p.amounts().amount(), payer), page),
                new Form(PayerLocale.amount(p.amounts().amount(), payer), p.references().merchantReference(), note, error,
                        token, TIME.format(page.expiresAt()), new CheckoutViews.Momo(choices, momoError)));
    }

    /** A switched payment waiting for the payer's approval on the phone (the number masked). */
    private static TemplateInstance waiting(CardCheckout.Page page, String token, String message, Locale payer) {
        Payment p = page.payment();
        return Templates.waiting(frame("Approve the prompt on your phone", page),
                new Waiting(PayerLocale.amount(p.amounts().amount(), payer), p.references().merchantReference(),
                        page.momoName(), MomoSwitch.masked(p.instructions().accountNumber()), token, message));
    }

    private static TemplateInstance done(CardCheckout.Page page, Locale payer) {
        Payment p = page.payment();
        boolean ok = p.status() == PaymentStatus.SUCCEEDED;
        String detail;
        if (ok) {
            detail = PayerLocale.amount(p.amounts().amount(), payer) + " was paid to " + teamName(page) + ".";
        } else if (HostedCheckout.CANCELLED_BY_THE_PAYER.equals(p.outcome().failureReason())) {
            detail = "You cancelled it. No money was taken.";
        } else if (HostedCheckout.CHECKOUT_EXPIRED.equals(p.outcome().failureReason())) {
            detail = "The checkout expired before a card was approved. No money was taken.";
        } else {
            detail = "Reason: " + p.outcome().failureReason() + ".";
        }
        return Templates.result(frame(ok ? "Payment succeeded" : "Payment failed", page),
                new Result(ok, detail, p.references().merchantReference(), CardCheckout.redirect(p)));
    }

    /** The page around the content: the Team's colours, name and logo, the open checkout's expiry. */
    private static Frame frame(String title, CardCheckout.Page page) {
        String theme = theme(page == null ? null : page.brand());
        if (page == null) {
            return new Frame(title, theme, Contrast.palette(theme), null, null, null);
        }
        String logo = page.brand() == null ? null : logoSource(page.brand().logo());
        // a switched payment no longer expires with the checkout: no expiry shown, no reload at the checkout's end
        String expires = page.payment().status().isFinal() || page.switched() ? null : page.expiresAt().toString();
        return new Frame(title, theme, Contrast.palette(theme), teamName(page), logo, expires);
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
