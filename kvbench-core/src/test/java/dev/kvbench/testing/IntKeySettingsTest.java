package dev.kvbench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.run.CellRunner;
import dev.kvbench.run.ExpectedChecksums;
import dev.kvbench.scenario.PassPlan;
import dev.kvbench.run.RunListener;
import dev.kvbench.run.WorkArea;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A store under settings that only make sense for 4-byte int keys (LMDB's {@code integerKey}, its
 * {@code getVia}): the harness's phases stay verified in both orders, and int keys across the sign
 * bit still come back in unsigned big-endian order, as every other store returns them.
 */
public abstract class IntKeySettingsTest {

  @TempDir protected Path temp;

  protected abstract StoreProvider provider();

  /** The settings under test, as {@code -o} would give them. */
  protected abstract Map<String, String> settings();

  @ParameterizedTest
  @EnumSource(KeyOrder.class)
  void everyPhaseIsVerified(KeyOrder order) {
    CellResult result = runCell(KeyEncoding.INT, order);
    assertThat(result.error()).isNull();
    for (PhaseResult p : result.phases()) {
      if (p.phase().equals("scanRange") && p.status() == PhaseStatus.UNSUPPORTED) {
        // a cursor that seeks only forward (the contract's aReverseScanFromAKeyDescendsOrIsRefused checks the refusal)
        assertThat(p.note()).contains("cannot scan back from a key");
        continue;
      }
      assertThat(p.status()).as(p.phase() + ": " + p.failure()).isEqualTo(PhaseStatus.OK);
      assertThat(p.verified()).as(p.phase()).isEqualTo(!p.phase().equals("write"));
    }
  }

  /** putAll's runs, which the LmdbJava adapter runs its own way, with these settings' keys and values changing length. */
  @ParameterizedTest
  @EnumSource(WriteOrder.class)
  void putAllPutsEveryEntryOfItsRuns(WriteOrder order) throws Exception {
    StoreProvider p = provider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), settings());
    Path dir = Files.createDirectories(temp.resolve("runs-" + order));
    try (Store store = p.open(new StoreConfig(dir, s, Durability.NOSYNC,
            new WorkloadSizing(PutAllRuns.ENTRIES, 4, PutAllRuns.MAX_VALUE)));
        Session session = store.openSession()) {
      PutAllRuns.writeInRunsAndReadBack(session, order, PutAllRuns.ValueLengths.VARYING);
    }
  }

  /** LMDB's integerKey takes 4-byte keys only: a cell with string keys fails, naming the setting and the fix. */
  @Test
  void stringKeysAreRefusedNamingTheSetting() {
    assumeThat(settings()).containsEntry("integerKey", "true");
    CellResult result = runCell(KeyEncoding.STR, KeyOrder.SEQ);
    assertThat(result.error()).contains("integerKey=true needs 4-byte int keys (--keys int)");
  }

  /** A seek between two loaded keys is at the first with a zero byte after it: 5 bytes, which integerKey refuses, naming the fix. */
  @Test
  void seekIsRefusedUnderIntegerKeysNamingTheFix() {
    assumeThat(settings()).containsEntry("integerKey", "true");
    CellResult result = runCell(KeyEncoding.INT, KeyOrder.SEQ, List.of(Phase.WRITE, Phase.SEEK));
    assertThat(result.error()).contains("not 5-byte keys").contains("leave seek out, or integerKey off");
  }

  @Test
  void intKeysAcrossTheSignBitComeBackInUnsignedOrder() throws Exception {
    List<Integer> keys = List.of(0x8000_0000, 1, 0xFFFF_FFFF, 0, 0x7FFF_FFFF, 0x0100_0000, 0xFF);
    StoreProvider p = provider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), settings());
    Path dir = Files.createDirectories(temp.resolve("sign"));
    try (Store store = p.open(new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(keys.size(), 4, 4)));
        Session session = store.openSession()) {
      try (Writer w = session.beginWrite(WriteOrder.ANY)) {
        for (int k : keys) {
          w.put(ByteBuffer.allocateDirect(4).putInt(0, k), ByteBuffer.allocateDirect(4).putInt(0, ~k));
        }
        w.commit();
      }
      List<Integer> sorted = new ArrayList<>(keys);
      sorted.sort(Integer::compareUnsigned);
      try (Reader r = session.beginRead()) {
        List<Integer> seen = new ArrayList<>();
        r.scan(ScanDirection.FORWARD, (k, v) -> {
          assertThat(v.getInt(v.position())).isEqualTo(~k.getInt(k.position()));
          return seen.add(k.getInt(k.position()));
        });
        assertThat(seen).containsExactlyElementsOf(sorted);
        for (int k : keys) {
          ByteBuffer v = r.get(ByteBuffer.allocateDirect(4).putInt(0, k));
          assertThat(v).as("key %08x", k).isNotNull();
          assertThat(v.getInt(v.position())).isEqualTo(~k);
        }
        assertThat(r.get(ByteBuffer.allocateDirect(4).putInt(0, 2))).isNull();
      }
    }
  }

  protected CellResult runCell(KeyEncoding keys, KeyOrder order) {
    return runCell(keys, order, Arrays.stream(Phase.values())
        // churn deletes the keys open and openCold read back, and replay runs alone: StoreContractTest runs each;
        // seek's keys between two loaded ones are a byte longer than integerKey takes (seekIsRefused... above)
        .filter(p -> p != Phase.CUSTOM && p != Phase.CHURN && p != Phase.REPLAY && p != Phase.SEEK).toList());
  }

  protected CellResult runCell(KeyEncoding keys, KeyOrder order, List<Phase> phases) {
    CellParams cell = new CellParams(provider().id(),
        new dev.kvbench.scenario.DataSet(3_000, keys, 100, dev.kvbench.workload.ValueContent.RANDOM, 42),
        new dev.kvbench.scenario.WriteShape(order, 701),
        new dev.kvbench.scenario.StoreSetup(settings(), Durability.NOSYNC, dev.kvbench.codec.ValueCodecs.NONE),
        new dev.kvbench.scenario.PhasePlan(phases, PassPlan.SINGLE_COLD, 4),
        dev.kvbench.scenario.Load.SINGLE, Map.of());
    try (WorkArea work = WorkArea.open(temp.resolve("work-" + keys.id() + "-" + order.id()))) {
      return new CellRunner(new CpuMeter(), new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
          RunListener.NONE, 40).run(provider(), cell, work);
    }
  }
}
