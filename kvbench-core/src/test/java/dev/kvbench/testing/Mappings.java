package dev.kvbench.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** This process's memory mappings of a file, as the kernel lists them in /proc/self/smaps. */
public final class Mappings {

  private Mappings() {}

  /**
   * The VmFlags of every mapping of {@code file} in this process ({@code rr}: read at random, no
   * read-ahead, as madvise(MADV_RANDOM) sets it), one set per mapping; empty when it is not mapped.
   */
  public static List<Set<String>> vmFlags(Path file) throws IOException {
    String wanted = file.toRealPath().toString();
    List<String> lines = Files.readAllLines(Path.of("/proc/self/smaps"));
    List<Set<String>> found = new java.util.ArrayList<>();
    boolean inWanted = false;
    for (String line : lines) {
      if (isHeader(line)) {
        inWanted = line.endsWith(" " + wanted);
      } else if (inWanted && line.startsWith("VmFlags:")) {
        found.add(Set.of(line.substring("VmFlags:".length()).trim().split("\\s+")));
      }
    }
    return found;
  }

  // a mapping's first line: "7f..-7f.. rw-s 00000000 fd:01 1234   /path"; its fields' lines are "Name:  value"
  private static boolean isHeader(String line) {
    int dash = line.indexOf('-');
    int space = line.indexOf(' ');
    return dash > 0 && space > dash && line.substring(0, dash).chars().allMatch(c -> Character.digit(c, 16) >= 0);
  }
}
