package io.mizani.domain.verification;

/**
 * What a provider said when the check ran. {@code payloadJson} is the raw provider payload (JSON text);
 * {@code taxpayerClass} is the class the registry states, when it does (tax checks).
 */
public record ProviderAnswer(String verificationStatus, String subjectName, String taxpayerClass, String reference,
                             String detail, String responseCode, String payloadJson) {
}
