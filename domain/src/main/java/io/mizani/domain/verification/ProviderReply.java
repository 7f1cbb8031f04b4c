package io.mizani.domain.verification;

/**
 * The provider's own words about one call, kept as it gave them: its {@code reference} for the call, its message
 * ({@code detail}) and its response code. Travels unchanged from the adapter's {@link ProviderAnswer} to the stored
 * outcome and on to the merchant's result and history, so no layer re-maps these three strings by position.
 */
public record ProviderReply(String reference, String detail, String responseCode) {

    /** No reply (a call still in flight). */
    public static final ProviderReply NONE = new ProviderReply(null, null, null);

    /** The call failed: only why ({@code detail}) and the provider's code, no reference. */
    public static ProviderReply failure(String detail, String responseCode) {
        return new ProviderReply(null, detail, responseCode);
    }

    /** The same reply with another message (the sweeper closing a call as an error). */
    public ProviderReply withDetail(String nextDetail) {
        return new ProviderReply(reference, nextDetail, responseCode);
    }
}
