package dev.kvbench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class MemoryWindowTest {

  @Test
  void showsNativeMemoryWithoutCopyingOrAllocating() {
    assertThat(MemoryWindow.unavailableReason()).isNull();
    ByteBuffer memory = ByteBuffer.allocateDirect(64);
    for (int i = 0; i < 64; i++) {
      memory.put(i, (byte) i);
    }
    memory.position(10);
    long address = MemoryWindow.addressAtPosition(memory);
    MemoryWindow window = new MemoryWindow();
    ByteBuffer first = window.show(address, 5);
    assertThat(first.remaining()).isEqualTo(5);
    assertThat(first.get(0)).isEqualTo((byte) 10);
    assertThat(first.get(4)).isEqualTo((byte) 14);
    memory.put(12, (byte) 99);
    assertThat(first.get(2)).as("a view, not a copy").isEqualTo((byte) 99);
    ByteBuffer second = window.show(address + 20, 3);
    assertThat(second).as("one reused buffer").isSameAs(first);
    assertThat(second.remaining()).isEqualTo(3);
    assertThat(second.get(0)).isEqualTo((byte) 30);
  }

  @Test
  void addressesOnlyOfDirectBuffers() {
    assertThatThrownBy(() -> MemoryWindow.addressAtPosition(ByteBuffer.allocate(4)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
