package io.mizani.application.teamkyc;

/**
 * Fetches a document a merchant referred to by URL in a Team KYC submission (its {@code upload_information}), for the
 * operator's preview only: nothing is stored. The adapter refuses a URL that is not http(s), whose host resolves to a
 * private, link-local or (outside sandbox mode) loopback address, at every redirect; it gives up after a short
 * timeout and reads at most {@code maxBytes + 1} bytes.
 */
public interface DocumentSource {

    /** What came back: the body, or why there is none. */
    sealed interface Fetched permits Body, Refused {
    }

    /** The document's bytes (at most {@code maxBytes}). */
    record Body(byte[] bytes) implements Fetched {
    }

    /** Why the document was not fetched. */
    record Refused(Refusal reason) implements Fetched {
    }

    /** The reasons a preview cannot be shown, as the console words them. */
    enum Refusal {
        UNREACHABLE("not reachable"),
        PRIVATE_ADDRESS("points to a private address: not fetched"),
        TOO_LARGE("larger than %s"),
        NOT_A_PREVIEWABLE_TYPE("not an image or PDF");

        private final String words;

        Refusal(String words) {
            this.words = words;
        }

        /** The reason as the console shows it; {@code limit} names the size limit (e.g. "5 MB"). */
        public String words(String limit) {
            return words.formatted(limit);
        }
    }

    Fetched fetch(String url, long maxBytes);
}
