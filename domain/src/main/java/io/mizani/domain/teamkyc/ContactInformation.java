package io.mizani.domain.teamkyc;

/** contact_information of a Team KYC submission. */
public record ContactInformation(
        String firstName,
        String lastName,
        String surname,
        String entityType,
        Long identificationNumber,
        String identificationType,
        Long secondaryIdentificationNumber,
        String secondaryIdentificationType,
        String status,
        String phoneNumber,
        UploadInformation uploadInformation) {

    /** Field by field (upload references too): a value in {@code change} replaces this one, a null keeps it. */
    public ContactInformation merge(ContactInformation change) {
        if (change == null) {
            return this;
        }
        return new ContactInformation(
                Merge.pick(change.firstName, firstName),
                Merge.pick(change.lastName, lastName),
                Merge.pick(change.surname, surname),
                Merge.pick(change.entityType, entityType),
                Merge.pick(change.identificationNumber, identificationNumber),
                Merge.pick(change.identificationType, identificationType),
                Merge.pick(change.secondaryIdentificationNumber, secondaryIdentificationNumber),
                Merge.pick(change.secondaryIdentificationType, secondaryIdentificationType),
                Merge.pick(change.status, status),
                Merge.pick(change.phoneNumber, phoneNumber),
                UploadInformation.merge(uploadInformation, change.uploadInformation));
    }

    static ContactInformation merge(ContactInformation base, ContactInformation change) {
        return base == null ? change : base.merge(change);
    }
}
