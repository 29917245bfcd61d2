import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load generator for the telemetry ingest benchmark (run by telemetry.sh with the JDK's source launcher).
 * CONNECTIONS keep-alive HTTP/1.1 connections, one thread each, post batches of BATCH samples in a closed loop:
 * a warm-up phase, then a measured phase. At the end of a phase every connection finishes the request it has in
 * flight, so every sample sent is answered and the accounting is exact.
 *
 * <p>Connection k owns its own slice of the source pool and rotates through it, BATCH distinct sources per request,
 * all stamped with the wall clock in microseconds, at least one microsecond after its previous request: every
 * (source, at) is new and newer than that source's last sample, whatever order the server handles requests in.
 *
 * <pre>VELVET_BENCH_TOKEN=vrt_... java TelemetryLoad.java URL CONNECTIONS BATCH SOURCES WARMUP_S DURATION_S</pre>
 *
 * Prints "RESULT key value" lines for the measured phase: requests, samples sent, answers by status, sums of
 * accepted / applied / duplicates, I/O errors, duration, this process's CPU time and latency percentiles
 * (microseconds, per request, from the first byte written to the last byte of the answer read).
 */
public class TelemetryLoad {

    private static final String[] REGIONS = { "NA", "EU", "AU", "JP", "ROW" };
    private static final Pattern ACCEPTED = Pattern.compile("\"accepted\"\\s*:\\s*(\\d+)");
    private static final Pattern APPLIED = Pattern.compile("\"applied\"\\s*:\\s*(\\d+)");
    private static final Pattern DUPLICATES = Pattern.compile("\"duplicates\"\\s*:\\s*(\\d+)");
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** What one connection saw in one phase. */
    static final class Tally {
        long requests, samples, answered202, otherStatus, ioErrors, accepted, applied, duplicates;
        long[] latencies = new long[1 << 14];
        int latencyCount;
        String firstProblem;

        void latency(long micros) {
            if (latencyCount == latencies.length) {
                latencies = Arrays.copyOf(latencies, latencies.length * 2);
            }
            latencies[latencyCount++] = micros;
        }

        void add(Tally t) {
            requests += t.requests;
            samples += t.samples;
            answered202 += t.answered202;
            otherStatus += t.otherStatus;
            ioErrors += t.ioErrors;
            accepted += t.accepted;
            applied += t.applied;
            duplicates += t.duplicates;
            for (int i = 0; i < t.latencyCount; i++) {
                latency(t.latencies[i]);
            }
            if (firstProblem == null) {
                firstProblem = t.firstProblem;
            }
        }
    }

    static final class Connection implements Runnable {
        private final URI uri;
        private final String head;
        private final String[] prefixes;
        private final int batch;
        private final long[] deadlines;
        private final Tally[] tallies;
        private final CountDownLatch done;
        private int cursor;
        private long lastMicros;
        private long cachedSecond = -1;
        private String cachedSecondText;
        private Socket socket;
        private InputStream in;
        private OutputStream out;

        Connection(URI uri, String token, int number, int batch, int sourcesPerConnection, long[] deadlines,
                CountDownLatch done) {
            this.uri = uri;
            this.batch = batch;
            this.deadlines = deadlines;
            this.done = done;
            this.tallies = new Tally[deadlines.length];
            this.head = "POST " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                    + "\r\nAuthorization: Bearer " + token + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json\r\nContent-Length: ";
            prefixes = new String[sourcesPerConnection];
            for (int i = 0; i < sourcesPerConnection; i++) {
                int global = number * sourcesPerConnection + i;
                prefixes[i] = String.format(Locale.ROOT,
                        "{\"source\":\"edge-%05d\",\"region\":\"%s\",\"mbps\":%.2f,\"viewers\":%d,\"at\":\"", global,
                        REGIONS[global % REGIONS.length], 0.05 + (global % 7) * 0.01, 10 + global % 50);
            }
        }

        @Override
        public void run() {
            try {
                for (int phase = 0; phase < deadlines.length; phase++) {
                    Tally tally = new Tally();
                    tallies[phase] = tally;
                    while (System.nanoTime() < deadlines[phase]) {
                        exchange(tally);
                    }
                }
            } finally {
                close();
                done.countDown();
            }
        }

        private String at() {
            Instant now = Instant.now();
            long micros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
            if (micros <= lastMicros) {
                micros = lastMicros + 1;
            }
            lastMicros = micros;
            long second = Math.floorDiv(micros, 1_000_000L);
            if (second != cachedSecond) {
                cachedSecond = second;
                cachedSecondText = SECOND.format(Instant.ofEpochSecond(second));
            }
            String fraction = Long.toString(1_000_000L + Math.floorMod(micros, 1_000_000L)).substring(1);
            return cachedSecondText + "." + fraction + "Z";
        }

        private byte[] body() {
            String at = at();
            StringBuilder sb = new StringBuilder(batch * 110 + 16).append("{\"samples\":[");
            for (int j = 0; j < batch; j++) {
                if (j > 0) {
                    sb.append(',');
                }
                sb.append(prefixes[cursor]).append(at).append("\"}");
                cursor = (cursor + 1) % prefixes.length;
            }
            return sb.append("]}").toString().getBytes(StandardCharsets.UTF_8);
        }

        private void exchange(Tally tally) {
            byte[] body = body();
            byte[] head = (this.head + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
            tally.requests++;
            tally.samples += batch;
            try {
                if (socket == null) {
                    socket = new Socket();
                    socket.setTcpNoDelay(true);
                    socket.setSoTimeout(10_000);
                    socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5_000);
                    in = new BufferedInputStream(socket.getInputStream(), 16384);
                    out = new BufferedOutputStream(socket.getOutputStream(), 65536);
                }
                long start = System.nanoTime();
                out.write(head);
                out.write(body);
                out.flush();
                int status = readStatus();
                String answer = readBody();
                tally.latency((System.nanoTime() - start) / 1000);
                if (status == 202) {
                    tally.answered202++;
                    tally.accepted += number(ACCEPTED, answer);
                    tally.applied += number(APPLIED, answer);
                    tally.duplicates += number(DUPLICATES, answer);
                } else {
                    tally.otherStatus++;
                    if (tally.firstProblem == null) {
                        tally.firstProblem = status + " " + answer;
                    }
                }
            } catch (IOException e) {
                tally.ioErrors++;
                if (tally.firstProblem == null) {
                    tally.firstProblem = e.toString();
                }
                close();
            }
        }

        private static long number(Pattern p, String text) {
            Matcher m = p.matcher(text);
            return m.find() ? Long.parseLong(m.group(1)) : 0;
        }

        private int contentLength;
        private boolean chunked;
        private boolean closeAfter;

        private int readStatus() throws IOException {
            String status = line();
            if (status == null || !status.startsWith("HTTP/1.1 ")) {
                throw new IOException("bad status line: " + status);
            }
            contentLength = -1;
            chunked = false;
            closeAfter = false;
            for (String h = line(); h != null && !h.isEmpty(); h = line()) {
                int colon = h.indexOf(':');
                String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = h.substring(colon + 1).trim();
                switch (name) {
                    case "content-length" -> contentLength = Integer.parseInt(value);
                    case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                    case "connection" -> closeAfter = value.equalsIgnoreCase("close");
                    default -> {
                    }
                }
            }
            return Integer.parseInt(status.substring(9, 12));
        }

        private String readBody() throws IOException {
            byte[] bytes;
            if (chunked) {
                java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
                for (int size = Integer.parseInt(line().split(";")[0].trim(), 16); size > 0;
                        size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
                    all.write(in.readNBytes(size));
                    line();
                }
                for (String trailer = line(); trailer != null && !trailer.isEmpty(); trailer = line()) {
                }
                bytes = all.toByteArray();
            } else {
                bytes = in.readNBytes(Math.max(contentLength, 0));
            }
            if (closeAfter) {
                close();
            }
            return new String(bytes, StandardCharsets.UTF_8);
        }

        private final StringBuilder lineBuffer = new StringBuilder(128);

        private String line() throws IOException {
            lineBuffer.setLength(0);
            for (int c = in.read(); c != -1; c = in.read()) {
                if (c == '\n') {
                    int n = lineBuffer.length();
                    if (n > 0 && lineBuffer.charAt(n - 1) == '\r') {
                        lineBuffer.setLength(n - 1);
                    }
                    return lineBuffer.toString();
                }
                lineBuffer.append((char) c);
            }
            throw new IOException("connection closed by the server");
        }

        private void close() {
            if (socket != null) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
            socket = null;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            System.err.println("usage: java TelemetryLoad.java URL CONNECTIONS BATCH SOURCES WARMUP_S DURATION_S");
            System.exit(2);
        }
        URI uri = URI.create(args[0]);
        int connections = Integer.parseInt(args[1]);
        int batch = Integer.parseInt(args[2]);
        int sources = Integer.parseInt(args[3]);
        double warmup = Double.parseDouble(args[4]);
        double duration = Double.parseDouble(args[5]);
        String token = System.getenv("VELVET_BENCH_TOKEN");
        if (token == null || token.isBlank()) {
            throw new IllegalArgumentException("set VELVET_BENCH_TOKEN to an API token");
        }
        int perConnection = sources / connections;
        if (perConnection < batch) {
            throw new IllegalArgumentException("SOURCES / CONNECTIONS (" + perConnection + ") must be at least BATCH ("
                    + batch + "), so one batch never names a source twice");
        }
        long start = System.nanoTime();
        long warmupEnd = start + (long) (warmup * 1e9);
        long[] deadlines = { warmupEnd, warmupEnd + (long) (duration * 1e9) };
        CountDownLatch done = new CountDownLatch(connections);
        Connection[] all = new Connection[connections];
        for (int k = 0; k < connections; k++) {
            all[k] = new Connection(uri, token, k, batch, perConnection, deadlines, done);
            Thread t = new Thread(all[k], "connection-" + k);
            t.setDaemon(true);
            t.start();
        }
        long untilMeasured = warmupEnd - System.nanoTime();
        if (untilMeasured > 0) {
            Thread.sleep(untilMeasured / 1_000_000, (int) (untilMeasured % 1_000_000));
        }
        System.out.println("MEASURING");
        System.out.flush();
        long cpuAtStart = cpuNanos();
        done.await();
        long end = System.nanoTime();
        long cpu = cpuNanos() - cpuAtStart;
        Tally warm = new Tally();
        Tally measured = new Tally();
        for (Connection c : all) {
            warm.add(c.tallies[0]);
            measured.add(c.tallies[1]);
        }
        // The measured phase ends when the last connection has its answer, a little after its deadline.
        double seconds = Math.max((end - warmupEnd) / 1e9, duration);
        long[] lat = Arrays.copyOf(measured.latencies, measured.latencyCount);
        Arrays.sort(lat);
        print("warmup_requests", warm.requests);
        print("warmup_samples", warm.samples);
        print("warmup_accepted", warm.accepted);
        print("warmup_other_status", warm.otherStatus);
        print("requests", measured.requests);
        print("samples", measured.samples);
        print("answered_202", measured.answered202);
        print("other_status", measured.otherStatus);
        print("warmup_io_errors", warm.ioErrors);
        print("io_errors", measured.ioErrors);
        print("accepted", measured.accepted);
        print("applied", measured.applied);
        print("duplicates", measured.duplicates);
        print("duration_us", (long) (seconds * 1e6));
        print("cpu_us", cpu / 1000);
        print("p50_us", percentile(lat, 50));
        print("p90_us", percentile(lat, 90));
        print("p99_us", percentile(lat, 99));
        print("p999_us", percentile(lat, 99.9));
        print("max_us", lat.length == 0 ? 0 : lat[lat.length - 1]);
        String problem = warm.firstProblem != null ? warm.firstProblem : measured.firstProblem;
        if (problem != null) {
            System.out.println("PROBLEM " + problem.replace('\n', ' '));
        }
    }

    /** CPU time of this process (all threads, JIT and GC included). */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1];
    }

    private static void print(String key, long value) {
        System.out.println("RESULT " + key + " " + value);
    }
}
