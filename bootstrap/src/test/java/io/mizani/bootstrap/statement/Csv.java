package io.mizani.bootstrap.statement;

import java.util.ArrayList;
import java.util.List;

/** A strict RFC 4180 reader for the tests: CRLF between records, quoted fields with doubled quotes, nothing else. */
final class Csv {

    private Csv() {
    }

    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i += 2;
                    continue;
                }
                if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"' && field.isEmpty()) {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i++;
            } else if (c == '"' || c == '\r' || c == '\n') {
                throw new AssertionError("not RFC 4180 at character " + i);
            } else {
                field.append(c);
            }
            i++;
        }
        if (quoted || !field.isEmpty() || !record.isEmpty()) {
            throw new AssertionError("the file does not end with CRLF");
        }
        return records;
    }
}
