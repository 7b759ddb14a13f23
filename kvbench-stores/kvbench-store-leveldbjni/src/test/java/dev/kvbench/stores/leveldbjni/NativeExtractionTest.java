package dev.kvbench.stores.leveldbjni;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LevelDBJNI extracts its native library before it can load it. This test proves the adapter leaves
 * nothing behind in java.io.tmpdir, the home directory or the working directory, neither while the
 * JVM still runs (HawtJNI's deleteOnExit would hide that) nor after it exits. The library loads
 * once per JVM and this JVM may have loaded it already, so a fresh child JVM runs the store with
 * those three directories pointed at empty ones of ours.
 */
class NativeExtractionTest {

  @TempDir Path temp;

  @Test
  void nothingIsLeftInTmpHomeOrWorkingDirectory() throws Exception {
    Path tmp = Files.createDirectory(temp.resolve("tmp"));
    Path home = Files.createDirectory(temp.resolve("home"));
    Path cwd = Files.createDirectory(temp.resolve("cwd"));
    Path store = Files.createDirectory(temp.resolve("store"));

    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports") || arg.startsWith("--enable-native-access")) {
        command.add(arg);
      }
    }
    command.add("-XX:-UsePerfData");
    command.add("-Djava.io.tmpdir=" + tmp);
    command.add("-Duser.home=" + home);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Probe.class.getName());
    command.add(store.toString());
    Process child = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();

    assertThat(child.exitValue()).as(output).isZero();
    assertThat(output).as("probe output").contains("probe ok").doesNotContain("left behind:")
        .as("the loader puts back the property it set").contains("library.leveldbjni.path=null");
    assertThat(listing(tmp)).as("java.io.tmpdir after exit").isEmpty();
    assertThat(listing(home)).as("user.home after exit").isEmpty();
    assertThat(listing(cwd)).as("working directory after exit").isEmpty();
  }

  static List<Path> listing(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(p -> !p.equals(dir)).toList();
    }
  }

  /** Runs in the child JVM: opens, uses and closes the store, then reports what it left. */
  public static final class Probe {
    public static void main(String[] args) throws IOException {
      StoreProvider p = new LevelDbJniProvider();
      if (!p.availability().available()) {
        throw new IllegalStateException(p.availability().reason());
      }
      StoreSettings s = StoreSettings.defaults(p.id(), p.settings());
      try (Store store = p.open(new StoreConfig(Path.of(args[0]), s, Durability.NOSYNC, new WorkloadSizing(10, 4, 4)));
          Session session = store.openSession()) {
        ByteBuffer key = ByteBuffer.allocateDirect(4);
        try (Writer w = session.beginWrite(WriteOrder.ANY)) {
          w.put(key.putInt(0, 7), ByteBuffer.allocateDirect(4).putInt(0, 42));
          w.commit();
        }
        try (Reader r = session.beginRead()) {
          if (r.get(key).getInt(0) != 42) {
            throw new IllegalStateException("read back the wrong value");
          }
        }
      }
      for (String dir : new String[] {"java.io.tmpdir", "user.home", "user.dir"}) {
        for (Path left : listing(Path.of(System.getProperty(dir)))) {
          System.out.println("left behind: " + left);
        }
      }
      System.out.println("library.leveldbjni.path=" + System.getProperty("library.leveldbjni.path"));
      System.out.println("probe ok");
    }
  }
}
