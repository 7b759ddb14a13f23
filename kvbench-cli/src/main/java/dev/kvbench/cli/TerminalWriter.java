package dev.kvbench.cli;

import dev.kvbench.summary.ControlCharacters;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * Standard output or error as kvbench prints to it: every control character a terminal acts on is
 * shown as {@code \x1b}, never sent, since what kvbench prints holds text from result files (a
 * revision, a note, a cell's id) that anyone who supplies a result wrote. Only kvbench's own status
 * line goes out as it is ({@link #printControl}).
 */
final class TerminalWriter extends PrintWriter {

  TerminalWriter(Writer out, boolean autoFlush) {
    super(out, autoFlush);
  }

  /** {@code out} as a terminal writer, or itself where it is one. */
  static TerminalWriter of(PrintWriter out) {
    return out instanceof TerminalWriter t ? t : new TerminalWriter(out, true);
  }

  @Override
  public void write(int c) {
    if (ControlCharacters.acted((char) c)) {
      super.write(ControlCharacters.escape(String.valueOf((char) c)));
    } else {
      super.write(c);
    }
  }

  @Override
  public void write(char[] buf, int off, int len) {
    write(new String(buf, off, len), 0, len);
  }

  @Override
  public void write(String s, int off, int len) {
    String part = s.substring(off, off + len);
    String safe = ControlCharacters.escape(part);
    super.write(safe, 0, safe.length());
  }

  /** kvbench's own terminal control (the status line's carriage return and erase), sent as it is. */
  void printControl(String sequence) {
    super.write(sequence, 0, sequence.length());
  }
}
