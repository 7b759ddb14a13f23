package dev.kvbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * One self-contained HTML page: its data as JSON, kvbench's style and script, and Chart.js from
 * its WebJar, all inline, so the page opens from disk with no network and can be mailed or
 * archived alone.
 */
public final class HtmlPage {

  private static final String WEBJAR = "META-INF/resources/webjars/chart.js/";
  private static final String WEBJAR_POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";

  static final ObjectMapper JSON = JsonMapper.builder().build();

  /** The mark in every page's head by which kvbench knows a page as its own. */
  private static final String GENERATOR = "<meta name=\"generator\" content=\"kvbench\">";

  private HtmlPage() {}

  /**
   * The page titled {@code title} whose script {@code script} (a resource beside this class, with
   * {@code common.js}) renders {@code data}.
   */
  public static String render(String title, JsonNode data, String script) {
    String json;
    try {
      json = JSON.writeValueAsString(data);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the report's data cannot be written as JSON", e);
    }
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + GENERATOR + "\n"
        + "<title>" + escape(title) + "</title>\n<style>\n" + resource("report.css") + "</style>\n</head>\n"
        + "<body>\n<div id=\"app\"><noscript>This report draws its tables and charts with JavaScript; the same"
        + " figures are in README.md and results.csv beside it.</noscript></div>\n"
        // "</" inside a script element would end it: JSON allows "<\/" for the same characters
        + "<script type=\"application/json\" id=\"kvbench-data\">" + json.replace("</", "<\\/") + "</script>\n"
        + "<script>\n" + chartJs() + "\n</script>\n"
        + "<script>\n" + resource("common.js") + "\n" + resource(script) + "</script>\n</body>\n</html>\n";
  }

  /** Chart.js's UMD bundle from the WebJar on the class path, at the version the build pinned. */
  static String chartJs() {
    Properties pom = new Properties();
    try (InputStream in = HtmlPage.class.getClassLoader().getResourceAsStream(WEBJAR_POM)) {
      if (in == null) {
        throw new IllegalStateException("Chart.js's WebJar (org.webjars.npm:chart.js) is not on the class path");
      }
      pom.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return read(WEBJAR + pom.getProperty("version") + "/dist/chart.umd.js");
  }

  static String resource(String name) {
    return read("dev/kvbench/report/html/" + name);
  }

  private static String read(String path) {
    try (InputStream in = HtmlPage.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(path + " is not on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Whether {@code file} is a page kvbench wrote (its doctype, then the generator mark within the
   * head), so a new page may replace it; anything else is the user's.
   */
  public static boolean writtenByKvbench(java.nio.file.Path file) {
    byte[] head = new byte[1024];
    int n;
    try (InputStream in = java.nio.file.Files.newInputStream(file)) {
      n = in.readNBytes(head, 0, head.length);
    } catch (IOException e) {
      return false;
    }
    String text = new String(head, 0, n, StandardCharsets.UTF_8);
    return text.startsWith("<!DOCTYPE html>\n") && text.contains(GENERATOR);
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
