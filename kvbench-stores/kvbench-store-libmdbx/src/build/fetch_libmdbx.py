"""Bundles libmdbx's shared library into the store's jar at build time.

PyPI's `libmdbx` wheel carries the library itself (mdbx/lib/libmdbx.so). This downloads that
one pinned wheel with pip, checks its SHA-256, and copies the library and its licence under
OUT/dev/kvbench/stores/libmdbx/native/linux-x86_64/, which Maven packs as a resource.

Where pip is missing or PyPI cannot be reached the build goes on without the library (the store
is then listed as unavailable, with how to get it); a wheel whose digest differs stops the build.
"""
import hashlib
import pathlib
import shutil
import subprocess
import sys
import tempfile
import zipfile

PACKAGE = "libmdbx==0.3.2"
# the manylinux2014 x86_64 build for CPython 3.11; the .so inside does not depend on Python
WHEEL = "libmdbx-0.3.2-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"
WHEEL_SHA256 = "e9e72d535806136b8f735e22c9bf990b9c07e5f8d269ee470dd3e708de0ea423"
MEMBERS = {"mdbx/lib/libmdbx.so": "libmdbx.so", "mdbx/lib/LICENSE": "LICENSE"}


def warn(message):
    print("WARNING: libmdbx will be unavailable in this build: " + message, file=sys.stderr, flush=True)
    print("WARNING: to bundle it, install pip (apt-get install python3-pip) with PyPI reachable and rebuild;"
          " or run kvbench with KVBENCH_LIBMDBX=/path/to/libmdbx.so", file=sys.stderr, flush=True)


def main(out_root):
    target = pathlib.Path(out_root) / "dev/kvbench/stores/libmdbx/native/linux-x86_64"
    if all((target / name).is_file() for name in MEMBERS.values()):
        print("libmdbx: already bundled in " + str(target))
        return 0
    if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode != 0:
        warn("pip is not installed for " + sys.executable)
        return 0
    with tempfile.TemporaryDirectory(prefix="kvbench-libmdbx-") as tmp:
        download = subprocess.run(
            [sys.executable, "-m", "pip", "download", PACKAGE, "--no-deps", "--only-binary=:all:",
             "--platform", "manylinux2014_x86_64", "--python-version", "3.11", "--implementation", "cp",
             "--abi", "cp311", "--timeout", "30", "--retries", "2", "--disable-pip-version-check",
             "--dest", tmp],
            capture_output=True, text=True)
        wheel = pathlib.Path(tmp) / WHEEL
        if download.returncode != 0 or not wheel.is_file():
            warn("pip could not download " + WHEEL + ": " + (download.stderr.strip().splitlines() or ["?"])[-1])
            return 0
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        if digest != WHEEL_SHA256:
            print("ERROR: " + WHEEL + " has SHA-256 " + digest + ", expected " + WHEEL_SHA256
                  + "; refusing to bundle a library that is not the pinned one", file=sys.stderr)
            return 1
        target.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(wheel) as z:
            for member, name in MEMBERS.items():
                with z.open(member) as src, open(target / name, "wb") as dst:
                    shutil.copyfileobj(src, dst)
    print("libmdbx: bundled " + MEMBERS["mdbx/lib/libmdbx.so"] + " from " + WHEEL + " into " + str(target))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
