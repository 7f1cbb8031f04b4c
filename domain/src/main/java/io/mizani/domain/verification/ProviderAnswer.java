package io.mizani.domain.verification;

import io.mizani.domain.verification.match.RegistryIdentity;

/**
 * What a provider said when the check ran: its verdict word ({@code verificationStatus}), the subject it named, the
 * taxpayer class the registry states when it does (tax checks), its own words ({@link ProviderReply}: reference,
 * message, code), the raw payload ({@code payloadJson}, JSON text) and the names and date of birth the registry
 * returned, mapped by the adapter into one shape for the identity match ({@code identity}, null when none).
 */
public record ProviderAnswer(String verificationStatus, String subjectName, String taxpayerClass, ProviderReply reply,
                             String payloadJson, RegistryIdentity identity) {

    public ProviderAnswer {
        if (reply == null) {
            reply = ProviderReply.NONE;
        }
    }

    /** This answer with another verdict word, subject and identity (an adapter reading its own result code). */
    public ProviderAnswer as(String nextStatus, String nextSubjectName, RegistryIdentity nextIdentity) {
        return new ProviderAnswer(nextStatus, nextSubjectName, taxpayerClass, reply, payloadJson, nextIdentity);
    }

    public String reference() {
        return reply.reference();
    }

    public String detail() {
        return reply.detail();
    }

    public String responseCode() {
        return reply.responseCode();
    }
}
