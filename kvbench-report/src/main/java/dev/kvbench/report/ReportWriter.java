package dev.kvbench.report;

import dev.kvbench.summary.RunTables;
import dev.kvbench.result.CellResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Writes a report folder from result files: {@code index.html} (one self-contained page, {@link
 * HtmlReport}), {@code README.md}, {@code charts/} (PNG and SVG),
 * {@code hlog/} (HdrHistogram interval logs), {@code results.csv}, {@code jmh-result.json} and
 * {@code kvbench-manifest.json}, the list of these files. Given the same inputs it writes the same
 * bytes, but for one marked timestamp line in README.md. It writes into a new or empty folder, or
 * over a report it wrote before, replacing only the files that report's manifest lists (see
 * {@link ReportFolder}); the inputs are read before anything there changes.
 */
public final class ReportWriter {

  static final String README = "README.md";
  static final String HTML = "index.html";
  static final String CSV = "results.csv";
  static final String JMH = "jmh-result.json";
  static final String CHARTS = "charts";
  static final String HLOG = "hlog";
  static final String FLAME = "flame";
  static final String INPUTS = "inputs";
  static final String NOTES = "notes.md";

  private final String kvbenchVersion;
  private final Clock clock;

  public ReportWriter(String kvbenchVersion, Clock clock) {
    this.kvbenchVersion = kvbenchVersion;
    this.clock = clock;
  }

  /**
   * What was written.
   *
   * @param warnings what reading the inputs skipped (damaged lines, unreadable cells), each naming the file
   */
  public record Written(Path readme, int charts, int intervalLogs, int cells, List<String> hosts,
      List<String> warnings) {}

  /**
   * @param inputs result documents, journals or folders of them, as the user named them
   * @param mergeHosts put every host's cells in one section instead of one section per host
   * @throws ReportInputException for an unusable input or output folder
   */
  public Written write(List<Path> inputs, Path out, boolean mergeHosts) throws IOException {
    return write(inputs, out, mergeHosts, null);
  }

  /**
   * {@link #write(List, Path, boolean)} with a person's notes and findings ({@code notes}, a
   * Markdown file) included in README.md as given, so a published report needs no editing by hand.
   */
  public Written write(List<Path> inputs, Path out, boolean mergeHosts, Path notes) throws IOException {
    return write(inputs, out, mergeHosts, notes, false);
  }

  /**
   * With {@code withInputs}, the result files and the notes are copied into the folder ({@code
   * inputs/}, {@code notes.md}) and the report names those copies: a published folder that holds
   * everything it was made from and can be made again from itself.
   */
  public Written write(List<Path> inputs, Path out, boolean mergeHosts, Path notes, boolean withInputs)
      throws IOException {
    // everything the report is made from is read first: nothing in --out changes before that
    MarkdownReport.Notes given = notes == null ? null : readNotes(notes);
    List<RunResults> runs = new ReportInputs().read(inputs);
    Map<String, byte[]> copies = withInputs ? inputCopies(runs) : Map.of();
    ReportFolder folder = ReportFolder.open(out);
    boolean done = false;
    try {
      Written w = render(runs, copies, given, inputs, folder.staging(), mergeHosts, withInputs);
      List<Path> read = new ArrayList<>(runs.stream().map(r -> Path.of(r.source())).toList());
      if (notes != null) {
        read.add(notes);
      }
      folder.commit("kvbench " + kvbenchVersion, read);
      done = true;
      return new Written(out.resolve(README), w.charts(), w.intervalLogs(), w.cells(), w.hosts(), w.warnings());
    } catch (IOException e) {
      // a full disk, a folder that went read-only: the user's to fix, and nothing of the old report was lost
      throw new ReportInputException("cannot write the report to " + out + ": " + dev.kvbench.host.HostFiles.whyFailed(e)
          + "; the folder is as it was before (an earlier report there is whole)");
    } finally {
      if (done) {
        folder.discardStaging();
      } else {
        folder.discardCreatedFolder();
      }
    }
  }

  /**
   * Removes the staging folders that reports killed while writing into {@code folder} left there
   * (a later report into the folder does this too); a report still running keeps its own.
   *
   * @return the folders removed
   */
  public static List<Path> removeStaleStaging(Path folder) {
    return ReportFolder.removeStaleStaging(folder);
  }

  private static MarkdownReport.Notes readNotes(Path notes) throws IOException {
    if (!Files.isRegularFile(notes)) {
      throw new ReportInputException("--notes " + notes + ": no such file; give a Markdown file to include");
    }
    try {
      return new MarkdownReport.Notes(notes.toString(), Files.readString(notes, StandardCharsets.UTF_8));
    } catch (java.nio.charset.MalformedInputException e) {
      throw new ReportInputException("--notes " + notes + " is not UTF-8 text; save it as UTF-8");
    }
  }

  /** The bytes of each result file, by the name its copy gets under inputs/; two inputs of one name are refused. */
  private static Map<String, byte[]> inputCopies(List<RunResults> runs) throws IOException {
    Map<String, byte[]> copies = new java.util.LinkedHashMap<>();
    for (RunResults r : runs) {
      Path source = Path.of(r.source());
      String name = source.getFileName().toString();
      if (copies.put(name, Files.readAllBytes(source)) != null) {
        throw new ReportInputException(source + ": another input has the same file name; rename one");
      }
    }
    return copies;
  }

  /** Writes the report's files into {@code out} (the staging folder). */
  private Written render(List<RunResults> runs, Map<String, byte[]> copies, MarkdownReport.Notes notes,
      List<Path> inputs, Path out, boolean mergeHosts, boolean withInputs) throws IOException {
    List<String> names = inputs.stream().map(Path::toString).toList();
    MarkdownReport.Notes given = notes;
    if (withInputs) {
      Path inputDir = Files.createDirectories(out.resolve(INPUTS));
      List<RunResults> renamed = new ArrayList<>();
      for (RunResults r : runs) {
        String name = Path.of(r.source()).getFileName().toString();
        Files.write(inputDir.resolve(name), copies.get(name));
        // the copy holds the same bytes: name it instead of reading it again
        renamed.add(r.withSource(INPUTS + "/" + name));
      }
      runs = renamed;
      names = renamed.stream().map(RunResults::source).toList();
      if (notes != null) {
        Files.writeString(out.resolve(NOTES), notes.markdown(), StandardCharsets.UTF_8);
        given = new MarkdownReport.Notes(NOTES, notes.markdown());
      }
    }
    List<ReportSection> sections = ReportSection.of(runs, mergeHosts);
    Path chartDir = out.resolve(CHARTS);
    Files.createDirectories(chartDir);
    java.util.Set<String> stems = fullNames(sections);
    List<String> pngs = new ArrayList<>();
    for (ReportSection s : sections) {
      RunTables tables = new RunTables(s.cells());
      for (Map.Entry<String, List<CellResult>> group : tables.byWorkload(s.cells()).entrySet()) {
        String title = group.getKey().replaceAll(";.*", "");
        List<CellResult> cells = group.getValue();
        // a numeric sweep (value size, batch, entries) is drawn as lines over the swept value below:
        // as bars it would put every swept value of every store on one axis, unlike things side by side
        String swept = Sweeps.swept(tables);
        boolean numericSweep = swept != null;
        for (String phase : RunTables.phases(cells)) {
          List<dev.kvbench.result.RateCurves.Curve> curves = CapacityCharts.curves(s, cells, phase);
          save(CapacityCharts.chart(title, phase, curves, CapacityCharts.slaOf(s.runs()),
              id -> MarkdownReport.curveLabel(tables, cells, id)), chartDir,
              stem(stems, s, group.getKey(), phase + "-capacity"), pngs);
          if (CapacityCharts.onlyPoints(curves, cells.size())) {
            // every cell is a point of a rate curve: its bars (a pass's time at the schedule's rate) say
            // nothing the capacity chart does not, and a search's dozens of points would fill the folder
            continue;
          }
          if (!numericSweep) {
            save(Charts.phase(title, phase, cells, tables::rowLabel), chartDir, stem(stems, s, group.getKey(), phase),
                pngs);
          }
          if (numericSweep) {
            // every store at every swept value on one chart is a tangle: one chart per value
            for (double v : Sweeps.values(cells, swept)) {
              List<CellResult> at = cells.stream().filter(c -> Sweeps.VALUE.get(swept).applyAsDouble(c) == v).toList();
              save(Charts.latency(title + "; " + swept + " " + (long) v, phase, at,
                  c -> tables.rowLabelWithout(c, swept)), chartDir,
                  stem(stems, s, group.getKey(), Sweeps.latencyChart(phase, swept, v)), pngs);
            }
          } else {
            save(Charts.latency(title, phase, cells, tables::rowLabel), chartDir,
                stem(stems, s, group.getKey(), phase + "-latency"), pngs);
          }
          save(Charts.throughput(title, phase, cells, tables::rowLabel), chartDir,
              stem(stems, s, group.getKey(), phase + "-throughput"), pngs);
          for (TimelineCharts.Kind kind : TimelineCharts.Kind.values()) {
            save(TimelineCharts.of(kind, title, phase, cells, tables::rowLabel), chartDir,
                stem(stems, s, group.getKey(), phase + "-" + kind.suffix), pngs);
          }
        }
        // a rate curve's points hold the same data at every rate: one storage and memory bar each says nothing
        boolean allPoints = RunTables.phases(cells).stream().allMatch(phase -> CapacityCharts.onlyPoints(
            CapacityCharts.curves(s, cells, phase), cells.size()));
        if (!numericSweep && !allPoints) {
          save(Charts.storage(title, cells, tables::rowLabel), chartDir, stem(stems, s, group.getKey(), "storage"),
              pngs);
        }
        if (!allPoints) {
          save(MemoryFigures.chart(title, cells, tables::rowLabel), chartDir, stem(stems, s, group.getKey(), "memory"),
              pngs);
        }
        if (tables.varies(RunTables.THREADS)) {
          for (String phase : RunTables.phases(cells)) {
            save(Charts.sweep(title + ": " + phase + " by client threads", "client threads",
                "ops per second (median pass)", cells, c -> tables.rowLabelWithout(c, "threads"),
                c -> c.parameters().threads(), c -> c.phases().stream()
                    .filter(p -> p.phase().equals(phase) && p.status() == dev.kvbench.result.PhaseStatus.OK
                        && p.threaded() != null)
                    .mapToDouble(p -> p.opsPerSec()).findFirst().orElse(0)),
                chartDir, stem(stems, s, group.getKey(), phase + "-scaling"), pngs);
          }
        }
        sweeps(stems, s, group.getKey(), title, cells, tables, chartDir, pngs);
        if (tables.varies(VersionPairs.VERSION)) {
          for (String phase : RunTables.phases(cells)) {
            save(Charts.versions(title, phase, cells, c -> tables.rowLabelWithout(c, VersionPairs.VERSION)), chartDir,
                stem(stems, s, group.getKey(), phase + "-by-version"), pngs);
          }
        }
      }
      save(Charts.commitBytes(s.title(), s.cells(), c -> MarkdownReport.traceLabel(tables, c)), chartDir,
          stem(stems, s, MarkdownReport.COMMIT_TRACES, "commit-bytes"), pngs);
    }
    Path hlogDir = out.resolve(HLOG);
    Files.createDirectories(hlogDir);
    List<String> hlogs = new ArrayList<>();
    Map<String, List<HtmlReport.Link>> links = new java.util.HashMap<>();
    for (ReportSection s : sections) {
      for (CellResult c : s.cells()) {
        for (var p : c.phases()) {
          String name = Charts.fileStem(HtmlReport.cellKey(s, c), p.phase()) + ".hlog";
          if (IntervalLogs.write(c, p, hlogDir.resolve(name))) {
            hlogs.add(HLOG + "/" + name);
            links.computeIfAbsent(HtmlReport.cellKey(s, c), k -> new ArrayList<>())
                .add(new HtmlReport.Link(p.phase() + ": HdrHistogram interval log", HLOG + "/" + name));
          }
        }
      }
    }
    MarkdownReport md = new MarkdownReport((s, workload, chart) -> {
      String png = CHARTS + "/" + stem(stems, s, workload, chart) + ".png";
      return pngs.contains(png) ? png : null;
    });
    String writtenAt = OffsetDateTime.now(clock).truncatedTo(ChronoUnit.SECONDS).toString();
    Path readme = out.resolve(README);
    // the README and the command's warning say the same of the hosts' classes
    String classes = mergeHosts ? HostClass.notice(HostClass.hostsByClass(runs)) : null;
    // a result's text (a revision, a note, an id) shown in the README, never a control character a terminal acts on
    Files.writeString(readme, dev.kvbench.summary.ControlCharacters.escape(md.render(sections, names, kvbenchVersion,
        writtenAt, hlogs.size(), given, classes) + profiles(sections, out, links)), StandardCharsets.UTF_8);
    Files.writeString(out.resolve(HTML), new HtmlReport().render(sections, names,
        kvbenchVersion, links), StandardCharsets.UTF_8);
    Files.writeString(out.resolve(CSV), new ResultsCsv().render(sections), StandardCharsets.UTF_8);
    Files.writeString(out.resolve(JMH), new JmhResults().render(sections), StandardCharsets.UTF_8);
    int cells = sections.stream().mapToInt(s -> s.cells().size()).sum();
    List<String> warnings = new ArrayList<>(runs.stream().flatMap(r -> r.warnings().stream()).toList());
    if (classes != null) {
      warnings.add(classes);
    }
    return new Written(readme, pngs.size(), hlogs.size(), cells, sections.stream().map(ReportSection::host).toList(),
        warnings);
  }

  /**
   * The cells' {@code --profile} recordings: a flame graph of each fork's measured passes under
   * {@value #FLAME}/, and a section that links each with its recording; empty when nothing was
   * profiled. A recording that is gone (another host's path) is named, not drawn.
   */
  private static String profiles(List<ReportSection> sections, Path out, Map<String, List<HtmlReport.Link>> links)
      throws IOException {
    StringBuilder rows = new StringBuilder();
    for (ReportSection s : sections) {
      for (CellResult c : s.cells()) {
        for (dev.kvbench.result.ProfileRecording r : c.profiles()) {
          String name = Charts.fileStem(HtmlReport.cellKey(s, c), "fork" + r.fork()) + ".html";
          String graph = "-";
          String samples = "-";
          if (Files.isReadable(Path.of(r.recording()))) {
            long n = FlameGraphs.write(r, FlameGraphs.measuredPasses(c, r.fork()), out.resolve(FLAME).resolve(name),
                c.cellId() + ", fork " + r.fork() + ": measured passes");
            samples = Long.toString(n);
            graph = n > 0 ? "[flame graph](" + FLAME + "/" + name + ")" : "no sample in a measured pass";
            if (n > 0) {
              links.computeIfAbsent(HtmlReport.cellKey(s, c), k -> new ArrayList<>())
                  .add(new HtmlReport.Link("fork " + r.fork() + ": flame graph (" + r.profiler() + ")", FLAME + "/" + name));
            }
          } else {
            graph = "recording not on this machine";
          }
          rows.append("| ").append(c.cellId()).append(" | ").append(r.fork()).append(" | ").append(r.profiler())
              .append(" | `").append(r.recording()).append("` | ").append(samples).append(" | ").append(graph)
              .append(" |\n");
        }
      }
    }
    if (rows.length() == 0) {
      return "";
    }
    return "\n## Profiles\n\nEach fork's JVM was recorded (`--profile`); a flame graph holds the method samples taken"
        + " while that fork's measured passes ran (JFR samples Java code every 10 ms with the profile settings, so a"
        + " short pass has few). Open a recording with `jfr print` or JDK Mission Control.\n\n"
        + "| cell | fork | profiler | recording | samples | flame graph |\n|---|---:|---|---|---:|---|\n" + rows;
  }

  private static void sweeps(java.util.Set<String> stems, ReportSection s, String workload, String title,
      List<CellResult> cells, RunTables tables, Path chartDir, List<String> pngs) throws IOException {
    for (String swept : Sweeps.NAMES) {
      if (!tables.varies(swept)) {
        continue;
      }
      var x = Sweeps.VALUE.get(swept);
      for (String phase : RunTables.phases(cells)) {
        save(Charts.sweep(title + ": " + phase + " by " + swept, Sweeps.TITLE.get(swept), "ms per pass (median)", cells,
            c -> tables.rowLabelWithout(c, swept), x, c -> c.phases().stream()
                .filter(p -> p.phase().equals(phase) && p.status() == dev.kvbench.result.PhaseStatus.OK)
                .mapToDouble(p -> p.passMillis()).findFirst().orElse(0)),
            chartDir, stem(stems, s, workload, phase + "-by-" + swept), pngs);
      }
      save(Charts.sweep(title + ": storage by " + swept, Sweeps.TITLE.get(swept), "MB allocated after close (du)",
          cells, c -> tables.rowLabelWithout(c, swept), x,
          c -> c.storage() == null ? 0 : c.storage().allocatedBytes().afterClose() / 1e6),
          chartDir, stem(stems, s, workload, "storage-by-" + swept), pngs);
    }
  }

  /**
   * A chart's file name: section, workload and chart. The workload's "; median of N measured
   * passes" is left out unless another group of the section differs from it only there (runs with
   * different pass counts in one report), whose charts would otherwise overwrite each other.
   */
  private static String stem(java.util.Set<String> fullNames, ReportSection s, String workload, String chart) {
    String base = fullNames.contains(s.title() + "\n" + workload) ? workload : workload.replaceAll(";.*", "");
    return Charts.fileStem(s.title(), base, chart);
  }

  /** Section and workload keys whose chart names need the whole workload label (see {@link #stem}). */
  private static java.util.Set<String> fullNames(List<ReportSection> sections) {
    java.util.Set<String> full = new java.util.HashSet<>();
    for (ReportSection s : sections) {
      Map<String, List<String>> byShort = new java.util.HashMap<>();
      for (String w : new RunTables(s.cells()).byWorkload(s.cells()).keySet()) {
        byShort.computeIfAbsent(w.replaceAll(";.*", ""), k -> new ArrayList<>()).add(w);
      }
      byShort.values().stream().filter(v -> v.size() > 1).flatMap(List::stream).forEach(w -> full.add(s.title() + "\n" + w));
    }
    return full;
  }

  private static void save(Chart<?, ?> chart, Path dir, String stem, List<String> pngs) throws IOException {
    if (chart == null) {
      return;
    }
    Charts.write(chart, dir.resolve(stem));
    pngs.add(CHARTS + "/" + stem + ".png");
  }
}
