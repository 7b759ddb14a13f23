package dev.kvbench.stores.libmdbx;

/**
 * What the loaded libmdbx says of itself ({@code mdbx_version}, {@code mdbx_build}).
 *
 * @param tweak commits since the release tag
 * @param gitDescribe e.g. {@code v0.13.12-15-ga729d19e}
 * @param gitCommit the source commit's hash
 * @param target the build's cpu/arch-system-config triplet
 * @param compiler the compiler that built it
 * @param options libmdbx's build options (MDBX_DEBUG=0, ...)
 */
record MdbxVersion(int major, int minor, int patch, int tweak, String gitDescribe, String gitCommit,
    String target, String compiler, String options) {

  /** major.minor.patch, as libmdbx numbers releases. */
  String release() {
    return major + "." + minor + "." + patch;
  }
}
