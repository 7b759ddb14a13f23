package dev.kvbench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreSettingsTest {

  private static final List<SettingSpec> SPECS = List.of(
      SettingSpec.bool("writeMap", true, "w"),
      SettingSpec.size("mapSize", "auto", "m"),
      SettingSpec.integer("batch", 10, "b"),
      SettingSpec.choice("compression", "none", "c", "none", "lz4"),
      SettingSpec.count("entries", "auto", "e"));

  @Test
  void defaultsAndOverridesResolve() {
    StoreSettings s = StoreSettings.resolve("x", SPECS, Map.of("writeMap", "false", "mapSize", "2g"));
    assertThat(s.getBoolean("writeMap")).isFalse();
    assertThat(s.isAuto("mapSize")).isFalse();
    assertThat(s.getLong("mapSize")).isEqualTo(2L << 30);
    assertThat(s.getLong("batch")).isEqualTo(10);
    assertThat(s.getString("compression")).isEqualTo("none");
    assertThat(s.asText()).containsEntry("writeMap", "false").containsEntry("batch", "10");
    assertThat(StoreSettings.defaults("x", SPECS).isAuto("mapSize")).isTrue();
  }

  /** The first bytes of an ELF file of {@code type} (3: a shared object, 2: an executable), little-endian. */
  static byte[] elfHeader(int type) {
    byte[] h = new byte[64];
    h[0] = 0x7f;
    h[1] = 'E';
    h[2] = 'L';
    h[3] = 'F';
    h[4] = 2; // 64-bit
    h[5] = 1; // little-endian
    h[6] = 1;
    h[16] = (byte) type;
    return h;
  }

  /**
   * A native library setting is the store's own, or a readable ELF shared library by its absolute
   * path; anything else (issue 42, 13: /etc/passwd, an executable) is refused when read, named.
   */
  @Test
  void aFileSettingIsBundledOrAReadableSharedLibrary(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    List<SettingSpec> specs = List.of(SettingSpec.file("nativeLib", "n"));
    assertThat(StoreSettings.defaults("x", specs).getString("nativeLib")).isEqualTo("bundled");
    java.nio.file.Path text = java.nio.file.Files.writeString(dir.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
    assertThatThrownBy(() -> StoreSettings.resolve("x", specs, Map.of("nativeLib", text.toString())))
        .isInstanceOf(InvalidSettingException.class).hasMessageContaining("passwd")
        .hasMessageContaining("not a shared library (it has no ELF header)").hasMessageContaining("bundled");
    java.nio.file.Path executable = java.nio.file.Files.write(dir.resolve("prog"), elfHeader(2));
    assertThatThrownBy(() -> StoreSettings.resolve("x", specs, Map.of("nativeLib", executable.toString())))
        .isInstanceOf(InvalidSettingException.class).hasMessageContaining("not a shared object");
    java.nio.file.Path lib = java.nio.file.Files.write(dir.resolve("lib.so"), elfHeader(3));
    assertThat(StoreSettings.resolve("x", specs, Map.of("nativeLib", lib.toString())).getString("nativeLib"))
        .isEqualTo(lib.toAbsolutePath().toString());
    assertThatThrownBy(() -> StoreSettings.resolve("x", specs, Map.of("nativeLib", dir.resolve("no.so").toString())))
        .isInstanceOf(InvalidSettingException.class).hasMessageContaining("no.so")
        .hasMessageContaining("not a readable file").hasMessageContaining("bundled");
    assertThatThrownBy(() -> StoreSettings.resolve("x", specs, Map.of("nativeLib", dir.toString())))
        .isInstanceOf(InvalidSettingException.class).hasMessageContaining("not a readable file");
  }

  @Test
  void unknownKeyListsTheValidOnes() {
    assertThatThrownBy(() -> StoreSettings.resolve("lmdb", SPECS, Map.of("writemap", "true")))
        .isInstanceOf(InvalidSettingException.class)
        .hasMessageContaining("lmdb.writemap")
        .hasMessageContaining("batch, compression, entries, mapSize, writeMap");
  }

  @Test
  void badValuesNameTheSettingAndTheFix() {
    assertThatThrownBy(() -> StoreSettings.resolve("x", SPECS, Map.of("writeMap", "yes")))
        .hasMessageContaining("writeMap").hasMessageContaining("true or false");
    assertThatThrownBy(() -> StoreSettings.resolve("x", SPECS, Map.of("compression", "zip")))
        .hasMessageContaining("none, lz4");
    assertThatThrownBy(() -> StoreSettings.resolve("x", SPECS, Map.of("mapSize", "lots")))
        .hasMessageContaining("mapSize");
  }

  @Test
  void countsTakeDecimalSuffixesOrAuto() {
    assertThat(StoreSettings.defaults("x", SPECS).isAuto("entries")).isTrue();
    assertThat(StoreSettings.resolve("x", SPECS, Map.of("entries", "10k")).getLong("entries")).isEqualTo(10_000);
    assertThat(StoreSettings.resolve("x", SPECS, Map.of("entries", "1_000_000")).getLong("entries")).isEqualTo(1_000_000);
    assertThatThrownBy(() -> StoreSettings.resolve("x", SPECS, Map.of("entries", "-3")))
        .hasMessageContaining("not a count for entries");
  }

  @Test
  void sizesTakeBinarySuffixes() {
    assertThat(ByteSize.parse("512")).isEqualTo(512);
    assertThat(ByteSize.parse("64k")).isEqualTo(64 << 10);
    assertThat(ByteSize.parse("64MiB")).isEqualTo(64 << 20);
    assertThat(ByteSize.parse("1t")).isEqualTo(1L << 40);
  }
}
