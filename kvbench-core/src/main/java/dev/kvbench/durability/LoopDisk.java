package dev.kvbench.durability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An ext4 file system in a file, loop-mounted: the power-cut crash's device. {@link #cut} copies
 * the backing file as it stands (what the loop device has been sent: synced data, and whatever the
 * kernel happened to write back), which is the disk a power cut would leave.
 */
final class LoopDisk implements AutoCloseable {

  private final Path image;
  private final Path mountPoint;
  private boolean mounted;

  private LoopDisk(Path image, Path mountPoint) {
    this.image = image;
    this.mountPoint = mountPoint;
  }

  /** Why a power cut cannot be staged here, or null when it can. */
  static String unavailableReason(Path workDir) {
    if (!System.getProperty("os.name").startsWith("Linux")) {
      return "not Linux";
    }
    for (String tool : List.of("mkfs.ext4", "mount", "umount")) {
      if (!onPath(tool)) {
        return tool + " is not installed (apt-get install e2fsprogs mount)";
      }
    }
    if (!Files.exists(Path.of("/dev/loop-control"))) {
      return "no loop devices (/dev/loop-control is missing): the sandbox does not allow them";
    }
    Path probe = workDir.resolve("kvbench-loop-probe-" + ProcessHandle.current().pid());
    try (LoopDisk disk = create(probe.resolve("disk.img"), 16L << 20, probe.resolve("mnt"))) {
      Files.writeString(disk.mountPoint().resolve("probe"), "ok");
      return null;
    } catch (IOException | RuntimeException e) {
      return "cannot loop-mount a file system here (root and loop devices needed): " + e.getMessage();
    } finally {
      deleteQuietly(probe.resolve("disk.img"));
      deleteQuietly(probe.resolve("mnt"));
      deleteQuietly(probe);
    }
  }

  private static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
      if (Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return Files.isExecutable(Path.of("/usr/sbin", tool)) || Files.isExecutable(Path.of("/sbin", tool));
  }

  /** A new, sparse image of {@code bytes} with an ext4 file system, mounted on {@code mountPoint}. */
  static LoopDisk create(Path image, long bytes, Path mountPoint) throws IOException {
    Files.createDirectories(image.getParent());
    try (var f = new java.io.RandomAccessFile(image.toFile(), "rw")) {
      f.setLength(bytes);
    }
    run("mkfs.ext4", "-q", "-F", image.toString());
    return mount(image, mountPoint);
  }

  /** Mounts an existing image (its journal is replayed, as after a reboot). */
  static LoopDisk mount(Path image, Path mountPoint) throws IOException {
    Files.createDirectories(mountPoint);
    LoopDisk disk = new LoopDisk(image, mountPoint);
    run("mount", "-o", "loop", image.toString(), mountPoint.toString());
    disk.mounted = true;
    return disk;
  }

  Path mountPoint() {
    return mountPoint;
  }

  /**
   * Syncs the whole file system: the trial's own setup (the store's directory) must survive the
   * cut, or a store would be blamed for a directory the harness never synced.
   */
  void syncSetup() throws IOException {
    run("sync", "-f", mountPoint.toString());
  }

  /**
   * The device as it stands, in a new image at {@code copy}, taken without a sync: the power cut.
   * The kernel may write pages back while the copy runs; each page it does is one a real power cut
   * could have kept too.
   */
  void cut(Path copy) throws IOException {
    run("cp", "--sparse=always", image.toString(), copy.toString());
  }

  @Override
  public void close() throws IOException {
    if (mounted) {
      run("umount", mountPoint.toString());
      mounted = false;
    }
    Files.deleteIfExists(image);
    deleteQuietly(mountPoint);
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // a directory someone else filled: left for them
    }
  }

  private static void run(String... command) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(command));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    try {
      if (!p.waitFor(2, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", cmd) + " took over 2 minutes");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + String.join(" ", cmd), e);
    }
    String output = new String(p.getInputStream().readAllBytes()).strip();
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "): " + output);
    }
  }
}
