package io.mizani.domain.statement;

import java.util.ArrayList;
import java.util.List;

/** A strict RFC 4180 reader for the tests: CRLF between records, quoted fields with doubled quotes. */
final class Rfc4180 {

    private Rfc4180() {
    }

    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        boolean quoted = false;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i += 2;
                        continue;
                    }
                    quoted = false;
                } else {
                    field.append(c);
                }
                i++;
            } else if (c == '"') {
                if (field.length() != 0) {
                    throw new IllegalArgumentException("quote inside an unquoted field at " + i);
                }
                quoted = true;
                i++;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
                i++;
            } else if (c == '\r') {
                if (i + 1 >= text.length() || text.charAt(i + 1) != '\n') {
                    throw new IllegalArgumentException("CR without LF at " + i);
                }
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i += 2;
            } else if (c == '\n') {
                throw new IllegalArgumentException("LF without CR at " + i);
            } else {
                field.append(c);
                i++;
            }
        }
        if (quoted || field.length() != 0 || !record.isEmpty()) {
            throw new IllegalArgumentException("the last record is not ended by CRLF");
        }
        return records;
    }
}
