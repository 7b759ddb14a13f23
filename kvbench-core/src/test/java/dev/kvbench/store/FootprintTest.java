package dev.kvbench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FootprintTest {

  @Test
  void aBTreeEntryOverHalfAPageTakesWholeOverflowPages() {
    Footprint lmdb = Footprint.bTree(1.7, 4096);
    // small entries: the tree's own overhead
    assertThat(lmdb.spaceOverFlat(104)).isEqualTo(1.7);
    assertThat(lmdb.spaceOverFlat(2030)).isEqualTo(1.7);
    // 2,100 bytes fill one 4 KiB overflow page: 4096 / 2100 x 1.02
    assertThat(lmdb.spaceOverFlat(2100)).isCloseTo(1.9895, org.assertj.core.data.Offset.offset(1e-3));
    // 4,090 bytes and their 16 of header need two pages
    assertThat(lmdb.spaceOverFlat(4090)).isCloseTo(2 * 4096 / 4090.0 * 1.02, org.assertj.core.data.Offset.offset(1e-9));
    // a store without overflow pages keeps its ratio at any size
    assertThat(Footprint.TYPICAL.spaceOverFlat(100_000)).isEqualTo(1.15);
  }

  @Test
  void onlyAStoreWithTableFilesNeedsManyOpenFiles() {
    Footprint lsm = Footprint.tableFiles(1.15, Footprint.SMALL_TABLE_FILE_BYTES);
    // 1 GiB of 2 MiB tables, twice over during compaction, and the JVM's own
    assertThat(lsm.openFiles(1L << 30)).isEqualTo(2 * 512 + 1024);
    assertThat(Footprint.TYPICAL.openFiles(1L << 40)).isZero();
    assertThat(Footprint.NOTHING.spaceOverFlat(100)).isZero();
    assertThatThrownBy(() -> new Footprint(-1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
