package dev.kvbench.resolver;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.maven.settings.Mirror;
import org.apache.maven.settings.Profile;
import org.apache.maven.settings.Repository;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.apache.maven.settings.building.DefaultSettingsBuilderFactory;
import org.apache.maven.settings.building.DefaultSettingsBuildingRequest;
import org.apache.maven.settings.building.SettingsBuildingException;
import org.eclipse.aether.repository.Authentication;
import org.eclipse.aether.repository.AuthenticationSelector;
import org.eclipse.aether.repository.MirrorSelector;
import org.eclipse.aether.repository.Proxy;
import org.eclipse.aether.repository.ProxySelector;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.util.repository.AuthenticationBuilder;
import org.eclipse.aether.util.repository.DefaultAuthenticationSelector;
import org.eclipse.aether.util.repository.DefaultMirrorSelector;
import org.eclipse.aether.util.repository.DefaultProxySelector;

/**
 * Where a user's Maven looks for artifacts, read from their settings files as Maven reads them:
 * the local repository, offline mode, the repositories of active profiles besides Maven Central,
 * mirrors, proxies and server credentials (plain text only; encrypted passwords are not
 * decrypted).
 *
 * @param localRepository the local repository, where resolved jars are kept between runs
 * @param remotes the remote repositories, before mirrors are applied
 * @param offline whether only the local repository may be used
 */
public record MavenSetup(Path localRepository, List<RemoteRepository> remotes, boolean offline,
    MirrorSelector mirrors, ProxySelector proxies, AuthenticationSelector credentials) {

  /** Maven Central, as Maven's super POM names it, so mirrors of "central" apply. */
  public static final RemoteRepository CENTRAL =
      new RemoteRepository.Builder("central", "default", "https://repo.maven.apache.org/maven2/").build();

  public MavenSetup {
    remotes = List.copyOf(remotes);
  }

  /** Only a local repository, no remote one: what tests and fully offline hosts use. */
  public static MavenSetup localOnly(Path localRepository) {
    return new MavenSetup(localRepository, List.of(), true, new DefaultMirrorSelector(), new DefaultProxySelector(),
        new DefaultAuthenticationSelector());
  }

  /** This setup with {@code offline} forced on (a user's {@code --offline}), or as it was. */
  public MavenSetup offline(boolean forceOffline) {
    return forceOffline ? new MavenSetup(localRepository, remotes, true, mirrors, proxies, credentials) : this;
  }

  /**
   * The user's setup: {@code settingsFile} (else {@code ~/.m2/settings.xml}) over the global one
   * in {@code $MAVEN_HOME/conf} where there is one.
   */
  public static MavenSetup fromSettings(Path settingsFile) {
    Path home = Path.of(System.getProperty("user.home"));
    Path user = settingsFile != null ? settingsFile : home.resolve(".m2").resolve("settings.xml");
    DefaultSettingsBuildingRequest request = new DefaultSettingsBuildingRequest();
    if (Files.isRegularFile(user)) {
      request.setUserSettingsFile(user.toFile());
    } else if (settingsFile != null) {
      throw new IllegalArgumentException("Maven settings file " + settingsFile + (Files.isDirectory(settingsFile)
          ? " is a folder: give the settings.xml file itself (e.g. " + settingsFile.resolve("settings.xml") + ")"
          : Files.exists(settingsFile) ? " is not a regular file: give a settings.xml" : " does not exist"));
    }
    String mavenHome = System.getenv("MAVEN_HOME");
    if (mavenHome != null && Files.isRegularFile(Path.of(mavenHome, "conf", "settings.xml"))) {
      request.setGlobalSettingsFile(new File(mavenHome, "conf/settings.xml"));
    }
    Properties system = new Properties();
    system.putAll(System.getProperties());
    System.getenv().forEach((k, v) -> system.put("env." + k, v));
    request.setSystemProperties(system);
    Settings settings;
    try {
      settings = new DefaultSettingsBuilderFactory().newInstance().build(request).getEffectiveSettings();
    } catch (SettingsBuildingException e) {
      throw new IllegalArgumentException("cannot read the Maven settings " + user + ": " + e.getMessage(), e);
    }
    MavenSetup setup = from(settings, home);
    // as mvn does: -Dmaven.repo.local (here, or in MAVEN_OPTS, as a build that used one was given it) wins
    java.util.Optional<Path> repoLocal = repoLocalOverride(System.getProperty(REPO_LOCAL), System.getenv("MAVEN_OPTS"));
    return repoLocal.map(local -> new MavenSetup(local, setup.remotes, setup.offline, setup.mirrors, setup.proxies,
        setup.credentials)).orElse(setup);
  }

  /** Maven's property for the local repository, which overrides the settings' on its command line and in MAVEN_OPTS. */
  static final String REPO_LOCAL = "maven.repo.local";

  /** {@code -Dmaven.repo.local} as this JVM or {@code mavenOpts} gives it (this JVM's first), if either does. */
  static java.util.Optional<Path> repoLocalOverride(String property, String mavenOpts) {
    if (property != null && !property.isBlank()) {
      return java.util.Optional.of(Path.of(property.strip()));
    }
    if (mavenOpts != null) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("-D" + java.util.regex.Pattern.quote(REPO_LOCAL)
          + "=(\"[^\"]*\"|'[^']*'|\\S+)").matcher(mavenOpts);
      if (m.find()) {
        return java.util.Optional.of(Path.of(m.group(1).replaceAll("^[\"']|[\"']$", "")));
      }
    }
    return java.util.Optional.empty();
  }

  /**
   * Where this setup's local repository comes from, for a line that says which one a command uses:
   * -Dmaven.repo.local, MAVEN_OPTS, or the settings (their localRepository, else ~/.m2/repository).
   */
  public static String localRepositoryOrigin() {
    String property = System.getProperty(REPO_LOCAL);
    if (property != null && !property.isBlank()) {
      return "-D" + REPO_LOCAL;
    }
    return repoLocalOverride(null, System.getenv("MAVEN_OPTS")).isPresent() ? "MAVEN_OPTS's -D" + REPO_LOCAL
        : "the Maven settings' localRepository, else ~/.m2/repository";
  }

  static MavenSetup from(Settings settings, Path home) {
    Path local = settings.getLocalRepository() != null && !settings.getLocalRepository().isBlank()
        ? Path.of(settings.getLocalRepository()) : home.resolve(".m2").resolve("repository");
    List<RemoteRepository> remotes = new ArrayList<>();
    remotes.add(CENTRAL);
    for (Profile p : settings.getProfiles()) {
      boolean active = settings.getActiveProfiles().contains(p.getId())
          || (p.getActivation() != null && p.getActivation().isActiveByDefault());
      if (active) {
        for (Repository r : p.getRepositories()) {
          remotes.add(new RemoteRepository.Builder(r.getId(), r.getLayout(), r.getUrl()).build());
        }
      }
    }
    DefaultMirrorSelector mirrors = new DefaultMirrorSelector();
    for (Mirror m : settings.getMirrors()) {
      mirrors.add(m.getId(), m.getUrl(), m.getLayout(), false, m.isBlocked(), m.getMirrorOf(), m.getMirrorOfLayouts());
    }
    DefaultProxySelector proxies = new DefaultProxySelector();
    for (org.apache.maven.settings.Proxy p : settings.getProxies()) {
      if (p.isActive()) {
        Authentication auth = p.getUsername() == null ? null
            : new AuthenticationBuilder().addUsername(p.getUsername()).addPassword(p.getPassword()).build();
        proxies.add(new Proxy(p.getProtocol(), p.getHost(), p.getPort(), auth), p.getNonProxyHosts());
      }
    }
    DefaultAuthenticationSelector credentials = new DefaultAuthenticationSelector();
    for (Server s : settings.getServers()) {
      if (s.getUsername() != null) {
        credentials.add(s.getId(), new AuthenticationBuilder().addUsername(s.getUsername())
            .addPassword(s.getPassword()).build());
      }
    }
    return new MavenSetup(local, remotes, settings.isOffline(), mirrors, proxies, credentials);
  }
}
