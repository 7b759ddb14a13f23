package dev.kvbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The folder a report is written to, and the one rule about it: kvbench replaces only files it
 * wrote there. Each report lists its files with their SHA-256 in {@value #MANIFEST}. A new report
 * is written beside the old one (in a staging folder inside it) and swapped in file by file only
 * once it is whole; a failure before or during the swap leaves the old report as it was. Files the
 * manifest does not list (the user's), and listed files changed since, are never deleted or
 * overwritten.
 */
final class ReportFolder {

  /** The list of files a report wrote, with their SHA-256, at the top of its folder. */
  static final String MANIFEST = "kvbench-manifest.json";

  private static final String STAGING_PREFIX = ".kvbench-report-new-";
  // held locked in a staging folder while its report is written: one nobody holds is a killed report's
  private static final String STAGING_LOCK = ".kvbench-report-lock";
  private static final String REPLACED_PREFIX = ".kvbench-report-old-";
  private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT)
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

  /** What {@value #MANIFEST} holds: the kvbench that wrote the report, and each file's SHA-256 by relative path. */
  record Manifest(String writtenBy, Map<String, String> files) {
    Manifest {
      files = files == null ? Map.of() : new TreeMap<>(files);
    }
  }

  private final Path out;
  private final boolean createdOut;
  // the earlier report's files that are still as it wrote them: these, and only these, may go
  private final Set<String> earlierFiles;
  // the earlier report's files that were changed since: the user's now
  private final Set<String> changedSince;
  private final Map<String, String> earlierHashes;
  private Path staging;
  private FileChannel stagingLock;

  private ReportFolder(Path out, boolean createdOut, Map<String, String> earlierHashes, Set<String> earlierFiles,
      Set<String> changedSince) {
    this.out = out;
    this.createdOut = createdOut;
    this.earlierHashes = earlierHashes;
    this.earlierFiles = earlierFiles;
    this.changedSince = changedSince;
  }

  /**
   * The folder at {@code out}: new, empty, or an earlier report with its manifest; anything else is
   * refused before a byte is written.
   *
   * @throws ReportInputException naming the folder, what is in the way and what to do
   */
  static ReportFolder open(Path out) {
    try {
      if (!Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectories(out);
        return new ReportFolder(out, true, Map.of(), Set.of(), Set.of());
      }
      if (!Files.isDirectory(out)) {
        throw new ReportInputException(out + " is a file: --out needs a folder (new, empty, or an earlier report)");
      }
      if (!Files.isWritable(out)) {
        throw new ReportInputException(out + " is not writable: give --out a folder you can write in");
      }
      removeStaleStaging(out);
      List<String> present;
      try (Stream<Path> s = Files.list(out)) {
        present = s.map(p -> p.getFileName().toString()).sorted().toList();
      }
      if (present.isEmpty()) {
        return new ReportFolder(out, false, Map.of(), Set.of(), Set.of());
      }
      if (!present.contains(MANIFEST)) {
        boolean olderReport = present.contains(ReportWriter.README) && Files.readString(out.resolve(ReportWriter.README))
            .contains(MarkdownReport.TIMESTAMP_MARK);
        throw new ReportInputException(olderReport
            ? out + " holds a report written by an earlier kvbench without a " + MANIFEST + ", so kvbench cannot tell"
                + " its files from yours and replaces none of them: move the folder away (mv " + out + " " + out
                + ".old) or give another --out"
            : out + " holds files kvbench report did not write (" + abbreviated(present) + "): give a new or empty"
                + " folder with --out; kvbench only replaces a report it wrote");
      }
      Manifest earlier = JSON.readValue(out.resolve(MANIFEST).toFile(), Manifest.class);
      Set<String> unchanged = new LinkedHashSet<>();
      Set<String> changed = new LinkedHashSet<>();
      for (Map.Entry<String, String> e : earlier.files().entrySet()) {
        Path f = inside(out, e.getKey());
        if (f == null || linkOnTheWay(out, e.getKey()) != null || !Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
          continue; // gone, or not a plain file in a folder of ours any more: nothing of ours to remove
        }
        (sha256(f).equals(e.getValue()) ? unchanged : changed).add(e.getKey());
      }
      return new ReportFolder(out, false, earlier.files(), unchanged, changed);
    } catch (ReportInputException e) {
      throw e;
    } catch (AccessDeniedException e) {
      throw new ReportInputException("cannot write the report to " + out + ": permission denied ("
          + e.getFile() + "); give --out a folder you can write in");
    } catch (FileSystemException e) {
      throw new ReportInputException("cannot write the report to " + out + ": " + e.getMessage());
    } catch (IOException e) {
      throw new ReportInputException(out.resolve(MANIFEST) + " cannot be read (" + e.getMessage() + "): move " + out
          + " away, or give another --out");
    }
  }

  /**
   * A new, empty folder beside the old report to write the new one into, locked by this process
   * until it is discarded: a later report or {@code kvbench clean} removes it only once nobody holds
   * it (this report was killed).
   */
  Path staging() throws IOException {
    if (staging == null) {
      try {
        staging = Files.createTempDirectory(out, STAGING_PREFIX);
        stagingLock = FileChannel.open(staging.resolve(STAGING_LOCK), StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE);
        stagingLock.lock();
      } catch (FileSystemException e) {
        throw new ReportInputException("cannot write the report to " + out + ": " + e.getMessage());
      }
    }
    return staging;
  }

  /**
   * Removes the staging folders in {@code dir} that a killed report left: those holding kvbench's
   * staging lock file that no process holds. A folder a running report holds, or one without the
   * lock file (not recognisably kvbench's), stays.
   *
   * @return the folders removed
   */
  static List<Path> removeStaleStaging(Path dir) {
    List<Path> removed = new ArrayList<>();
    List<Path> candidates;
    try (Stream<Path> s = Files.list(dir)) {
      candidates = s.filter(p -> p.getFileName().toString().startsWith(STAGING_PREFIX)
          && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
          && Files.isRegularFile(p.resolve(STAGING_LOCK), LinkOption.NOFOLLOW_LINKS)).toList();
    } catch (IOException e) {
      return removed;
    }
    for (Path folder : candidates) {
      try (FileChannel ch = FileChannel.open(folder.resolve(STAGING_LOCK), StandardOpenOption.WRITE)) {
        if (ch.tryLock() == null) {
          continue; // a report in another process is writing there
        }
        deleteOwnTree(folder);
        if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
          removed.add(folder);
        }
      } catch (OverlappingFileLockException held) {
        // a report in this very process is writing there
      } catch (IOException e) {
        // unreadable: not provably stale, so it stays
      }
    }
    return removed;
  }

  /**
   * Puts the report written in {@link #staging()} in place of the earlier one: the earlier
   * report's own files go, except those in {@code keep} (files this report was made from), which
   * stay and are listed again; the user's files stay. Refuses, leaving everything as it was, when
   * the new report would overwrite a file kvbench did not write or one changed since.
   */
  void commit(String writtenBy, Collection<Path> keep) throws IOException {
    Path staged = staging();
    List<String> fresh = filesUnder(staged);
    Set<String> kept = new LinkedHashSet<>();
    for (Path k : keep) {
      String rel = relativeInside(k);
      if (rel != null && earlierFiles.contains(rel) && !fresh.contains(rel)) {
        kept.add(rel);
      }
    }
    for (String f : fresh) {
      Path target = out.resolve(f);
      Path link = linkOnTheWay(out, f);
      if (link != null) {
        throw new ReportInputException(link + (Files.isSymbolicLink(link) ? " is a link" : " is not a folder")
            + ", where the report puts its folder " + out.relativize(link) + "/; kvbench never writes through a link"
            + " and refused the report, leaving " + out + " as it was: remove " + link + " (the report makes the"
            + " folder itself) or give another --out");
      }
      if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !earlierFiles.contains(f)) {
        throw new ReportInputException(target + (changedSince.contains(f) ? " was changed since kvbench wrote it"
            : " is not a file of the earlier report") + ", and the new report would overwrite it: move it away, or"
            + " give another --out (kvbench replaces only files it wrote)");
      }
    }
    Map<String, String> listed = new TreeMap<>();
    for (String f : fresh) {
      listed.put(f, sha256(staged.resolve(f)));
    }
    kept.forEach(f -> listed.put(f, earlierHashes.get(f)));
    Files.write(staged.resolve(MANIFEST), JSON.writeValueAsBytes(new Manifest(writtenBy, listed)));
    swap(staged, fresh, kept);
  }

  /**
   * Moves the earlier report's files aside, then the new ones in (the manifests last); on a failure
   * moves everything back. Renames within one folder: no file is copied, none is ever half-written.
   */
  private void swap(Path staged, List<String> fresh, Set<String> kept) throws IOException {
    List<String> going = new ArrayList<>(earlierFiles);
    going.removeAll(kept);
    going.remove(MANIFEST);
    if (Files.isRegularFile(out.resolve(MANIFEST), LinkOption.NOFOLLOW_LINKS)) {
      going.add(MANIFEST);
    }
    List<String> coming = new ArrayList<>(fresh);
    coming.add(MANIFEST);
    Path aside = Files.createTempDirectory(out, REPLACED_PREFIX);
    List<String> movedAside = new ArrayList<>();
    List<String> movedIn = new ArrayList<>();
    try {
      for (String f : going) {
        move(out.resolve(f), aside.resolve(f));
        movedAside.add(f);
      }
      for (String f : coming) {
        move(staged.resolve(f), out.resolve(f));
        movedIn.add(f);
      }
    } catch (IOException | RuntimeException e) {
      for (String f : movedIn) {
        move(out.resolve(f), staged.resolve(f));
      }
      for (String f : movedAside) {
        move(aside.resolve(f), out.resolve(f));
      }
      deleteOwnTree(aside);
      throw e;
    }
    deleteOwnTree(aside);
    removeEmptyFolders(going);
  }

  /** Removes the staging folder and anything in it; called whatever happened. */
  void discardStaging() {
    if (staging != null) {
      try {
        stagingLock.close();
      } catch (IOException e) {
        // the lock goes with the process anyway
      }
      deleteOwnTree(staging);
      staging = null;
    }
  }

  /** After a failure: the folder this report created, if nothing else came into it meanwhile. */
  void discardCreatedFolder() {
    discardStaging();
    if (createdOut) {
      try {
        Files.deleteIfExists(out);
      } catch (IOException notEmpty) {
        // something else was put there: not ours to remove
      }
    }
  }

  private static void move(Path from, Path to) throws IOException {
    Files.createDirectories(to.getParent());
    Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
  }

  /** Folders the earlier report's files were in, emptied by the swap (charts/, hlog/, inputs/ ...). */
  private void removeEmptyFolders(Collection<String> gone) {
    Set<Path> dirs = new LinkedHashSet<>();
    for (String f : gone) {
      for (Path d = out.resolve(f).getParent(); d != null && !d.equals(out); d = d.getParent()) {
        dirs.add(d);
      }
    }
    dirs.stream().sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(d -> {
      try {
        Files.deleteIfExists(d);
      } catch (IOException notEmpty) {
        // holds a new file or one of the user's
      }
    });
  }

  /** The regular files under {@code dir}, as relative paths with '/'. */
  private static List<String> filesUnder(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && !p.equals(dir.resolve(STAGING_LOCK)))
          .map(p -> dir.relativize(p).toString().replace('\\', '/')).sorted().toList();
    }
  }

  /** {@code file}'s path relative to the folder when it lies inside it, else null. */
  private String relativeInside(Path file) {
    try {
      Path real = file.toRealPath();
      Path root = out.toRealPath();
      return real.startsWith(root) ? root.relativize(real).toString().replace('\\', '/') : null;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The first folder on the way from {@code root} to the file {@code relative} that is a link or
   * not a folder at all; null when every one is a real folder or is not there yet.
   */
  private static Path linkOnTheWay(Path root, String relative) {
    Path d = root;
    Path rel = Path.of(relative);
    for (int i = 0; i < rel.getNameCount() - 1; i++) {
      d = d.resolve(rel.getName(i));
      if (Files.isSymbolicLink(d) || Files.exists(d, LinkOption.NOFOLLOW_LINKS)
          && !Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)) {
        return d;
      }
    }
    return null;
  }

  /** {@code relative} resolved inside {@code root}; null for a path that would leave it ("../x", absolute). */
  private static Path inside(Path root, String relative) {
    Path p = root.resolve(relative).normalize();
    return p.startsWith(root.normalize()) && !p.equals(root.normalize()) ? p : null;
  }

  /** Deletes a folder this class made (staging, or the earlier files moved aside), with what is in it. */
  private static void deleteOwnTree(Path dir) {
    try {
      dev.kvbench.run.WorkArea.deleteTree(dir);
    } catch (java.io.UncheckedIOException e) {
      // left behind under a hidden name, and never mistaken for a report file
    }
  }

  static String sha256(Path file) throws IOException {
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
      return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  private static String abbreviated(List<String> names) {
    return names.size() <= 8 ? String.join(", ", names)
        : String.join(", ", names.subList(0, 8)) + " and " + (names.size() - 8) + " more";
  }
}
