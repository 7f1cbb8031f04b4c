import io.mizani.domain.screening.EntryType;
import io.mizani.domain.screening.ListFiles;
import io.mizani.domain.screening.ListFormat;
import io.mizani.domain.screening.ListEntry;
import io.mizani.domain.screening.ScreeningIndex;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The screening index in one JVM, no database (run by bench/screening-lookback.sh with the domain jar): parse and
 * build of the list, then the time of one screen (p50/p99 of single screens after a warm-up) and the time to screen
 * every name of the given file (the look-back's CPU without its reads and writes).
 * Args: list.csv names.txt
 */
public class IndexBench {
    public static void main(String[] args) throws Exception {
        byte[] body = Files.readAllBytes(Path.of(args[0]));
        List<String> names = Files.readAllLines(Path.of(args[1]));
        long t0 = System.nanoTime();
        List<ListEntry> entries = ListFiles.parse(ListFormat.CSV, body);
        long t1 = System.nanoTime();
        ScreeningIndex index = ScreeningIndex.build(List.of(new ScreeningIndex.Source("bench", 1, entries)));
        long t2 = System.nanoTime();
        System.out.printf("   parse %d entries: %.0f ms, build the index: %.0f ms (first run, cold JIT)%n",
                entries.size(), (t1 - t0) / 1e6, (t2 - t1) / 1e6);
        for (int r = 0; r < 1; r++) { // warm-up: one pass
            for (String n : names) {
                index.screen(new ScreeningIndex.Subject(n, EntryType.PERSON, null, null));
            }
        }
        long[] times = new long[names.size()];
        int hits = 0;
        long all0 = System.nanoTime();
        for (int i = 0; i < names.size(); i++) {
            long s = System.nanoTime();
            hits += index.screen(new ScreeningIndex.Subject(names.get(i), EntryType.PERSON, null, null)).isEmpty() ? 0 : 1;
            times[i] = System.nanoTime() - s;
        }
        long all = System.nanoTime() - all0;
        Arrays.sort(times);
        System.out.printf("   one screen against %d entries (n=%d, %d with hits): p50 %.3f ms, p99 %.3f ms; all %d in %.2f s "
                        + "(%.1f us each)%n", entries.size(), names.size(), hits, times[times.length / 2] / 1e6,
                times[(int) (times.length * 0.99)] / 1e6, names.size(), all / 1e9, all / 1e3 / names.size());
    }
}
