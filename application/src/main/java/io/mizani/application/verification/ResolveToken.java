package io.mizani.application.verification;

/** Input port: read a token back. Unknown and another merchant's tokens are both 404 {@code token not found}. */
public interface ResolveToken {

    ResolvedToken resolve(long accountId, String token, boolean withData);
}
