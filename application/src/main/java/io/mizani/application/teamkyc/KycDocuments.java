package io.mizani.application.teamkyc;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.UploadInformation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutionException;

/**
 * The documents of a Team KYC submission (the URLs of its contact's and its entity's {@code upload_information}),
 * numbered from 1 in the contract's order, and their previews for the operator's review: each is fetched through
 * {@link DocumentSource} and shown only when its first bytes say it is an image (PNG, JPEG, GIF, WebP) or a PDF, at
 * most {@code maxBytes} long. The declared Content-Type is not trusted. Nothing fetched is kept.
 */
public final class KycDocuments {

    /** One document: its number on the submission, its slot (the contract's key) and its URL. */
    public record Document(int number, String slot, String url) {

        /** The slot in words: {@code identification_front_document} is "identification front document". */
        public String kind() {
            return slot.replace('_', ' ');
        }
    }

    /** The kinds of document a preview shows, as their first bytes prove them. */
    public enum DocumentType {
        PNG("image/png", "PNG image", ".png"),
        JPEG("image/jpeg", "JPEG image", ".jpg"),
        GIF("image/gif", "GIF image", ".gif"),
        WEBP("image/webp", "WebP image", ".webp"),
        PDF("application/pdf", "PDF", ".pdf");

        private final String mediaType;
        private final String words;
        private final String extension;

        DocumentType(String mediaType, String words, String extension) {
            this.mediaType = mediaType;
            this.words = words;
            this.extension = extension;
        }

        /** The media type it is served as, e.g. {@code image/png}. */
        public String mediaType() {
            return mediaType;
        }

        /** The type in words, e.g. "PNG image". */
        public String words() {
            return words;
        }

        /** The file name's extension, e.g. {@code .png}. */
        public String extension() {
            return extension;
        }

        public boolean image() {
            return this != PDF;
        }
    }

    /** A document's preview: its bytes and type, or the reason there is none (then type and bytes are null). */
    public record Preview(Document document, DocumentType type, byte[] bytes, String refusal) {

        public boolean image() {
            return type != null && type.image();
        }

        public long size() {
            return bytes == null ? 0 : bytes.length;
        }
    }

    private final ReviewTeamKyc review;
    private final DocumentSource source;
    private final long maxBytes;

    public KycDocuments(ReviewTeamKyc review, DocumentSource source, long maxBytes) {
        this.review = review;
        this.source = source;
        this.maxBytes = maxBytes;
    }

    /** The size limit in words, e.g. "5 MB". */
    public String limit() {
        long mb = maxBytes / (1024 * 1024);
        return mb * 1024 * 1024 == maxBytes ? mb + " MB" : maxBytes + " bytes";
    }

    /** The submission's documents, numbered from 1 (none when it refers to none). */
    public static List<Document> of(AccountKyc k) {
        List<Document> docs = new ArrayList<>();
        var s = k.statement();
        add(docs, s.contactInformation() == null ? null : s.contactInformation().uploadInformation());
        add(docs, s.entityInformation() == null ? null : s.entityInformation().uploadInformation());
        return docs;
    }

    private static void add(List<Document> docs, UploadInformation u) {
        if (u == null) {
            return;
        }
        String[][] slots = {
                {"identification_front_document", u.identificationFrontDocument()},
                {"identification_back_document", u.identificationBackDocument()},
                {"secondary_identification_front_document", u.secondaryIdentificationFrontDocument()},
                {"secondary_identification_back_document", u.secondaryIdentificationBackDocument()},
                {"selfie_image", u.selfieImage()},
                {"tax_document", u.taxDocument()},
                {"proof_of_address_document", u.proofOfAddressDocument()},
                {"entity_certificate_document", u.entityCertificateDocument()},
                {"entity_shareholding_document", u.entityShareholdingDocument()}};
        for (String[] slot : slots) {
            if (slot[1] != null && !slot[1].isBlank()) {
                docs.add(new Document(docs.size() + 1, slot[0], slot[1].strip()));
            }
        }
    }

    /** Document {@code number} of submission {@code kycId}, previewed; an unknown submission or number is 404. */
    public Preview preview(long kycId, int number) {
        List<Document> docs = of(review.record(kycId));
        if (number < 1 || number > docs.size()) {
            throw DomainError.notFound("document " + number + " of account kyc " + kycId + " not found");
        }
        return preview(docs.get(number - 1));
    }

    /** Every document of the submission previewed, fetched side by side (each within the source's timeout). */
    public List<Preview> previews(AccountKyc k) {
        List<Document> docs = of(k);
        if (docs.isEmpty()) {
            return List.of();
        }
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Preview>> futures = docs.stream().map(d -> pool.submit(() -> preview(d))).toList();
            List<Preview> out = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                out.add(get(futures.get(i), docs.get(i)));
            }
            return out;
        }
    }

    private Preview get(Future<Preview> f, Document d) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return refused(d, DocumentSource.Refusal.UNREACHABLE);
        } catch (ExecutionException e) {
            return refused(d, DocumentSource.Refusal.UNREACHABLE);
        }
    }

    private Preview preview(Document d) {
        DocumentSource.Fetched fetched = source.fetch(d.url(), maxBytes);
        if (fetched instanceof DocumentSource.Refused r) {
            return refused(d, r.reason());
        }
        byte[] bytes = ((DocumentSource.Body) fetched).bytes();
        if (bytes.length > maxBytes) {
            return refused(d, DocumentSource.Refusal.TOO_LARGE);
        }
        DocumentType type = typeOf(bytes);
        return type == null ? refused(d, DocumentSource.Refusal.NOT_A_PREVIEWABLE_TYPE)
                : new Preview(d, type, bytes, null);
    }

    private Preview refused(Document d, DocumentSource.Refusal reason) {
        return new Preview(d, null, null, reason.words(limit()));
    }

    /** The type the first bytes prove (PNG, JPEG, GIF, WebP, PDF), else null. */
    static DocumentType typeOf(byte[] b) {
        if (starts(b, 0, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return DocumentType.PNG;
        }
        if (starts(b, 0, 0xFF, 0xD8, 0xFF)) {
            return DocumentType.JPEG;
        }
        if (starts(b, 0, 'G', 'I', 'F', '8', '7', 'a') || starts(b, 0, 'G', 'I', 'F', '8', '9', 'a')) {
            return DocumentType.GIF;
        }
        if (starts(b, 0, 'R', 'I', 'F', 'F') && starts(b, 8, 'W', 'E', 'B', 'P')) {
            return DocumentType.WEBP;
        }
        if (starts(b, 0, '%', 'P', 'D', 'F', '-')) {
            return DocumentType.PDF;
        }
        return null;
    }

    private static boolean starts(byte[] b, int at, int... magic) {
        if (b.length < at + magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((b[at + i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
