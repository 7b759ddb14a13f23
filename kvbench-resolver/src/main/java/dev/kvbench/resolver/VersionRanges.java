package dev.kvbench.resolver;

import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;
import org.eclipse.aether.version.Version;
import org.eclipse.aether.version.VersionScheme;

/** Maven's ordering of versions and its ranges ({@code [0.8,0.10)}), with no repository involved. */
final class VersionRanges {

  private static final VersionScheme SCHEME = new GenericVersionScheme();

  private VersionRanges() {}

  static boolean contains(String range, String version) {
    try {
      return SCHEME.parseVersionConstraint(range).containsVersion(SCHEME.parseVersion(version));
    } catch (InvalidVersionSpecificationException e) {
      throw new IllegalArgumentException("'" + range + "' is not a Maven version range: " + e.getMessage(), e);
    }
  }

  static Version parse(String version) {
    try {
      return SCHEME.parseVersion(version);
    } catch (InvalidVersionSpecificationException e) {
      throw new IllegalArgumentException("'" + version + "' is not a Maven version: " + e.getMessage(), e);
    }
  }
}
