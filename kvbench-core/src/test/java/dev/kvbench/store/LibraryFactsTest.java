package dev.kvbench.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A library's facts read from the THIRD-PARTY lists the license-maven-plugin writes. */
class LibraryFactsTest {

  private static final String LIST = """
      Lists of 3 third-party dependencies.
           (The Apache Software License, Version 2.0) LmdbJava (org.lmdbjava:lmdbjava:0.9.3 - https://github.com/lmdbjava/lmdbjava)
           (Apache License 2.0) (GNU General Public License, version 2) RocksDB JNI (org.rocksdb:rocksdbjni:11.8.1 - https://rocksdb.org)
           (Unknown license) kvbench-store-x (dev.kvbench:kvbench-store-x:0.6.0-SNAPSHOT - no url defined)
      """;

  @Test
  void everyLicenseTheLibrarysPomNamesIsRead() {
    assertThat(LibraryFacts.licensesIn(LIST, "org.rocksdb:rocksdbjni"))
        .containsExactly("Apache License 2.0", "GNU General Public License, version 2");
    assertThat(LibraryFacts.licensesIn(LIST, "org.lmdbjava:lmdbjava"))
        .containsExactly("The Apache Software License, Version 2.0");
  }

  @Test
  void aLibraryTheListLacksOrWhosePomNamesNoLicenseHasNone() {
    assertThat(LibraryFacts.licensesIn(LIST, "org.mapdb:mapdb")).isEmpty();
    assertThat(LibraryFacts.licensesIn(LIST, "dev.kvbench:kvbench-store-x")).isEmpty();
    // a prefix of another library's artifact is not that library
    assertThat(LibraryFacts.licensesIn(LIST, "org.lmdbjava:lmdb")).isEmpty();
  }
}
