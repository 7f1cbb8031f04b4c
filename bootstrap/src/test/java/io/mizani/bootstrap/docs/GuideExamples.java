package io.mizani.bootstrap.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the copy-paste examples of a markdown guide: every fenced block opened with {@code ```bash example} is one
 * example, run by bash in document order with {@code http://localhost:8080} replaced by the service under test.
 * Each {@code curl} in a block must carry a {@code # -> NNN} comment with the HTTP status it answers; the statuses
 * curl actually got are compared with them in order. Shell variables in capitals assigned in one block are carried
 * into the following blocks, so an example may use an id or a token an earlier one obtained.
 */
final class GuideExamples {

    static final String MARKER = "```bash example";
    static final String DOC_BASE = "http://localhost:8080";
    private static final Pattern STATUS = Pattern.compile("#\\s*->\\s*(\\d{3})");
    private static final Pattern CURL = Pattern.compile("(?:^|[\\s;|&(`])curl\\s");
    private static final Pattern ASSIGNED = Pattern.compile("(?m)^\\s*(?:export\\s+)?([A-Z][A-Z0-9_]*)=");

    record Example(int line, String code) {
        List<Integer> expectedStatuses() {
            List<Integer> out = new ArrayList<>();
            for (String l : code.split("\n")) {
                Matcher m = STATUS.matcher(l);
                if (m.find()) {
                    out.add(Integer.parseInt(m.group(1)));
                }
            }
            return out;
        }

        /** The curl invocations written in the block (full-line comments and trailing comments left out). */
        List<String> curlLines() {
            List<String> out = new ArrayList<>();
            for (String l : code.split("\n")) {
                String s = l.strip();
                if (s.startsWith("#")) {
                    continue;
                }
                int c = s.indexOf(" # ");
                String cmd = c >= 0 ? s.substring(0, c) : s;
                Matcher m = CURL.matcher(cmd);
                while (m.find()) {
                    out.add(l);
                }
            }
            return out;
        }

        Set<String> assignedVariables() {
            Set<String> out = new LinkedHashSet<>();
            Matcher m = ASSIGNED.matcher(code);
            while (m.find()) {
                out.add(m.group(1));
            }
            return out;
        }
    }

    record Outcome(Example example, List<Integer> expected, List<Integer> actual, String output) {
        boolean passed() {
            return expected.equals(actual);
        }

        String describe() {
            return "example at line " + example.line() + ": expected statuses " + expected + ", got " + actual
                    + "\n--- example ---\n" + example.code() + "\n--- output ---\n" + output;
        }
    }

    private GuideExamples() {
    }

    static List<Example> parse(String markdown) {
        List<Example> out = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].strip().equals(MARKER)) {
                int start = i + 1;
                StringBuilder code = new StringBuilder();
                int j = start;
                while (j < lines.length && !lines[j].strip().equals("```")) {
                    code.append(lines[j]).append('\n');
                    j++;
                }
                if (j == lines.length) {
                    throw new IllegalArgumentException("example at line " + start + " is not closed");
                }
                out.add(new Example(start, code.toString()));
                i = j;
            }
        }
        return out;
    }

    /**
     * Runs the examples one after another against {@code baseUrl}; {@code afterEach} may append shell assignments to
     * the state file (e.g. a token the service mailed) before the next example runs.
     */
    static List<Outcome> run(List<Example> examples, String baseUrl, Path workDir, Consumer<Path> afterEach)
            throws IOException, InterruptedException {
        workDir = workDir.toAbsolutePath();
        Path state = workDir.resolve("state.sh");
        Files.writeString(state, "");
        List<Outcome> outcomes = new ArrayList<>();
        int n = 0;
        for (Example ex : examples) {
            n++;
            Path log = workDir.resolve("statuses-" + n + ".log");
            Files.deleteIfExists(log);
            Files.createFile(log);
            String vars = String.join(" ", ex.assignedVariables());
            String script = "MZ_LOG='" + log + "'\n"
                    + "curl() { local out code; out=$(mktemp); "
                    + "code=$(command curl -sS -o \"$out\" -w '%{http_code}' \"$@\"); "
                    + "echo \"$code\" >> \"$MZ_LOG\"; cat \"$out\"; rm -f \"$out\"; }\n"
                    + "source '" + state + "'\n"
                    + ex.code().replace(DOC_BASE, baseUrl) + "\n"
                    + (vars.isEmpty() ? "" : "declare -p " + vars + " >> '" + state + "' 2>/dev/null\n")
                    + "true\n";
            Path file = workDir.resolve("example-" + n + ".sh");
            Files.writeString(file, script);
            Process p = new ProcessBuilder("bash", file.toString()).redirectErrorStream(true)
                    .directory(workDir.toFile()).start();
            byte[] output;
            try (var in = p.getInputStream()) {
                output = in.readAllBytes();
            }
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            List<Integer> actual = new ArrayList<>();
            for (String l : Files.readAllLines(log)) {
                if (!l.isBlank()) {
                    actual.add(Integer.parseInt(l.strip()));
                }
            }
            Files.write(workDir.resolve("output-" + n + ".txt"), output);
            outcomes.add(new Outcome(ex, ex.expectedStatuses(), actual, new String(output, StandardCharsets.UTF_8)));
            afterEach.accept(state);
        }
        return outcomes;
    }

    /** {@code METHOD /path} of every curl in the examples, variables and ids in the path shown as {@code {}}. */
    static Set<String> endpoints(List<Example> examples) {
        Set<String> out = new LinkedHashSet<>();
        Pattern url = Pattern.compile("https?://localhost:8080(/[^\\s'\"?)]*)");
        Pattern method = Pattern.compile("(?:-X|--request)\\s+([A-Z]+)");
        for (Example ex : examples) {
            // join continuation lines so one command is one string
            String joined = ex.code().replace("\\\n", " ");
            for (String line : joined.split("\n")) {
                String s = line.strip();
                if (s.startsWith("#") || !CURL.matcher(" " + s).find()) {
                    continue;
                }
                Matcher u = url.matcher(s);
                if (!u.find()) {
                    continue;
                }
                Matcher m = method.matcher(s);
                String verb = m.find() ? m.group(1)
                        : s.matches(".*\\s(-d|--data|--data-raw|--data-binary|--json)\\s.*") ? "POST" : "GET";
                String path = u.group(1).replaceAll("\\$\\{?[A-Z][A-Z0-9_]*}?", "{}").replaceAll("/+$", "");
                out.add(verb + " " + path);
            }
        }
        return out;
    }
}
