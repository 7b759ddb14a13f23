package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.kvbench.host.Placement;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.LibraryJar;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One cell of the matrix: one store, one parameter set, its phases in the order they ran.
 *
 * @param cellId the cell's identity in its run (the cell parameters' id); resume finds cells by it
 * @param storeUnderTest the store, its library and version, capabilities and settings
 * @param ending how the cell ended: its outcome, the error and the diagnostics of a cell that failed
 * @param profiles the recordings of its forks' JVMs ({@code --profile}); empty when not profiled
 * @param placement where its JVM ran (CPUs, memory policy, numactl or taskset), as that JVM saw it;
 *     null where not recorded
 * @param forkStop why a run that adds forks until a precision ({@code --precision}) stopped adding
 *     them to this cell; null where the cell ran the scenario's fixed number of forks
 * @param memory what the cell's JVM held in memory once the store was loaded and after the phases
 *     on it; null where not taken (kvbench before 0.6, a cell that did not load its store)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CellResult(
    String cellId,
    @JsonUnwrapped StoreUnderTest storeUnderTest,
    Parameters parameters,
    List<PhaseResult> phases,
    StorageResult storage,
    @JsonUnwrapped Ending ending,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ProfileRecording> profiles,
    @JsonInclude(JsonInclude.Include.NON_NULL) Placement placement,
    @JsonInclude(JsonInclude.Include.NON_NULL) ForkStop forkStop,
    @JsonInclude(JsonInclude.Include.NON_NULL) CellMemory memory) {

  /**
   * The store a cell ran and how (fields of the cell in the JSON).
   *
   * @param store the store's id
   * @param library the library's Maven coordinates (or {@code native:NAME})
   * @param libraryVersion the library's version the cell ran
   * @param capabilities what the store declared: which phases it can run, whether it keeps data
   * @param settings the store's settings resolved against its specs, as text
   * @param nativeSettings the native flags and sizes the adapter actually used
   * @param libraryJars for a cell that ran another version of its store's library than kvbench
   *     bundles: every jar its library was loaded from, with its SHA-256; empty for the bundled library
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record StoreUnderTest(String store, String library, String libraryVersion, Capabilities capabilities,
      Map<String, String> settings, Map<String, Object> nativeSettings,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LibraryJar> libraryJars) {

    public StoreUnderTest {
      libraryJars = libraryJars == null ? List.of() : List.copyOf(libraryJars);
      settings = settings == null ? Map.of() : Map.copyOf(settings);
      nativeSettings = nativeSettings == null ? Map.of() : nativeSettings;
    }
  }

  /**
   * How a cell ended (fields of the cell in the JSON).
   *
   * @param outcome whether the cell ran, and if not, why not in one word
   * @param error why the cell could not run or finish (open failed, crashed, timed out ...); null when it ran
   * @param diagnostics for a cell whose JVM failed: where its output, thread dump and crash log were kept
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Ending(Outcome outcome, String error, Diagnostics diagnostics) {
    public Ending {
      outcome = outcome == null ? (error == null ? Outcome.RAN : Outcome.FAILED) : outcome;
    }
  }

  /** A cell with everything in the order of its fields, profiles, placement, fork stop and memory included. */
  public CellResult(String cellId, String store, String library, String libraryVersion, Capabilities capabilities,
      Map<String, String> settings, Map<String, Object> nativeSettings, Parameters parameters, List<PhaseResult> phases,
      StorageResult storage, Outcome outcome, String error, Diagnostics diagnostics, List<LibraryJar> libraryJars,
      List<ProfileRecording> profiles, Placement placement, ForkStop forkStop, CellMemory memory) {
    this(cellId, new StoreUnderTest(store, library, libraryVersion, capabilities, settings, nativeSettings, libraryJars),
        parameters, phases, storage, new Ending(outcome, error, diagnostics), profiles, placement, forkStop, memory);
  }

  /** A cell whose memory was not recorded. */
  public CellResult(String cellId, String store, String library, String libraryVersion, Capabilities capabilities,
      Map<String, String> settings, Map<String, Object> nativeSettings, Parameters parameters, List<PhaseResult> phases,
      StorageResult storage, Outcome outcome, String error, Diagnostics diagnostics, List<LibraryJar> libraryJars,
      List<ProfileRecording> profiles, Placement placement, ForkStop forkStop) {
    this(cellId, store, library, libraryVersion, capabilities, settings, nativeSettings, parameters, phases, storage,
        outcome, error, diagnostics, libraryJars, profiles, placement, forkStop, null);
  }

  /** A cell that ran the scenario's fixed number of forks, its memory not recorded. */
  public CellResult(String cellId, String store, String library, String libraryVersion, Capabilities capabilities,
      Map<String, String> settings, Map<String, Object> nativeSettings, Parameters parameters, List<PhaseResult> phases,
      StorageResult storage, Outcome outcome, String error, Diagnostics diagnostics, List<LibraryJar> libraryJars,
      List<ProfileRecording> profiles, Placement placement) {
    this(cellId, store, library, libraryVersion, capabilities, settings, nativeSettings, parameters, phases, storage,
        outcome, error, diagnostics, libraryJars, profiles, placement, null, null);
  }

  /** A cell whose JVM's placement was not recorded (an earlier kvbench's result, a cell that did not start). */
  public CellResult(String cellId, String store, String library, String libraryVersion, Capabilities capabilities,
      Map<String, String> settings, Map<String, Object> nativeSettings, Parameters parameters, List<PhaseResult> phases,
      StorageResult storage, Outcome outcome, String error, Diagnostics diagnostics, List<LibraryJar> libraryJars,
      List<ProfileRecording> profiles) {
    this(cellId, store, library, libraryVersion, capabilities, settings, nativeSettings, parameters, phases, storage,
        outcome, error, diagnostics, libraryJars, profiles, null, null, null);
  }

  /** A cell of the bundled library, whose jars are kvbench's own, with nothing recorded of its JVM. */
  public CellResult(String cellId, String store, String library, String libraryVersion, Capabilities capabilities,
      Map<String, String> settings, Map<String, Object> nativeSettings, Parameters parameters, List<PhaseResult> phases,
      StorageResult storage, Outcome outcome, String error, Diagnostics diagnostics) {
    this(cellId, new StoreUnderTest(store, library, libraryVersion, capabilities, settings, nativeSettings, List.of()),
        parameters, phases, storage, new Ending(outcome, error, diagnostics), List.of(), null, null, null);
  }

  public CellResult {
    storeUnderTest = java.util.Objects.requireNonNull(storeUnderTest, "storeUnderTest");
    ending = ending == null ? new Ending(null, null, null) : ending;
    profiles = profiles == null ? List.of() : List.copyOf(profiles);
    phases = phases == null ? List.of() : List.copyOf(phases);
  }

  public String store() {
    return storeUnderTest.store();
  }

  public String library() {
    return storeUnderTest.library();
  }

  public String libraryVersion() {
    return storeUnderTest.libraryVersion();
  }

  public Capabilities capabilities() {
    return storeUnderTest.capabilities();
  }

  public Map<String, String> settings() {
    return storeUnderTest.settings();
  }

  public Map<String, Object> nativeSettings() {
    return storeUnderTest.nativeSettings();
  }

  public List<LibraryJar> libraryJars() {
    return storeUnderTest.libraryJars();
  }

  public Outcome outcome() {
    return ending.outcome();
  }

  public String error() {
    return ending.error();
  }

  public Diagnostics diagnostics() {
    return ending.diagnostics();
  }

  /** How a cell ended. */
  public enum Outcome {
    /** The cell ran; its phases say how each went. */
    RAN,
    /** The store cannot honour this combination (e.g. Chronicle Map and sync); not run. */
    UNSUPPORTED,
    /** The cell could not finish: open failed, the JVM crashed, ran out of memory or time, the disk filled. */
    FAILED,
    /** The run was stopped (Ctrl-C, SIGTERM) while this cell ran. */
    INTERRUPTED;

    @JsonValue
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** This result with {@code figures} as its phases. */
  public CellResult withPhases(List<PhaseResult> figures) {
    return new CellResult(cellId, storeUnderTest, parameters, figures, storage, ending, profiles, placement, forkStop,
        memory);
  }

  /** This result of a cell that ran {@code version} of its library from {@code jars}. */
  public CellResult withLibrary(String version, List<LibraryJar> jars) {
    return new CellResult(cellId, new StoreUnderTest(store(), library(), version, capabilities(), settings(), nativeSettings(), jars), parameters, phases, storage, ending, profiles, placement, forkStop,
        memory);
  }

  /**
   * This result under another store's name: a comparison of stores matches each store's cells with
   * the other's by workload, as if one store had run both.
   */
  public CellResult withStore(String name) {
    return new CellResult(cellId, new StoreUnderTest(name, library(), libraryVersion(), capabilities(), settings(), nativeSettings(),
        libraryJars()), parameters, phases, storage, ending, profiles, placement, forkStop,
        memory);
  }

  /** This result with another outcome, and {@code error} saying why. */
  public CellResult withOutcome(Outcome ended, String why) {
    return new CellResult(cellId, storeUnderTest, parameters, phases, storage, new Ending(ended, why, diagnostics()), profiles, placement, forkStop,
        memory);
  }

  /** This result with {@code stop} saying why it has the forks it has. */
  public CellResult withForkStop(ForkStop stop) {
    return new CellResult(cellId, storeUnderTest, parameters, phases, storage, ending, profiles, placement, stop,
        memory);
  }

  /**
   * The memory footprints of a cell: once its store was loaded, and after the phases on the loaded
   * store; and the memory cgroup it ran in where the run limited it ({@code --memory-limit}), else
   * null.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record CellMemory(dev.kvbench.measure.MemoryFootprint afterLoad, dev.kvbench.measure.MemoryFootprint afterPhases,
      MemoryLimitFigures limit) {

    /** Footprints of a cell that ran without a memory limit. */
    public CellMemory(dev.kvbench.measure.MemoryFootprint afterLoad, dev.kvbench.measure.MemoryFootprint afterPhases) {
      this(afterLoad, afterPhases, null);
    }

    /** These footprints with the cgroup the cell's JVM ran in. */
    public CellMemory withLimit(MemoryLimitFigures figures) {
      return new CellMemory(afterLoad, afterPhases, figures);
    }
  }

  /**
   * The memory cgroup a cell's JVM ran in ({@code --memory-limit}), as its last fork left it.
   *
   * @param limitBytes the limit, page cache included
   * @param cgroupVersion 1 or 2
   * @param oomKills how many times the kernel's OOM killer ended a process of the cgroup: the limit
   *     killed the cell's JVM where above 0
   * @param peakPerPass whether each pass's {@code paging.cgroupPeakBytes} is that pass's own peak
   *     (v1 lets it be reset), else the peak from the JVM's start to the pass's end (v2)
   */
  public record MemoryLimitFigures(long limitBytes, int cgroupVersion, long oomKills, boolean peakPerPass) {}

  /** This result with {@code footprints} as its memory figures. */
  public CellResult withMemory(CellMemory footprints) {
    return new CellResult(cellId, storeUnderTest, parameters, phases, storage, ending, profiles, placement, forkStop,
        footprints);
  }

  /** This result with {@code given} as its settings. */
  public CellResult withSettings(Map<String, String> given) {
    return new CellResult(cellId, new StoreUnderTest(store(), library(), libraryVersion(), capabilities(), given, nativeSettings(),
        libraryJars()), parameters, phases, storage, ending, profiles, placement, forkStop,
        memory);
  }

  /** This result with {@code recordings} as its forks' recordings. */
  public CellResult withProfiles(List<ProfileRecording> recordings) {
    return new CellResult(cellId, storeUnderTest, parameters, phases, storage, ending, recordings, placement, forkStop,
        memory);
  }

  /** This result with {@code where} as where its JVM ran. */
  public CellResult withPlacement(Placement where) {
    return new CellResult(cellId, storeUnderTest, parameters, phases, storage, ending, profiles, where, forkStop,
        memory);
  }

  /** True when the cell ran and every phase is ok or unsupported, or the store cannot run it at all. */
  @JsonIgnore
  public boolean succeeded() {
    return switch (outcome()) {
      case RAN -> error() == null && phases.stream().noneMatch(p -> p.status() == PhaseStatus.FAILED);
      case UNSUPPORTED -> true;
      case FAILED, INTERRUPTED -> false;
    };
  }

  /** True for a reference store that keeps nothing (null): shown, never ranked against real stores. */
  @JsonIgnore
  public boolean reference() {
    return capabilities() != null && !capabilities().retainsData();
  }

  /**
   * The workload parameters of this cell, in four parts as a cell's own settings are (its data,
   * writes, plan and load). Among their fields: {@code threads}, client threads of the threaded
   * phases (1 for the seed phases); {@code traffic}, how the threaded phases were driven (null for
   * a cell that ran none); {@code valueContent}, what the values' bytes were (random, zeros,
   * compressible:R; null in documents written before it existed, whose values were random); {@code
   * codec}, the value codec the harness applied (null in documents written before it existed,
   * which applied none).
   *
   * @param data the entries and their bytes
   * @param write the order, batch size and durability of the writes
   * @param plan the seed, the latency sampling, the warm-up and measured passes
   * @param load the client threads, the traffic and the page cache of the read passes
   * @param axes the values of the matrix's axes that have no field here, by their scenario key
   *     (kvbench's {@code Axes}); empty (left out) in documents written before any existed
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Parameters(@JsonUnwrapped Data data, @JsonUnwrapped Write write, @JsonUnwrapped Plan plan,
      @JsonUnwrapped Load load, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> axes) {

    /** The entries and their bytes (fields of the parameters in the JSON). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Data(long entries, String keys, int keySize, int valueSize, String valueContent, String codec) {}

    /** How the entries were written (fields of the parameters in the JSON). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Write(String order, long batchSize, String durability) {}

    /**
     * The seed, the latency sampling and the passes (fields of the parameters in the JSON); the measured
     * passes are written {@code measured}, the setting's name, and read under 0.6's {@code measuredPasses} too.
     */
    public record Plan(long seed, int latencySampleInterval, int warmupPasses, long warmupMillis,
        @JsonProperty("measured") @JsonAlias("measuredPasses") int measuredPasses) {}

    /** How the threaded phases and the read passes were driven (fields of the parameters in the JSON). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Load(int threads, dev.kvbench.workload.Traffic traffic, String readCache) {
      public Load {
        // documents written before threads existed read as one thread
        threads = Math.max(1, threads);
      }
    }

    /** Parameters from their fields in the order they were once declared. */
    public Parameters(long entries, String keys, int keySize, int valueSize, String order, long batchSize,
        String durability, long seed, int latencySampleInterval, int warmupPasses, long warmupMillis,
        int measuredPasses, int threads, dev.kvbench.workload.Traffic traffic, String valueContent, String codec,
        String readCache, Map<String, String> axes) {
      this(new Data(entries, keys, keySize, valueSize, valueContent, codec), new Write(order, batchSize, durability),
          new Plan(seed, latencySampleInterval, warmupPasses, warmupMillis, measuredPasses),
          new Load(threads, traffic, readCache), axes);
    }

    /** A cell of the seed phases. */
    public Parameters(long entries, String keys, int keySize, int valueSize, String order, long batchSize,
        String durability, long seed, int latencySampleInterval, int warmupPasses, long warmupMillis,
        int measuredPasses) {
      this(entries, keys, keySize, valueSize, order, batchSize, durability, seed, latencySampleInterval, warmupPasses,
          warmupMillis, measuredPasses, 1, null, null, null, null, Map.of());
    }

    public long entries() {
      return data.entries();
    }

    public String keys() {
      return data.keys();
    }

    public int keySize() {
      return data.keySize();
    }

    public int valueSize() {
      return data.valueSize();
    }

    public String valueContent() {
      return data.valueContent();
    }

    public String codec() {
      return data.codec();
    }

    public String order() {
      return write.order();
    }

    public long batchSize() {
      return write.batchSize();
    }

    public String durability() {
      return write.durability();
    }

    public long seed() {
      return plan.seed();
    }

    public int latencySampleInterval() {
      return plan.latencySampleInterval();
    }

    public int warmupPasses() {
      return plan.warmupPasses();
    }

    public long warmupMillis() {
      return plan.warmupMillis();
    }

    public int measuredPasses() {
      return plan.measuredPasses();
    }

    public int threads() {
      return load.threads();
    }

    public dev.kvbench.workload.Traffic traffic() {
      return load.traffic();
    }

    public String readCache() {
      return load.readCache();
    }

    /** The value codec, none where the document predates the setting. */
    public String codecOrNone() {
      return codec() == null ? dev.kvbench.codec.ValueCodecs.NONE : codec();
    }

    /** The page cache of the measured read passes, warm where the document predates the setting. */
    public String readCacheOrWarm() {
      return readCache() == null ? "warm" : readCache();
    }

    /** The value content, random where the document predates the setting. */
    public String valueContentOrRandom() {
      return valueContent() == null ? dev.kvbench.workload.ValueContent.RANDOM.id() : valueContent();
    }

    public Parameters {
      data = data == null ? new Data(0, null, 0, 0, null, null) : data;
      write = write == null ? new Write(null, 0, null) : write;
      plan = plan == null ? new Plan(0, 0, 0, 0, 0) : plan;
      load = load == null ? new Load(1, null, null) : load;
      // sorted: the same axes print, serialise and compare alike in every JVM (Map.copyOf's order is not)
      axes = axes == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(axes));
    }
  }
}
