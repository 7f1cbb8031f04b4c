package io.mizani.bootstrap.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.openqa.selenium.JavascriptExecutor;

/**
 * axe-core (Deque's accessibility engine, from the {@code org.webjars.npm:axe-core} jar) run inside the page the
 * browser shows: the WCAG 2.0/2.1 A and AA rules and axe's best practices. {@link #serious} answers the violations of
 * impact serious or critical, one line each (rule, help, the elements' selectors), for a test to assert empty.
 */
public final class Axe {

    private static final String SCRIPT = load();

    private Axe() {
    }

    private static String load() {
        String path = "META-INF/resources/webjars/axe-core/4.6.3/axe.min.js";
        try (InputStream in = Axe.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is not on the test classpath (org.webjars.npm:axe-core)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The serious and critical violations on the page as shown now. */
    @SuppressWarnings("unchecked")
    public static List<String> serious(JavascriptExecutor page) {
        if (!Boolean.TRUE.equals(page.executeScript("return typeof axe !== 'undefined'"))) {
            page.executeScript(SCRIPT);
        }
        Object result = page.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                axe.run(document, {runOnly: {type: 'tag',
                        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})
                    .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.map(n => n.target.join(' '))}))))
                    .catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));
                """);
        List<String> found = new ArrayList<>();
        for (Map<String, Object> v : (List<Map<String, Object>>) result) {
            Object impact = v.get("impact");
            if ("serious".equals(impact) || "critical".equals(impact)) {
                found.add(impact + " " + v.get("id") + ": " + v.get("help") + " " + v.get("nodes"));
            }
        }
        return found;
    }
}
