package dev.kvbench.durability;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.ValueGenerator;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The crash test's child JVMs. {@code write}: opens the store, prints {@link #READY}, then commits
 * the workload's commits one after another and, after each commit returns, prints {@link #ACK} and
 * its number on stdout and flushes: the parent's pipe then holds every acknowledgement the moment
 * it is made. {@code check}: reopens the store (timed: recovery) and prints the {@link CrashCheck}
 * as one JSON line after {@link #CHECKED}.
 *
 * <p>Arguments: {@code write|check STORE DIR DURABILITY SEED PUTS VALUE_SIZE MAX_COMMITS ACKED
 * [KEY=VALUE ...]} (ACKED is ignored by write).
 */
public final class CrashChild {

  static final String READY = "kvbench-crash ready";
  static final String SETTINGS = "kvbench-crash settings ";
  static final String ACK = "kvbench-crash ack ";
  static final String DONE = "kvbench-crash done";
  static final String CHECKED = "kvbench-crash checked ";

  private CrashChild() {}

  public static void main(String[] args) throws Exception {
    // the protocol's own stream: stores that print to System.out cannot interleave half a line with it
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
    String mode = args[0];
    String storeId = args[1];
    Path dir = Path.of(args[2]);
    Durability durability = Durability.fromId(args[3]);
    CrashWorkload workload = new CrashWorkload(Long.parseLong(args[4]), Integer.parseInt(args[5]),
        Integer.parseInt(args[6]), Long.parseLong(args[7]));
    long acked = Long.parseLong(args[8]);
    java.util.Map<String, String> given = new java.util.LinkedHashMap<>();
    for (int i = 9; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      given.put(kv[0], kv[1]);
    }
    StoreProvider provider = StoreRegistry.load().require(storeId);
    StoreConfig config = new StoreConfig(dir, StoreSettings.resolve(storeId, provider.settings(), given), durability,
        workload.sizing());
    if (mode.equals("write")) {
      write(provider, config, workload, out);
    } else {
      check(provider, config, workload, acked, out);
    }
  }

  private static void write(StoreProvider provider, StoreConfig config, CrashWorkload workload, PrintStream out)
      throws java.io.IOException {
    Store store = provider.open(config);
    // the flags the store actually runs with, for the result: one line, before the first commit
    out.println(SETTINGS + new ObjectMapper().writeValueAsString(store.nativeSettings()));
    ValueGenerator values = workload.values();
    ByteBuffer key = ByteBuffer.allocateDirect(CrashWorkload.KEYS.size());
    ByteBuffer value = ByteBuffer.allocateDirect(workload.valueSize());
    try (Session session = store.openSession(); Writer writer = session.beginWrite(WriteOrder.ANY)) {
      out.println(READY);
      out.flush();
      for (long commit = 1; commit <= workload.maxCommits(); commit++) {
        for (int put = 0; put < workload.putsPerCommit(); put++) {
          workload.fill(commit, put, values, key, value);
          writer.put(key, value);
        }
        writer.commit();
        out.print(ACK + commit + "\n");
        out.flush();
      }
    }
    store.close();
    out.println(DONE);
    out.flush();
  }

  private static void check(StoreProvider provider, StoreConfig config, CrashWorkload workload, long acked,
      PrintStream out) throws Exception {
    CrashCheck result;
    long t0 = System.nanoTime();
    Store store;
    try {
      store = provider.open(config);
    } catch (RuntimeException | LinkageError e) {
      result = CrashCheck.failed(acked, "reopening after the crash failed: " + e);
      out.println(CHECKED + new ObjectMapper().writeValueAsString(result));
      out.flush();
      return;
    }
    double recoveryMillis = (System.nanoTime() - t0) / 1e6;
    try {
      result = new CrashChecker(workload).check(store, acked).withRecoveryMillis(recoveryMillis);
    } catch (RuntimeException | LinkageError e) {
      result = CrashCheck.failed(acked, "reading after the crash failed: " + e).withRecoveryMillis(recoveryMillis);
    }
    try {
      store.close();
    } catch (RuntimeException e) {
      // the figures stand: the check is done
    }
    out.println(CHECKED + new ObjectMapper().writeValueAsString(result));
    out.flush();
  }
}
