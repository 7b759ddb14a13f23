package dev.kvbench.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The byte-array base's protocol: what arrays the library gets, and what closing takes back. */
class ArrayWriterTest {

  /** Records what a library would be handed. */
  private static final class Recording extends ArrayWriter {
    final List<byte[]> keys = new ArrayList<>();
    final List<String> calls = new ArrayList<>();

    Recording(DeletedKeys deletedKeys) {
      super(deletedKeys);
    }

    @Override
    protected void put(byte[] key, byte[] value) {
      keys.add(key);
      calls.add("put");
    }

    @Override
    protected void delete(byte[] key) {
      keys.add(key);
      calls.add("delete");
    }

    @Override
    protected byte[] get(byte[] key) {
      keys.add(key);
      return "v".getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected void commitPuts() {
      calls.add("commit" + (uncommitted() ? " (uncommitted)" : ""));
    }

    @Override
    protected void discard() {
      calls.add("discard");
    }

    @Override
    protected void release() {
      calls.add("release");
    }
  }

  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void everyPutHandsTheLibraryArraysOfItsOwnAndLookupsReuseOne() {
    Recording w = new Recording(ArrayWriter.DeletedKeys.READ_DURING_THE_CALL);
    ByteBuffer key = bytes("k1");
    w.put(key, bytes("v"));
    key.put(0, (byte) 'x');
    w.put(bytes("k2"), bytes("v"));
    assertThat(new String(w.keys.get(0), StandardCharsets.UTF_8)).isEqualTo("k1");
    assertThat(w.keys.get(0)).isNotSameAs(w.keys.get(1));
    w.delete(bytes("k1"));
    w.get(bytes("k2"));
    assertThat(w.keys.get(2)).isSameAs(w.keys.get(3));
    assertThat(w.get(bytes("k2")).isReadOnly()).isTrue();
  }

  @Test
  void aLibraryThatKeepsDeletedKeysGetsACopyOfEach() {
    Recording w = new Recording(ArrayWriter.DeletedKeys.KEPT_UNTIL_COMMIT);
    w.delete(bytes("k1"));
    w.delete(bytes("k2"));
    assertThat(w.keys.get(0)).isNotSameAs(w.keys.get(1));
    assertThat(new String(w.keys.get(0), StandardCharsets.UTF_8)).isEqualTo("k1");
  }

  @Test
  void closingTakesBackOnlyWhatIsUncommittedAndAlwaysReleases() {
    Recording committed = new Recording(ArrayWriter.DeletedKeys.READ_DURING_THE_CALL);
    committed.put(bytes("k"), bytes("v"));
    committed.commit();
    committed.close();
    assertThat(committed.calls).containsExactly("put", "commit (uncommitted)", "release");

    Recording open = new Recording(ArrayWriter.DeletedKeys.READ_DURING_THE_CALL);
    open.put(bytes("k"), bytes("v"));
    open.commit();
    open.delete(bytes("k"));
    open.close();
    assertThat(open.calls).containsExactly("put", "commit (uncommitted)", "delete", "discard", "release");
  }
}
