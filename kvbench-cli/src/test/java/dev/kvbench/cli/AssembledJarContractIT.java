package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every store module's tests again, but with kvbench.jar as the only main class path: all stores
 * and all their libraries in one flat jar, with the versions the shade step kept. A clash (two
 * copies of a class, a library version one store cannot use) fails here even when each module
 * passes on its own.
 */
class AssembledJarContractIT {

  @TempDir Path temp;

  @Test
  void everyStoresTestsPassAgainstTheAssembledJar() throws Exception {
    Path jar = Path.of(System.getProperty("kvbench.jar")).toAbsolutePath();
    // this version's only: a checkout built before a version bump keeps the older test-jars beside them
    String thisVersion = "-" + System.getProperty("kvbench.version") + "-tests.jar";
    List<Path> testJars = jars(Path.of(System.getProperty("kvbench.contract.tests"))).stream()
        .filter(p -> p.getFileName().toString().endsWith(thisVersion)).toList();
    List<Path> runner = jars(Path.of(System.getProperty("kvbench.contract.runner")));
    List<Path> storeTestJars = testJars.stream()
        .filter(p -> p.getFileName().toString().startsWith("kvbench-store-")).toList();
    assertThat(storeTestJars).as("store test-jars").hasSizeGreaterThanOrEqualTo(2);

    Path home = Files.createDirectory(temp.resolve("home"));
    Path tmp = Files.createDirectory(temp.resolve("tmp"));
    Path reports = temp.resolve("reports");
    List<String> classPath = new ArrayList<>();
    classPath.add(jar.toString());
    testJars.forEach(p -> classPath.add(p.toString()));
    runner.forEach(p -> classPath.add(p.toString()));

    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(Arrays.asList(System.getProperty("kvbench.jvm.flags").trim().split("\\s+")));
    // a test JVM as the unit tests' are (C1 only: the contract measures nothing); the cells it forks keep their own
    cmd.addAll(dev.kvbench.testing.TestJvmFlags.all());
    cmd.add("-Duser.home=" + home);
    cmd.add("-Djava.io.tmpdir=" + tmp);
    // every contract test, with two of the six key workloads: a clash shows on the first, and each
    // module's own build ran all six
    cmd.add("-D" + dev.kvbench.testing.StoreContractTest.FIRST_AND_LAST_WORKLOADS + "=true");
    cmd.add("-cp");
    cmd.add(String.join(File.pathSeparator, classPath));
    cmd.add("org.junit.platform.console.ConsoleLauncher");
    cmd.add("execute");
    cmd.add("--disable-banner");
    cmd.add("--details=summary");
    cmd.add("--reports-dir=" + reports);
    for (Path p : storeTestJars) {
      cmd.add("--scan-classpath=" + p);
    }
    cmd.add("--include-classname=.*Test");
    Path out = temp.resolve("out.txt");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(900, TimeUnit.SECONDS)).as("contract run finished").isTrue();
    String output = Files.readString(out);
    assertThat(p.exitValue()).as(output).isZero();
    assertThat(output).containsPattern("\\[\\s+0 tests failed\\s+\\]");

    Set<String> ran = classesIn(reports);
    for (Path testJar : storeTestJars) {
      Set<String> contracts = contractClasses(testJar);
      assertThat(contracts).as("contract tests in " + testJar.getFileName()).isNotEmpty();
      assertThat(ran).as("ran from " + testJar.getFileName()).containsAll(contracts);
    }
    try (Stream<Path> left = Files.list(home)) {
      assertThat(left).as("files left in the home directory").isEmpty();
    }
    try (Stream<Path> left = Files.list(tmp)) {
      assertThat(left).as("files left in the temp directory").isEmpty();
    }
  }

  private static List<Path> jars(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
    }
  }

  private static Set<String> contractClasses(Path testJar) throws IOException {
    Set<String> names = new TreeSet<>();
    try (ZipFile zip = new ZipFile(testJar.toFile())) {
      zip.stream().map(e -> e.getName())
          .filter(n -> n.endsWith("ContractTest.class") && !n.contains("$"))
          .forEach(n -> names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
    }
    return names;
  }

  private static Set<String> classesIn(Path reports) throws IOException {
    Set<String> names = new TreeSet<>();
    Pattern classname = Pattern.compile("classname=\"([^\"]+)\"");
    try (Stream<Path> files = Files.walk(reports)) {
      for (Path f : files.filter(x -> x.toString().endsWith(".xml")).toList()) {
        Matcher m = classname.matcher(Files.readString(f));
        while (m.find()) {
          names.add(m.group(1));
        }
      }
    }
    return names;
  }
}
