package io.mizani.domain.screening;

import io.mizani.domain.error.DomainError;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads a screening list file in one of its official formats (platform.md section 20, docs/screening.md) into
 * entries. A file that cannot be read is refused whole with a 400 naming the problem (nothing is loaded):
 * <ul>
 *   <li>{@code ofac_sdn_xml}: {@code sdnList/sdnEntry} ({@code uid}, {@code firstName}, {@code lastName},
 *       {@code sdnType}: {@code Individual} is a person, anything else an organization; {@code akaList/aka};
 *       {@code dateOfBirthList/dateOfBirthItem/dateOfBirth}, the first year in it; countries of
 *       {@code nationalityList}, {@code citizenshipList} and {@code addressList}). Namespaces are ignored, so the
 *       legacy and the Sanctions List Service exports read alike.</li>
 *   <li>{@code un_consolidated_xml}: {@code CONSOLIDATED_LIST/INDIVIDUALS/INDIVIDUAL} and
 *       {@code ENTITIES/ENTITY} ({@code REFERENCE_NUMBER}, else {@code DATAID}; {@code FIRST_NAME} to
 *       {@code FOURTH_NAME} joined; {@code *_ALIAS/ALIAS_NAME}; {@code INDIVIDUAL_DATE_OF_BIRTH} {@code YEAR},
 *       {@code DATE} or {@code FROM_YEAR}; {@code NATIONALITY/VALUE} and {@code *_ADDRESS/COUNTRY}).</li>
 *   <li>{@code csv}: RFC 4180, header {@code entry_id,type,name,aliases,birth_year,countries}; aliases and
 *       countries separated by {@code ;}; type {@code person} or {@code organization}.</li>
 * </ul>
 * DTDs and external entities are refused (no XXE). An entry without a name, or an id seen twice, refuses the file.
 */
public final class ListFiles {

    public static final String CSV_HEADER = "entry_id,type,name,aliases,birth_year,countries";
    private static final Pattern YEAR = Pattern.compile("(1[89]\\d\\d|20\\d\\d)");

    private ListFiles() {
    }

    public static List<ListEntry> parse(ListFormat format, byte[] body) {
        if (body == null || body.length == 0) {
            throw problem("the list file is empty");
        }
        List<ListEntry> entries = switch (format) {
            case CSV -> csv(new String(body, StandardCharsets.UTF_8));
            case OFAC_SDN_XML -> xml(body, new Ofac());
            case UN_CONSOLIDATED_XML -> xml(body, new Un());
        };
        Set<String> ids = new LinkedHashSet<>();
        for (ListEntry e : entries) {
            if (!ids.add(e.entryId())) {
                throw problem("entry " + e.entryId() + " appears twice");
            }
        }
        if (entries.isEmpty()) {
            throw problem("the list file has no entries");
        }
        return entries;
    }

    static DomainError problem(String message) {
        return DomainError.invalidArgument("list file: " + message);
    }

    // ---- CSV -------------------------------------------------------------------------------------------------

    private static List<ListEntry> csv(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        List<List<String>> rows = rows(t);
        if (rows.isEmpty() || !String.join(",", rows.get(0)).strip().equals(CSV_HEADER)) {
            throw problem("the first line must be the header " + CSV_HEADER);
        }
        List<ListEntry> out = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            List<String> r = rows.get(i);
            int line = i + 1;
            if (r.size() == 1 && r.get(0).isBlank()) {
                continue;
            }
            if (r.size() != 6) {
                throw problem("line " + line + " has " + r.size() + " fields, not 6");
            }
            String id = r.get(0).strip();
            if (id.isEmpty()) {
                throw problem("line " + line + " has no entry_id");
            }
            EntryType type = EntryType.fromWire(r.get(1).strip())
                    .orElseThrow(() -> problem("line " + line + ": type must be person or organization"));
            String name = r.get(2).strip();
            if (name.isEmpty()) {
                throw problem("line " + line + " has no name");
            }
            Integer year = null;
            String y = r.get(4).strip();
            if (!y.isEmpty()) {
                if (!y.matches("\\d{4}")) {
                    throw problem("line " + line + ": birth_year must be a four-digit year");
                }
                year = Integer.parseInt(y);
            }
            out.add(new ListEntry(id, type, name, split(r.get(3)), year, split(r.get(5))));
        }
        return out;
    }

    private static List<String> split(String field) {
        List<String> out = new ArrayList<>();
        for (String s : field.split(";")) {
            if (!s.isBlank()) {
                out.add(s.strip());
            }
        }
        return out;
    }

    /** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
    private static List<List<String>> rows(String t) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            any = true;
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < t.length() && t.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < t.length() && t.charAt(i + 1) == '\n') {
                    i++;
                }
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
                any = false;
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw problem("a quoted field is not closed");
        }
        if (any) {
            row.add(field.toString());
            rows.add(row);
        }
        return rows;
    }

    // ---- XML -------------------------------------------------------------------------------------------------

    /** Collects the entries of one XML format from its elements' local names and texts. */
    private interface XmlFormat {
        void start(String path, String local);

        void text(String path, String local, String text);

        void end(String local, List<ListEntry> out);

        String rootName();
    }

    private static List<ListEntry> xml(byte[] body, XmlFormat format) {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        try {
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        } catch (IllegalArgumentException ignored) {
            // not every StAX implementation knows the property; DTDs are off anyway
        }
        List<ListEntry> out = new ArrayList<>();
        List<String> stack = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        try {
            XMLStreamReader r = f.createXMLStreamReader(new ByteArrayInputStream(body));
            boolean rootSeen = false;
            while (r.hasNext()) {
                int ev = r.next();
                switch (ev) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        String local = r.getLocalName();
                        if (!rootSeen) {
                            if (!local.equals(format.rootName())) {
                                throw problem("the root element is " + local + ", not " + format.rootName());
                            }
                            rootSeen = true;
                        }
                        stack.add(local);
                        text.setLength(0);
                        format.start(String.join("/", stack), local);
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> text.append(r.getText());
                    case XMLStreamConstants.END_ELEMENT -> {
                        String local = r.getLocalName();
                        String path = String.join("/", stack);
                        String value = text.toString().strip();
                        if (!value.isEmpty()) {
                            format.text(path, local, value);
                        }
                        text.setLength(0);
                        format.end(local, out);
                        stack.remove(stack.size() - 1);
                    }
                    case XMLStreamConstants.DTD -> throw problem("a DTD is not accepted");
                    default -> {
                    }
                }
            }
            if (!rootSeen) {
                throw problem("no XML element found");
            }
        } catch (XMLStreamException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNumber();
            throw problem("not well-formed XML" + where);
        }
        return out;
    }

    private static Integer firstYear(String text) {
        Matcher m = YEAR.matcher(text);
        return m.find() ? Integer.parseInt(m.group(1)) : null;
    }

    /** Fields of the entry being read. */
    private static final class Draft {
        String id;
        String first;
        String last;
        final List<String> names = new ArrayList<>();
        String type;
        final List<String> aliases = new ArrayList<>();
        Integer year;
        final Set<String> countries = new LinkedHashSet<>();
        String akaFirst;
        String akaLast;
        String akaWhole;
    }

    private static final class Ofac implements XmlFormat {
        private Draft d;

        @Override
        public String rootName() {
            return "sdnList";
        }

        @Override
        public void start(String path, String local) {
            if (local.equals("sdnEntry")) {
                d = new Draft();
            } else if (d != null && local.equals("aka")) {
                d.akaFirst = null;
                d.akaLast = null;
            }
        }

        @Override
        public void text(String path, String local, String text) {
            if (d == null) {
                return;
            }
            boolean inAka = path.contains("/akaList/");
            switch (local) {
                case "uid" -> {
                    if (path.endsWith("sdnEntry/uid")) {
                        d.id = text;
                    }
                }
                case "firstName" -> {
                    if (inAka) {
                        d.akaFirst = text;
                    } else if (path.endsWith("sdnEntry/firstName")) {
                        d.first = text;
                    }
                }
                case "lastName" -> {
                    if (inAka) {
                        d.akaLast = text;
                    } else if (path.endsWith("sdnEntry/lastName")) {
                        d.last = text;
                    }
                }
                case "sdnType" -> d.type = text;
                case "dateOfBirth" -> {
                    if (d.year == null) {
                        d.year = firstYear(text);
                    }
                }
                case "country" -> d.countries.add(text);
                default -> {
                }
            }
        }

        @Override
        public void end(String local, List<ListEntry> out) {
            if (d == null) {
                return;
            }
            if (local.equals("aka")) {
                String alias = join(d.akaFirst, d.akaLast);
                if (!alias.isEmpty()) {
                    d.aliases.add(alias);
                }
            } else if (local.equals("sdnEntry")) {
                if (d.id == null) {
                    throw problem("an sdnEntry has no uid");
                }
                String name = join(d.first, d.last);
                if (name.isEmpty()) {
                    throw problem("sdnEntry " + d.id + " has no lastName");
                }
                EntryType type = "Individual".equalsIgnoreCase(d.type) ? EntryType.PERSON : EntryType.ORGANIZATION;
                out.add(new ListEntry(d.id, type, name, d.aliases, d.year, List.copyOf(d.countries)));
                d = null;
            }
        }
    }

    private static final class Un implements XmlFormat {
        private Draft d;
        private String dataId;

        @Override
        public String rootName() {
            return "CONSOLIDATED_LIST";
        }

        @Override
        public void start(String path, String local) {
            if (local.equals("INDIVIDUAL") || local.equals("ENTITY")) {
                d = new Draft();
                d.type = local;
                dataId = null;
            } else if (d != null && (local.equals("INDIVIDUAL_ALIAS") || local.equals("ENTITY_ALIAS"))) {
                d.akaWhole = null;
            }
        }

        @Override
        public void text(String path, String local, String text) {
            if (d == null) {
                return;
            }
            boolean inEntry = path.endsWith("/INDIVIDUAL/" + local) || path.endsWith("/ENTITY/" + local);
            switch (local) {
                case "DATAID" -> dataId = text;
                case "REFERENCE_NUMBER" -> d.id = text;
                case "FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME" -> {
                    if (inEntry) {
                        d.names.add(text);
                    }
                }
                case "ALIAS_NAME" -> d.akaWhole = text;
                case "YEAR", "FROM_YEAR" -> {
                    if (d.year == null && path.contains("_DATE_OF_BIRTH/")) {
                        d.year = firstYear(text);
                    }
                }
                case "DATE" -> {
                    if (d.year == null && path.contains("_DATE_OF_BIRTH/")) {
                        d.year = firstYear(text);
                    }
                }
                case "VALUE" -> {
                    if (path.contains("/NATIONALITY/")) {
                        d.countries.add(text);
                    }
                }
                case "COUNTRY" -> {
                    if (path.contains("_ADDRESS/")) {
                        d.countries.add(text);
                    }
                }
                default -> {
                }
            }
        }

        @Override
        public void end(String local, List<ListEntry> out) {
            if (d == null) {
                return;
            }
            if (local.equals("INDIVIDUAL_ALIAS") || local.equals("ENTITY_ALIAS")) {
                if (d.akaWhole != null && !d.akaWhole.isBlank()) {
                    d.aliases.add(d.akaWhole);
                }
            } else if (local.equals("INDIVIDUAL") || local.equals("ENTITY")) {
                String id = d.id != null ? d.id : dataId;
                if (id == null) {
                    throw problem("an " + local + " has neither REFERENCE_NUMBER nor DATAID");
                }
                String name = String.join(" ", d.names).strip();
                if (name.isEmpty()) {
                    throw problem(local + " " + id + " has no FIRST_NAME");
                }
                EntryType type = local.equals("INDIVIDUAL") ? EntryType.PERSON : EntryType.ORGANIZATION;
                out.add(new ListEntry(id, type, name, d.aliases, d.year, List.copyOf(d.countries)));
                d = null;
            }
        }
    }

    private static String join(String first, String last) {
        return ((first == null ? "" : first) + " " + (last == null ? "" : last)).strip();
    }
}
