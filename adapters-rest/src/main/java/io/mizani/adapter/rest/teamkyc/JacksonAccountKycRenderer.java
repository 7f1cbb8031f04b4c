package io.mizani.adapter.rest.teamkyc;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.application.teamkyc.AccountKycRenderer;
import io.mizani.domain.teamkyc.AccountKyc;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The account_kyc of account_kyc.* events: the very view the Team KYC API answers with, through the application's
 * ObjectMapper (snake_case, ISO times, the same absent fields), turned into plain maps.
 */
@ApplicationScoped
public class JacksonAccountKycRenderer implements AccountKycRenderer {

    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {
    };

    @Inject
    ObjectMapper mapper;

    @Override
    public Map<String, Object> render(AccountKyc kyc) {
        return mapper.convertValue(AccountKycJson.AccountKycView.of(kyc), MAP);
    }
}
