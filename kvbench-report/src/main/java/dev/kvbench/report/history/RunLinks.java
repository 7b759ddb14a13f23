package dev.kvbench.report.history;

import java.nio.file.Path;

/**
 * Where the history page links each run: by default its result file, relative to the page; with a
 * template, the run's report, e.g. {@code reports/{name}/index.html}, where {@code {name}} is the
 * result file's name without {@code .json} or {@code .jsonl}, {@code {number}} the run's number and
 * {@code {revision}} its revision.
 */
public final class RunLinks {

  /** What a template may hold in braces. */
  private static final java.util.List<String> PLACEHOLDERS = java.util.List.of("name", "number", "revision");

  private final Path pageFolder;
  private final String template;

  /**
   * @param page the page's file
   * @param template the link with placeholders, or null to link each result file
   */
  public RunLinks(Path page, String template) {
    if (template != null) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{([^}]*)}").matcher(template);
      while (m.find()) {
        if (!PLACEHOLDERS.contains(m.group(1))) {
          throw new IllegalArgumentException("'" + template + "' has the placeholder {" + m.group(1) + "}"
              + dev.kvbench.store.NearestNames.suggestion(m.group(1), PLACEHOLDERS)
              + ", which no run fills: use {name}, {number} or {revision}, e.g. reports/{name}/index.html");
        }
      }
    }
    Path parent = page.toAbsolutePath().normalize().getParent();
    this.pageFolder = parent == null ? Path.of("/") : parent;
    this.template = template;
  }

  /** The link of {@code run}, or null where the template needs a revision the run has none of. */
  public String of(HistoryRun run) {
    Path source = Path.of(run.source()).toAbsolutePath().normalize();
    if (template == null) {
      return pageFolder.relativize(source).toString().replace('\\', '/');
    }
    if (template.contains("{revision}") && run.revision() == null) {
      return null;
    }
    String file = source.getFileName().toString();
    String name = file.replaceFirst("\\.jsonl?$", "");
    return template.replace("{name}", name).replace("{number}", Integer.toString(run.number()))
        .replace("{revision}", run.revision() == null ? "" : run.revision());
  }
}
