package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FailuresTest {

  @Test
  void eachStoresWordsForAFullDiskGetTheOnePhrase() {
    // SQLite through sqlite-jdbc, the JDK's own IOException, RocksDB's status
    assertThat(Failures.labelled("sqlite: put failed: [SQLITE_FULL] Insertion failed because database is full "
        + "(database or disk is full)")).startsWith(Failures.NO_SPACE + ": sqlite: put failed");
    assertThat(Failures.labelled("java.io.IOException: No space left on device")).startsWith(Failures.NO_SPACE + ": ");
    assertThat(Failures.labelled("IO error: ENOSPC writing 000012.log")).startsWith(Failures.NO_SPACE + ": ");
  }

  @Test
  void otherFailuresKeepTheirOwnWordsAndAreNotLabelledTwice() {
    assertThat(Failures.labelled("sqlite: get failed: [SQLITE_CORRUPT] database disk image is malformed"))
        .startsWith("sqlite: get failed");
    String labelled = Failures.labelled("No space left on device");
    assertThat(Failures.labelled(labelled)).isEqualTo(labelled);
  }
}
