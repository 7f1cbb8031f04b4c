import com.sun.net.httpserver.HttpServer;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Callback receiver for bench/perf.sh: answers every POST 200 at once and counts it; GET /count answers
 * "<callbacks received> <epoch ms of the last one>". Run: java bench/perf/Receiver.java PORT
 */
public class Receiver {
    public static void main(String[] args) throws Exception {
        AtomicLong count = new AtomicLong();
        AtomicLong last = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])), 512);
        server.createContext("/", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                in.readAllBytes();
            }
            byte[] out = new byte[0];
            if ("GET".equals(exchange.getRequestMethod())) {
                out = (count.get() + " " + last.get()).getBytes(StandardCharsets.US_ASCII);
            } else {
                count.incrementAndGet();
                last.set(System.currentTimeMillis());
            }
            exchange.sendResponseHeaders(200, out.length == 0 ? -1 : out.length);
            if (out.length > 0) {
                exchange.getResponseBody().write(out);
            }
            exchange.close();
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }
}
