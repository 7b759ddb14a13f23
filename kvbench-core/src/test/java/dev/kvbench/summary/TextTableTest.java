package dev.kvbench.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {

  private static TextTable wide() {
    TextTable t = new TextTable(TextTable.left("Phase"), TextTable.left("Store"), TextTable.right("Alpha figure"),
        TextTable.right("Beta figure"), TextTable.right("Gamma figure"), TextTable.left("Delta note")).keyColumns(2);
    t.row("write", "lmdbjava-agrona", "1.25", "22,000", "3", "verified, NOISY 2/3");
    t.row("", "rocksdb", "10.50", "1", "44,444", "not verified");
    return t;
  }

  private static int widest(String text) {
    return text.lines().mapToInt(String::length).max().orElse(0);
  }

  @Test
  void aTableThatFitsIsRenderedWhole() {
    TextTable t = wide();
    assertThat(t.render(200)).isEqualTo(t.render());
    assertThat(t.render().lines().count()).isEqualTo(4);
  }

  @Test
  void aWideTableFoldsIntoBlocksThatFitEachRepeatingTheKeyColumns() {
    TextTable t = wide();
    int whole = widest(t.render());
    String folded = t.render(50);
    assertThat(whole).isGreaterThan(50);
    assertThat(widest(folded)).isLessThanOrEqualTo(50);
    List<String> blocks = Arrays.asList(folded.split("\n\n"));
    assertThat(blocks).hasSizeGreaterThan(1);
    for (String block : blocks) {
      List<String> lines = block.lines().toList();
      assertThat(lines.get(0)).startsWith("Phase  Store");
      assertThat(lines).hasSize(4);
      assertThat(lines.get(2)).startsWith("write  lmdbjava-agrona");
      assertThat(lines.get(3)).startsWith("       rocksdb");
    }
    // every figure is somewhere, whole, on its row
    assertThat(folded).contains("22,000", "44,444", "verified, NOISY 2/3", "Gamma figure", "Delta note");
    String rocksdbRows = folded.lines().filter(l -> l.contains("rocksdb")).reduce("", String::concat);
    assertThat(rocksdbRows).contains("10.50", "44,444", "not verified");
  }

  @Test
  void aColumnWiderThanThePageGetsABlockOfItsOwnAndIsNeverCut() {
    TextTable t = new TextTable(TextTable.left("Key"), TextTable.left("Long"), TextTable.right("N"));
    t.row("a", "x".repeat(40), "1");
    String folded = t.render(20);
    assertThat(folded).contains("x".repeat(40)).contains("\n\n");
    assertThat(folded.split("\n\n")[1]).startsWith("Key  N");
  }

  @Test
  void keyColumnsMustBeColumnsOfTheTable() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new TextTable(TextTable.left("A")).keyColumns(2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to 1");
  }

  @Test
  void proseWrapsBetweenWordsWithinTheWidthKeepingEachLinesIndent() {
    String text = "NOISY n/m: n of the m measured passes were disturbed by the host:\n"
        + "  cpu-taken: something outside the process held the measuring thread's CPU at least 5 % of the pass\n";
    String wrapped = TextWrap.wrap(text, 40, "  ");
    assertThat(widest(wrapped)).isLessThanOrEqualTo(40);
    assertThat(wrapped.replaceAll("\\s+", " ").trim()).isEqualTo(text.replaceAll("\\s+", " ").trim());
    assertThat(wrapped).endsWith("\n");
    List<String> lines = wrapped.lines().toList();
    int cpuTaken = lines.indexOf(lines.stream().filter(l -> l.startsWith("  cpu-taken")).findFirst().orElseThrow());
    assertThat(lines.get(cpuTaken + 1)).startsWith("    ").doesNotStartWith("     ");
    assertThat(lines.get(1)).startsWith("  ").doesNotStartWith("   ");
    assertThat(TextWrap.wrap("short line", 40, "  ")).isEqualTo("short line");
    assertThat(TextWrap.wrap("a " + "w".repeat(50) + " b", 20, "")).contains("w".repeat(50));
  }
}
