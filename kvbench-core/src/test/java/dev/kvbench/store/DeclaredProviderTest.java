package dev.kvbench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A provider declared once answers every part of the SPI from its declaration. */
class DeclaredProviderTest {

  private static final Capabilities ONE_SESSION = Capabilities.builder().orderedScan()
      .durabilities(EnumSet.of(Durability.NOSYNC)).maxKeySize(64).maxValueSize(1024).build();

  /** A store declared with every part named. */
  static final class Full extends DeclaredProvider {
    Full() {
      super(declare("full", "org.example:full")
          .versions("[1.0,2)", "org.example:full", "org.example:full:jar:natives-linux")
          .engine(Engine.NATIVE)
          .capabilities(ONE_SESSION)
          .footprint(Footprint.NOTHING)
          .settings(SettingSpec.bool("fast", false, "go fast")));
    }

    @Override
    public Store open(StoreConfig config) {
      throw new UnsupportedOperationException();
    }
  }

  /** A store declared with only what must be: the defaults of the SPI stand for the rest. */
  static final class Bare extends DeclaredProvider {
    Bare() {
      super(declare("bare", "org.example:bare").capabilities(ONE_SESSION));
    }

    @Override
    public String libraryVersion() {
      return "3.1";
    }

    @Override
    public Store open(StoreConfig config) {
      throw new UnsupportedOperationException();
    }
  }

  @Test
  void everyPartNamedIsWhatTheProviderAnswers() {
    Full full = new Full();
    assertThat(full.id()).isEqualTo("full");
    assertThat(full.library()).isEqualTo("org.example:full");
    assertThat(full.supportedVersions()).isEqualTo("[1.0,2)");
    assertThat(full.versionedArtifacts()).containsExactly("org.example:full", "org.example:full:jar:natives-linux");
    assertThat(full.footprint()).isEqualTo(Footprint.NOTHING);
    assertThat(full.settings()).extracting(SettingSpec::key).containsExactly("fast");
    // the declared engine joins the capabilities, which keep everything else they said
    assertThat(full.capabilities().engine()).isEqualTo(Engine.NATIVE);
    assertThat(full.capabilities().libraryFacts()).isNotNull();
    assertThat(full.capabilities().withFacts(ONE_SESSION.engine(), ONE_SESSION.libraryFacts())).isEqualTo(ONE_SESSION);
  }

  @Test
  void whatIsNotNamedKeepsTheSpisDefaults() {
    Bare bare = new Bare();
    // the bundled version alone, read when asked (a provider may read it from its native library)
    assertThat(bare.supportedVersions()).isEqualTo("[3.1]");
    assertThat(bare.versionedArtifacts()).isEmpty();
    assertThat(bare.footprint()).isEqualTo(Footprint.TYPICAL);
    assertThat(bare.settings()).isEmpty();
    assertThat(bare.capabilities().engine()).isEqualTo(Engine.JAVA);
    assertThat(bare.availability()).isEqualTo(Availability.AVAILABLE);
    assertThat(bare.settingsProblem(null, Durability.NOSYNC)).isNull();
  }

  @Test
  void versionsWithoutArtifactsAreTheLibraryAlone() {
    DeclaredProvider ranged = new DeclaredProvider(
        DeclaredProvider.declare("ranged", "org.example:ranged").versions("[0.9,0.13)").capabilities(ONE_SESSION)) {
      @Override
      public Store open(StoreConfig config) {
        throw new UnsupportedOperationException();
      }
    };
    assertThat(ranged.versionedArtifacts()).containsExactly("org.example:ranged");
  }

  @Test
  void aDeclaredNativeLibraryIsLoadedWhenAvailabilityIsAskedNotWhenTheProviderIsMade() {
    java.util.concurrent.atomic.AtomicInteger loads = new java.util.concurrent.atomic.AtomicInteger();
    DeclaredProvider nativeStore = new DeclaredProvider(DeclaredProvider.declare("native", "org.example:native")
        .capabilities(ONE_SESSION).natives(() -> {
          loads.incrementAndGet();
          return NativeLoad.refused("no libexample.so for this platform");
        })) {
      @Override
      public Store open(StoreConfig config) {
        throw new UnsupportedOperationException();
      }
    };
    assertThat(loads).hasValue(0);
    assertThat(nativeStore.availability().available()).isFalse();
    assertThat(nativeStore.availability().reason()).contains("no libexample.so");
    assertThat(loads).hasValueGreaterThan(0);
  }

  @Test
  void aDeclarationWithoutCapabilitiesIsRefusedByName() {
    assertThatThrownBy(() -> new DeclaredProvider(DeclaredProvider.declare("nocaps", "org.example:nocaps")) {
      @Override
      public Store open(StoreConfig config) {
        throw new UnsupportedOperationException();
      }
    }).isInstanceOf(NullPointerException.class).hasMessageContaining("nocaps").hasMessageContaining("capabilities");
  }

  @Test
  void capabilitiesListTheirSetsInTheEnumsOrderWhateverTheyWereGiven() {
    Capabilities given = Capabilities.builder().durabilities(Set.of(Durability.NOSYNC, Durability.SYNC, Durability.LAZY))
        .writeOperations(Set.of(WriteOperation.values())).maxKeySize(1).maxValueSize(0).build();
    assertThat(List.copyOf(given.durabilities())).containsExactly(Durability.values());
    assertThat(List.copyOf(given.writeOperations())).containsExactly(WriteOperation.values());
  }
}
