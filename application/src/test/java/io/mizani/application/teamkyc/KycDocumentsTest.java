package io.mizani.application.teamkyc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** A document's type is what its first bytes prove, whatever it was declared as. */
class KycDocumentsTest {

    static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void images_and_pdfs_by_their_magic_bytes_and_nothing_else() {
        assertEquals(KycDocuments.DocumentType.PNG, KycDocuments.typeOf(bytes(0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0)));
        assertEquals(KycDocuments.DocumentType.JPEG, KycDocuments.typeOf(bytes(0xFF, 0xD8, 0xFF, 0xE0)));
        assertEquals(KycDocuments.DocumentType.GIF, KycDocuments.typeOf(ascii("GIF89a....")));
        assertEquals(KycDocuments.DocumentType.GIF, KycDocuments.typeOf(ascii("GIF87a....")));
        assertEquals(KycDocuments.DocumentType.WEBP, KycDocuments.typeOf(ascii("RIFF\u0001\u0002\u0003\u0004WEBPVP8 ")));
        assertEquals(KycDocuments.DocumentType.PDF, KycDocuments.typeOf(ascii("%PDF-1.7\n")));
        assertNull(KycDocuments.typeOf(ascii("RIFF\u0001\u0002\u0003\u0004WAVEfmt ")));
        assertNull(KycDocuments.typeOf(ascii("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")));
        assertNull(KycDocuments.typeOf(ascii("<html>")));
        assertNull(KycDocuments.typeOf(bytes(0x89, 'P', 'N')));
        assertNull(KycDocuments.typeOf(new byte[0]));
    }
}
