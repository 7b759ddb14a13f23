package dev.kvbench.stores.mvstore;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;
import org.h2.mvstore.type.ByteArrayDataType;

/**
 * Byte-array keys for MVStore versions whose ByteArrayDataType cannot compare (H2 2.0 to 2.3): its
 * format, with the unsigned comparison H2 2.4's has, which is the harness's key order.
 */
final class UnsignedBytesType extends BasicDataType<byte[]> {

  @Override
  public int getMemory(byte[] obj) {
    return ByteArrayDataType.INSTANCE.getMemory(obj);
  }

  @Override
  public void write(WriteBuffer buff, byte[] obj) {
    ByteArrayDataType.INSTANCE.write(buff, obj);
  }

  @Override
  public byte[] read(ByteBuffer buff) {
    return ByteArrayDataType.INSTANCE.read(buff);
  }

  @Override
  public byte[][] createStorage(int size) {
    return new byte[size][];
  }

  @Override
  public int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }
}
