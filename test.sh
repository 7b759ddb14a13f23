#!/usr/bin/env bash
# kvbench's whole test suite, on a fresh Debian or Ubuntu machine with nothing but a JDK 17+ and
# Python 3: installs what is missing, then runs
#   1. ./mvnw -B -T 2 -Pall-tests install -DskipITs   unit tests (the tagged ones too: -Pall-tests), every
#                                           store's contract tests
#   2. the end-to-end tests of kvbench.jar (kvbench-cli's failsafe tests), and beside them
#   3. the fleet playbooks      against three SSH test hosts in network namespaces on this machine
#   4. the examples project     a user's project built against the artifacts step 1 installed
# Installing packages and the fleet's test hosts need root: run it as root, or as a user with sudo.
# .ci/run calls exactly this script.
set -euo pipefail
cd "$(dirname "$0")"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "test.sh: '$*' needs root; run test.sh as root or with sudo available" >&2
    exit 2
  fi
}

apt_updated=
apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "test.sh: missing $*, and this machine has no apt-get: install them with its package manager" >&2
    exit 2
  fi
  if [ -z "$apt_updated" ]; then
    as_root apt-get update -q
    apt_updated=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

missing=()
# the libmdbx store's build takes its shared library from PyPI with pip (src/build/fetch_libmdbx.py)
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
# kvbench report draws its charts with Java2D, which needs fontconfig and a font (a bare JDK image has none)
{ command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list 2>/dev/null | head -1)" ]; } || missing+=(fontconfig fonts-dejavu-core)
# the fleet test starts three SSH test hosts in network namespaces and drives them with Ansible from a venv
[ -x /usr/sbin/sshd ] || missing+=(openssh-server)
command -v ip >/dev/null 2>&1 || missing+=(iproute2)
# a second liblmdb (Debian's 0.9.24) for the test of the nativeLib setting, beside the one LmdbJava bundles
[ -e /usr/lib/x86_64-linux-gnu/liblmdb.so.0 ] || [ "$(uname -m)" != x86_64 ] || missing+=(liblmdb0)
python3 -c 'import ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
# cells bound to a NUMA node start under numactl (PlacedRunTest, the fleet test); the fleet's test hosts
# log in as an ordinary user who becomes root with sudo and the kvbench user through setfacl (acl)
command -v numactl >/dev/null 2>&1 || missing+=(numactl)
command -v sudo >/dev/null 2>&1 || missing+=(sudo)
command -v setfacl >/dev/null 2>&1 || missing+=(acl)
# the HTML report's browser test loads index.html and compare pages in headless Chromium
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  echo "test.sh: installing ${missing[*]}"
  apt_install "${missing[@]}"
fi
if ! cmp -s ansible/requirements.txt ansible/.venv/requirements.txt; then
  echo "test.sh: making ansible/.venv from ansible/requirements.txt"
  rm -rf ansible/.venv
  python3 -m venv ansible/.venv
  ansible/.venv/bin/pip install -q -r ansible/requirements.txt
  cp ansible/requirements.txt ansible/.venv/requirements.txt
fi

# two modules at a time: the store modules, independent of each other, keep both cores busy; the
# end-to-end tests of kvbench.jar (failsafe) run below, beside the fleet test
./mvnw -B -T 2 -Pall-tests install -DskipITs
# the fleet test waits on SSH and Ansible for most of its 6 to 7 minutes (a third of a core busy):
# it runs beside the end-to-end tests, which keep both cores busy, its report printed after them
fleet_log=$(mktemp)
if [ "$(id -u)" -eq 0 ]; then
  python3 ansible/tests/fleet_test.py >"$fleet_log" 2>&1 &
else
  as_root python3 ansible/tests/fleet_test.py >"$fleet_log" 2>&1 &
fi
fleet=$!
it=0
./mvnw -B -Pall-tests -pl kvbench-cli failsafe:integration-test failsafe:verify || it=$?
examples=0
[ "$it" -ne 0 ] || ./mvnw -B -f kvbench-examples/pom.xml verify || examples=$?
fleet_rc=0
wait "$fleet" || fleet_rc=$?
echo "test.sh: the fleet test (ansible/tests/fleet_test.py), run beside the end-to-end tests:"
cat "$fleet_log"
rm -f "$fleet_log"
if [ "$it" -ne 0 ] || [ "$examples" -ne 0 ] || [ "$fleet_rc" -ne 0 ]; then
  echo "test.sh: failed: end-to-end tests exit $it, examples project exit $examples, fleet test exit $fleet_rc" >&2
  exit 1
fi
