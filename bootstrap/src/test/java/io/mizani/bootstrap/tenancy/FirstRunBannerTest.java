package io.mizani.bootstrap.tenancy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What the first sandbox start prints for a newcomer, and that a password the operator set is never printed. */
class FirstRunBannerTest {

    @Test
    void names_the_demo_login_the_operator_login_the_docs_ui_the_console_and_sandbox_mode() {
        String banner = SandboxDemoMerchant.firstRunBanner("http://localhost:8080/", 1, "sandbox-operator");
        assertTrue(banner.contains("SANDBOX mode"), banner);
        assertTrue(banner.contains("demo / demo-secret"), banner);
        assertTrue(banner.contains("operator / sandbox-operator"), banner);
        assertTrue(banner.contains("http://localhost:8080/q/swagger-ui"), banner);
        assertTrue(banner.contains("http://localhost:8080/console"), banner);
    }

    @Test
    void a_password_set_by_the_operator_is_not_printed() {
        String banner = SandboxDemoMerchant.firstRunBanner("https://pay.example.com", 7, null);
        assertTrue(banner.contains("operator / (the MIZANI_OPERATOR_PASSWORD you set)"), banner);
        assertFalse(banner.contains("sandbox-operator"), banner);
    }
}
