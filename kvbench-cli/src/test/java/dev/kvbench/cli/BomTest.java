package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * kvbench-bom has no parent (so it hands users none of our third-party pins), so nothing keeps it
 * in step with the build but this: its version is kvbench's, and it manages core, the codecs and
 * every store module the build has.
 */
class BomTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static Document read(Path pom) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
  }

  /** The text of the direct child {@code name} of {@code parent}. */
  private static String child(Element parent, String name) {
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element e && e.getTagName().equals(name)) {
        return e.getTextContent().trim();
      }
    }
    return null;
  }

  private static List<String> texts(Document doc, String tag) {
    List<String> out = new ArrayList<>();
    NodeList nodes = doc.getElementsByTagName(tag);
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add(nodes.item(i).getTextContent().trim());
    }
    return out;
  }

  @Test
  void theBomHasKvbenchsVersionAndEveryLibraryModule() throws Exception {
    Document parent = read(ROOT.resolve("pom.xml"));
    Document stores = read(ROOT.resolve("kvbench-stores/pom.xml"));
    Document bom = read(ROOT.resolve("kvbench-bom/pom.xml"));
    Element bomRoot = bom.getDocumentElement();

    assertThat(child(bomRoot, "parent")).as("the BOM must not inherit kvbench-parent's pins").isNull();
    assertThat(child(bomRoot, "version")).isEqualTo(child(parent.getDocumentElement(), "version"));
    assertThat(texts(parent, "module")).contains("kvbench-bom");

    List<String> managed = new ArrayList<>();
    NodeList deps = bom.getElementsByTagName("dependency");
    for (int i = 0; i < deps.getLength(); i++) {
      Element d = (Element) deps.item(i);
      assertThat(child(d, "groupId")).isEqualTo("dev.kvbench");
      assertThat(child(d, "version")).isEqualTo("${project.version}");
      managed.add(child(d, "artifactId"));
    }
    List<String> expected = new ArrayList<>(List.of("kvbench-core", "kvbench-report", "kvbench-codecs"));
    expected.addAll(texts(stores, "module"));
    assertThat(managed).containsAll(expected);
  }
}
