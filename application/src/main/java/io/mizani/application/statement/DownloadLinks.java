package io.mizani.application.statement;

/**
 * A completed statement's download link: {@code <public URL>/api/global/statements/download/<token>}, absolute, the
 * token signed over the statement id and the expiry stored with it.
 */
public final class DownloadLinks {

    public static final String PATH = "/api/global/statements/download/";

    private final StatementLinks links;
    private final String base;

    /** {@code publicUrl}: where merchants reach the service (MIZANI_PUBLIC_URL). */
    public DownloadLinks(StatementLinks links, String publicUrl) {
        this.links = links;
        this.base = publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl;
    }

    public String url(Statement s) {
        return base + PATH + links.token(s.id(), s.result().file().expiresAt());
    }
}
