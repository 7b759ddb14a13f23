package dev.kvbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.kvbench.store.StoreRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run reads its scenario without expanding it, expands it once with its flags applied, and a
 * problem of the file as written still names the file's line; one a flag changed does not.
 */
class ScenarioSourceTest {

  @TempDir Path temp;

  private final StoreRegistry registry = StoreRegistry.load();

  @Test
  void aFileIsReadWithoutExpandingAndItsProblemIsPlacedAtItsLine() throws Exception {
    Path file = temp.resolve("s.yaml");
    Files.writeString(file, "name: s\nmatrix:\n  stores: [misbehaving]\n  settings:\n    misbehaving.failure: [often]\n");
    // reading does not check the stores: nothing is expanded yet
    ScenarioSource read = new Presets().source(file.toString());
    assertThat(read.scenario().name()).isEqualTo("s");
    ScenarioException found = catchThrowableOfType(() -> read.scenario().cells(registry), ScenarioException.class);
    assertThat(found.pointer()).startsWith("/matrix/settings");
    assertThat(read.placed(found)).hasMessageStartingWith(file + ":5:").hasMessageContaining("failure");
    // explained: placed while no change replaces the field; named by its field alone once one does
    assertThat(read.explained(found, new ScenarioOverrides().seed(1)).getMessage())
        .isEqualTo(read.placed(found).getMessage());
    assertThat(read.explained(found, new ScenarioOverrides().settings(java.util.Map.of("misbehaving.failure",
        List.of("never")))).getMessage()).isEqualTo("matrix.settings: " + found.getMessage());
    // the same problem as the file check finds it, at the same place
    assertThat(catchThrowableOfType(() -> new ScenarioFiles().read(file, registry), ScenarioException.class))
        .hasMessage(read.placed(found).getMessage());
  }

  @Test
  void aPresetIsReadAsItsText() {
    ScenarioSource read = new Presets().source("lmdbjava-test1");
    assertThat(read.origin()).isEqualTo("preset lmdbjava-test1");
    assertThat(read.scenario()).isEqualTo(new Presets().load("lmdbjava-test1", null));
    assertThat(read.text()).isEqualTo(new Presets().text("lmdbjava-test1"));
  }

  @Test
  void overridesSayWhichFieldsTheyReplace() {
    ScenarioOverrides stores = new ScenarioOverrides().stores(List.of("null"));
    assertThat(stores.changes("/matrix/stores/0")).isTrue();
    assertThat(stores.changes("/matrix/settings")).isTrue();
    assertThat(stores.changes("/matrix/entries/0")).isFalse();
    assertThat(stores.changes("/phases/1")).isFalse();
    ScenarioOverrides entries = new ScenarioOverrides().axis(Axes.ENTRIES, List.of(1000L));
    assertThat(entries.changes("/matrix/entries/0")).isTrue();
    assertThat(entries.changes("/matrix")).isTrue();
    assertThat(entries.changes("/matrix/keys/0")).isFalse();
    assertThat(new ScenarioOverrides().scale(0.5).changes("/matrix/batchSizes/0")).isTrue();
    assertThat(new ScenarioOverrides().changes("/matrix")).isFalse();
  }
}
