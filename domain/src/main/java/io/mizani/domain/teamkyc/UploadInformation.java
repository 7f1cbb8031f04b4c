package io.mizani.domain.teamkyc;

/** References to uploaded files (both in contact_information and entity_information). */
public record UploadInformation(
        String identificationFrontDocument,
        String identificationBackDocument,
        String secondaryIdentificationFrontDocument,
        String secondaryIdentificationBackDocument,
        String selfieImage,
        String taxDocument,
        String proofOfAddressDocument,
        String entityCertificateDocument,
        String entityShareholdingDocument) {

    public static final UploadInformation EMPTY = new UploadInformation(null, null, null, null, null, null, null, null,
            null);

    /** Field by field: a value in {@code change} replaces this one, a null keeps it. */
    public UploadInformation merge(UploadInformation change) {
        if (change == null) {
            return this;
        }
        return new UploadInformation(
                Merge.pick(change.identificationFrontDocument, identificationFrontDocument),
                Merge.pick(change.identificationBackDocument, identificationBackDocument),
                Merge.pick(change.secondaryIdentificationFrontDocument, secondaryIdentificationFrontDocument),
                Merge.pick(change.secondaryIdentificationBackDocument, secondaryIdentificationBackDocument),
                Merge.pick(change.selfieImage, selfieImage),
                Merge.pick(change.taxDocument, taxDocument),
                Merge.pick(change.proofOfAddressDocument, proofOfAddressDocument),
                Merge.pick(change.entityCertificateDocument, entityCertificateDocument),
                Merge.pick(change.entityShareholdingDocument, entityShareholdingDocument));
    }

    static UploadInformation merge(UploadInformation base, UploadInformation change) {
        return base == null ? change : base.merge(change);
    }
}
