package io.mizani.domain.verification;

import io.mizani.domain.verification.match.RegistryIdentity;

/**
 * What a provider said when the check ran. {@code payloadJson} is the raw provider payload (JSON text);
 * {@code taxpayerClass} is the class the registry states, when it does (tax checks); {@code identity} the names and
 * date of birth the registry returned, mapped by the adapter into one shape for the identity match (null when none).
 */
public record ProviderAnswer(String verificationStatus, String subjectName, String taxpayerClass, String reference,
                             String detail, String responseCode, String payloadJson, RegistryIdentity identity) {

    public ProviderAnswer(String verificationStatus, String subjectName, String taxpayerClass, String reference,
                          String detail, String responseCode, String payloadJson) {
        this(verificationStatus, subjectName, taxpayerClass, reference, detail, responseCode, payloadJson, null);
    }
}
