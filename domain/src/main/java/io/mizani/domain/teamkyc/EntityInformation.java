package io.mizani.domain.teamkyc;

/** entity_information of a Team KYC submission (business details). */
public record EntityInformation(
        String entityName,
        String entityDirectors,
        String natureOfBusiness,
        String businessType,
        String entityAddress,
        Long taxDocumentNumber,
        Long entityCertificateNumber,
        UploadInformation uploadInformation) {

    /** Field by field (upload references too): a value in {@code change} replaces this one, a null keeps it. */
    public EntityInformation merge(EntityInformation change) {
        if (change == null) {
            return this;
        }
        return new EntityInformation(
                Merge.pick(change.entityName, entityName),
                Merge.pick(change.entityDirectors, entityDirectors),
                Merge.pick(change.natureOfBusiness, natureOfBusiness),
                Merge.pick(change.businessType, businessType),
                Merge.pick(change.entityAddress, entityAddress),
                Merge.pick(change.taxDocumentNumber, taxDocumentNumber),
                Merge.pick(change.entityCertificateNumber, entityCertificateNumber),
                UploadInformation.merge(uploadInformation, change.uploadInformation));
    }

    static EntityInformation merge(EntityInformation base, EntityInformation change) {
        return base == null ? change : base.merge(change);
    }
}
