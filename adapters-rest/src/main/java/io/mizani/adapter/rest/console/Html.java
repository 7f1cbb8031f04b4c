package io.mizani.adapter.rest.console;


import jakarta.ws.rs.core.Response;

/**
 * Server-rendered HTML of the operator console and the landing page: one stylesheet from the service itself, no
 * script, no external asset, every value escaped. The Content-Security-Policy allows nothing else.
 */
public final class Html {

    /** No script at all; styles only from the service's own stylesheet; forms only back to the service. */
    public static final String CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'";

    static final String CSS = """
            *,*::before,*::after{box-sizing:border-box}
            html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
            body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f3f4f6}
            header.top{background:#0b3d6e;color:#fff;padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center}
            header.top .brand{font-weight:700;color:#fff;text-decoration:none;font-size:1.05rem}
            header.top nav{display:flex;flex-wrap:wrap;gap:.25rem .9rem}
            header.top nav a{color:#dbe9f7;text-decoration:none;padding:.2rem 0;border-bottom:2px solid transparent}
            header.top nav a[aria-current=page]{color:#fff;border-bottom-color:#fff}
            header.top .who{margin-left:auto;font-size:.85rem;color:#dbe9f7}
            .mode{display:inline-block;background:#f0b429;color:#1f2328;border-radius:4px;padding:0 .4rem;font-size:.8rem;font-weight:600}
            main{max-width:72rem;margin:0 auto;padding:1rem}
            h1{font-size:1.4rem;margin:.5rem 0 1rem;overflow-wrap:anywhere}
            h2{font-size:1.1rem;margin:0 0 .6rem}
            section.card{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1rem;margin:0 0 1rem;min-width:0}
            .grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));gap:1rem}
            .grid>section.card{margin:0}
            .scroll{overflow-x:auto;max-width:100%}
            table{border-collapse:collapse;width:100%;font-size:.9rem}
            th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
            th{background:#f6f8fa;font-weight:600;white-space:nowrap}
            td{overflow-wrap:anywhere}
            dl{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.25rem .75rem;margin:0}
            dt{color:#57606a}dd{margin:0;overflow-wrap:anywhere}
            form.inline{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:.5rem 0}
            form.inline>div{display:flex;flex-direction:column;min-width:0;flex:1 1 9rem}
            label{font-size:.85rem;font-weight:600;color:#374151}
            input,select,textarea{font:inherit;padding:.45rem .55rem;border:1px solid #8c959f;border-radius:6px;min-width:0;width:100%;max-width:100%;background:#fff}
            button{font:inherit;font-weight:600;padding:.5rem .9rem;border:0;border-radius:6px;background:#0b5cad;color:#fff;cursor:pointer}
            button.danger{background:#a40e26}
            button.secondary{background:#fff;color:#1f2328;border:1px solid #8c959f}
            button:focus-visible,a:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #f0b429;outline-offset:1px}
            a{color:#0b5cad}
            .notice{background:#e6f4ea;border:1px solid #a7d7b5;border-radius:8px;padding:.6rem .75rem;margin:0 0 1rem}
            .error{background:#fff0f1;border:1px solid #f5c2c7;color:#a40e26;border-radius:8px;padding:.6rem .75rem;margin:0 0 1rem}
            .secret{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;background:#fff8e1;border:1px dashed #f0b429;padding:.5rem;overflow-wrap:anywhere;word-break:break-all}
            pre{background:#f6f8fa;border-radius:6px;padding:.75rem;overflow-x:auto;font-size:.8rem;max-width:100%;white-space:pre-wrap;overflow-wrap:anywhere}
            .muted{color:#57606a;font-size:.85rem}
            .pill{display:inline-block;border-radius:999px;padding:0 .5rem;font-size:.8rem;font-weight:600;background:#e5e7eb}
            .pill.approved,.pill.active,.pill.succeeded,.pill.delivered,.pill.verified{background:#d1f0da;color:#116329}
            tr.flag td{background:#fff5f5}
            .pill.rejected,.pill.deleted,.pill.failed,.pill.revoked{background:#ffe1e4;color:#a40e26}
            .pill.pending,.pill.in_review,.pill.queued{background:#fff1c2;color:#6b4b00}
            .pager{display:flex;gap:1rem;margin-top:.75rem}
            ul.links{padding-left:1.2rem}ul.links li{margin:.35rem 0}
            .narrow{max-width:26rem}
            .pill{white-space:nowrap}
            table.wide td{overflow-wrap:break-word;word-break:normal;min-width:6rem}
            table.wide td.long{min-width:14rem}
            ol.timeline{list-style:none;margin:0;padding:0 0 0 .9rem;border-left:3px solid #d0d7de}
            ol.timeline li{margin:0 0 .75rem;overflow-wrap:anywhere}
            .actions{display:flex;flex-wrap:wrap;gap:.4rem}.actions form{margin:0}
            ul.documents{list-style:none;margin:0 0 .5rem;padding:0;display:grid;gap:.75rem}
            ul.documents figure{margin:0}ul.documents img{display:block;max-width:100%;height:auto;max-height:24rem;border:1px solid #d0d7de;border-radius:6px}
            .error-text{color:#a40e26;font-weight:600}
            header.top form.sign-out{margin:0}
            header.top form.sign-out button{padding:.15rem .6rem;font-size:.85rem;background:#fff;color:#0b3d6e}
            """;

    private Html() {
    }

    /** The headers every console or landing page carries. */
    public static Response.ResponseBuilder secure(Response.ResponseBuilder b) {
        return b.type("text/html; charset=utf-8")
                .header("Content-Security-Policy", CSP)
                .header("Cache-Control", "no-store")
                .header("Referrer-Policy", "same-origin")
                .header("X-Content-Type-Options", "nosniff")
                .header("X-Frame-Options", "DENY");
    }

    public static Response html(int status, String body) {
        return secure(Response.status(status)).entity(body).build();
    }
}
