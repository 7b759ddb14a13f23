"""Test hosts for the fleet playbooks, on this machine, without Docker.

Each host is a network namespace with its own address (a veth pair to the root namespace, and no
route beyond it) and its own sshd and host name (a UTS namespace). The sshd starts in the mount
namespace that `ip netns exec` gives it (private, slave to the root one), where per-host files
are bound over the paths the playbooks change: a copy of /etc (users, sudoers, fstab, limits,
sysctl.d, local facts), /home, /srv (the kvbench base and work directories), /var/tmp, root's home, the
kernel settings prepare writes (five files under /proc/sys), transparent huge pages' two sysfs
files and /proc/irq (a stand-in with a few interrupts). So a host's users, mounts, limits and
kernel settings are its own, and preparing or restoring it never touches the real machine. Every
SSH session, and every process a play starts, inherits that mount namespace.

Ansible logs in as LOGIN_USER, an ordinary user with sudo (root may not log in), as on a fleet
whose admins use their own accounts.

Stopping a host kills every process in its network namespace, as a crash would: its tmpfs goes
with them, its /srv (on the real disk, under the test's directory) stays, like a disk after a
reboot. Starting it again gives a fresh mount namespace with the same files bound in.
"""

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

SSHD = "/usr/sbin/sshd"
# below the sandbox's hard nofile limit (20,000)
NOFILE_SOFT, NOFILE_HARD = 16000, 16384
TMPFS_SIZE = "96m"
SFTP_SERVER = "/usr/lib/openssh/sftp-server"

# The kernel files a prepare play may write; each host gets a private copy bound over the real one.
SYSCTL_FILES = {
    "vm.swappiness": "/proc/sys/vm/swappiness",
    "vm.max_map_count": "/proc/sys/vm/max_map_count",
    "fs.nr_open": "/proc/sys/fs/nr_open",
    "vm.dirty_ratio": "/proc/sys/vm/dirty_ratio",
    "vm.dirty_background_ratio": "/proc/sys/vm/dirty_background_ratio",
}
THP_FILES = {
    "enabled": "/sys/kernel/mm/transparent_hugepage/enabled",
    "defrag": "/sys/kernel/mm/transparent_hugepage/defrag",
}
# the stand-in /proc/irq: the default mask for new interrupts and four interrupts on both CPUs
IRQS = ["0", "1", "9", "24"]

# The login Ansible uses on the test hosts: an ordinary user whose sudo needs no password.
LOGIN_USER, LOGIN_UID = "ops", 2001


def alive(pid):
    """Whether the process runs (a zombie, killed and waiting to be reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")


def sh(*argv, check=True, **kwargs):
    return subprocess.run(list(argv), check=check, text=True, capture_output=True, **kwargs)


@dataclass
class TestHost:
    name: str
    netns: str
    veth_root: str
    veth_host: str
    address: str
    gateway: str
    root: Path  # this host's files on the real disk
    sshd_pid: int = 0
    binds: list = field(default_factory=list)

    @property
    def srv(self) -> Path:
        return self.root / "srv"


class TestFleet:
    """Starts `count` hosts under `directory`; `close()` removes every one of them."""

    def __init__(self, directory: Path, count: int, tag: str, subnet: int):
        self.directory = directory
        self.tag = tag
        self.key = directory / "id_ed25519"
        self.hosts = []
        self._logs = []
        directory.mkdir(parents=True, exist_ok=True)
        if any(directory.iterdir()):
            raise SystemExit(f"{directory} is not empty: give a new or empty directory for the test hosts")
        sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", f"kvbench-fleet-test-{tag}", "-f", str(self.key))
        sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(directory / "ssh_host_ed25519_key"))
        shutil.copy(directory / "id_ed25519.pub", directory / "authorized_keys")
        os.chmod(directory / "authorized_keys", 0o600)
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # sshd's privilege separation directory
        try:
            for i in range(1, count + 1):
                host = TestHost(
                    name=f"h{i}", netns=f"kvbf-{tag}-h{i}", veth_root=f"kvb{tag}{i}r", veth_host=f"kvb{tag}{i}h",
                    address=f"10.{subnet}.{i}.2", gateway=f"10.{subnet}.{i}.1", root=directory / f"h{i}")
                self.hosts.append(host)
                self._make_network(host)
                self._make_files(host)
                self.start(host)
        except BaseException:
            self.close()
            raise

    def _make_network(self, host: TestHost):
        sh("ip", "netns", "add", host.netns)
        sh("ip", "link", "add", host.veth_root, "type", "veth", "peer", "name", host.veth_host)
        sh("ip", "link", "set", host.veth_host, "netns", host.netns)
        sh("ip", "addr", "add", f"{host.gateway}/24", "dev", host.veth_root)
        sh("ip", "link", "set", host.veth_root, "up")
        sh("ip", "netns", "exec", host.netns, "ip", "addr", "add", f"{host.address}/24", "dev", host.veth_host)
        sh("ip", "netns", "exec", host.netns, "ip", "link", "set", host.veth_host, "up")
        sh("ip", "netns", "exec", host.netns, "ip", "link", "set", "lo", "up")

    def _make_files(self, host: TestHost):
        root = host.root
        root.mkdir(parents=True)
        sh("cp", "-a", "/etc", str(root / "etc"))
        etc = root / "etc"
        for d in ("security/limits.d", "sysctl.d", "sudoers.d"):
            (etc / d).mkdir(parents=True, exist_ok=True)
        if not (etc / "fstab").exists():
            (etc / "fstab").touch()
        # the login user, with sudo and no password (a '*' password: locked to passwords, open to keys)
        with open(etc / "passwd", "a") as f:
            f.write(f"{LOGIN_USER}:x:{LOGIN_UID}:{LOGIN_UID}::/home/{LOGIN_USER}:/bin/bash\n")
        with open(etc / "group", "a") as f:
            f.write(f"{LOGIN_USER}:x:{LOGIN_UID}:\n")
        with open(etc / "shadow", "a") as f:
            f.write(f"{LOGIN_USER}:*:19000:0:99999:7:::\n")
        if (etc / "gshadow").exists():
            with open(etc / "gshadow", "a") as f:
                f.write(f"{LOGIN_USER}:!::\n")
        sudoers = etc / "sudoers.d" / LOGIN_USER
        sudoers.write_text(f"{LOGIN_USER} ALL=(ALL:ALL) NOPASSWD: ALL\n")
        os.chmod(sudoers, 0o440)
        with open(etc / "hosts", "a") as f:
            f.write(f"127.0.1.1 {host.name}\n")  # sudo looks its host name up
        home = root / "home-dirs" / LOGIN_USER
        (home / ".ssh").mkdir(parents=True)
        shutil.copy(self.directory / "authorized_keys", home / ".ssh" / "authorized_keys")
        for p in (home, home / ".ssh", home / ".ssh" / "authorized_keys"):
            os.chown(p, LOGIN_UID, LOGIN_UID)
        host.srv.mkdir()
        (root / "home").mkdir(mode=0o700)
        (root / "sysctl").mkdir()
        for key, path in SYSCTL_FILES.items():
            shutil.copy(path, root / "sysctl" / key)
        (root / "thp").mkdir()
        for key, path in THP_FILES.items():
            shutil.copy(path, root / "thp" / key)
        irq = root / "irq"
        irq.mkdir()
        (irq / "default_smp_affinity").write_text("3\n")
        for n in IRQS:
            (irq / n).mkdir()
            (irq / n / "smp_affinity_list").write_text("0-1\n")
        host.binds = [(etc, "/etc"), (root / "home-dirs", "/home"), (host.srv, "/srv"), (root / "home", "/root"),
                      (irq, "/proc/irq")]
        # a host's own /var/tmp, as a real host has: what a play leaves there (an async task run as another
        # user leaves its ansible-tmp-* folder) goes with the test's directory, not onto this machine
        var_tmp = root / "var-tmp"
        var_tmp.mkdir()
        os.chmod(var_tmp, 0o1777)
        if not self.directory.resolve().is_relative_to("/var/tmp"):
            host.binds.append((var_tmp, "/var/tmp"))
        host.binds += [(root / "sysctl" / key, path) for key, path in SYSCTL_FILES.items()]
        host.binds += [(root / "thp" / key, path) for key, path in THP_FILES.items()]
        config = root / "sshd_config"
        config.write_text("\n".join([
            f"ListenAddress {host.address}",
            "Port 22",
            f"HostKey {self.directory / 'ssh_host_ed25519_key'}",
            f"PidFile {root / 'sshd.pid'}",
            "AuthorizedKeysFile .ssh/authorized_keys",  # the login user's own, read as that user
            "PermitRootLogin no",  # admins log in as themselves and use sudo
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "StrictModes no",  # the keys live under the test's temporary directory
            "UsePAM yes",  # pam_limits applies the host's limits.d to every new session
            f"Subsystem sftp {SFTP_SERVER}",
            "MaxSessions 50",
            "MaxStartups 50",
            "",
        ]))

    def start(self, host: TestHost):
        """Starts (or restarts after stop) the host's sshd in a fresh mount namespace."""
        binds = " && ".join(f"mount --bind {src} {dst}" for src, dst in host.binds)
        log = open(host.root / "sshd.log", "a")
        self._logs.append(log)
        process = subprocess.Popen(
            ["ip", "netns", "exec", host.netns, "unshare", "--uts", "sh", "-c",
             f"hostname {host.name} && {binds} && exec {SSHD} -D -e -f {host.root / 'sshd_config'}"],
            stdout=log, stderr=log, start_new_session=True)
        host.sshd_pid = process.pid
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"sshd of {host.name} exited {process.returncode}: {(host.root / 'sshd.log').read_text()}")
            try:
                with socket.create_connection((host.address, 22), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"sshd of {host.name} does not answer on {host.address}:22")

    def save(self):
        """Writes what close() needs to fleet.json, for `testhosts.py down` from another process."""
        hosts = [dict(asdict(h), root=str(h.root), binds=[]) for h in self.hosts]
        (self.directory / "fleet.json").write_text(json.dumps({"tag": self.tag, "hosts": hosts}, indent=2))

    @classmethod
    def load(cls, directory: Path):
        state = json.loads((directory / "fleet.json").read_text())
        fleet = cls.__new__(cls)
        fleet.directory, fleet.tag, fleet.key, fleet._logs = directory, state["tag"], directory / "id_ed25519", []
        fleet.hosts = [TestHost(**dict(h, root=Path(h["root"]))) for h in state["hosts"]]
        return fleet

    def write_inventory(self, inventory: Path, settings: dict):
        """An inventory of the hosts (group kvbench_hosts): how to reach them, the sandbox's limits
        and paths, and `settings` (further group variables)."""
        (inventory / "group_vars").mkdir(parents=True, exist_ok=True)
        lines = ["kvbench_hosts:", "  hosts:"] + [f"    {h.name}:\n      ansible_host: {h.address}" for h in self.hosts]
        (inventory / "hosts.yml").write_text("\n".join(lines) + "\n")
        group = {
            "ansible_user": LOGIN_USER,
            "ansible_python_interpreter": "/usr/bin/python3",
            "ansible_ssh_private_key_file": str(self.key),
            "ansible_ssh_common_args": f"-o StrictHostKeyChecking=no -o UserKnownHostsFile={self.directory / 'known_hosts'}"
                                       " -o ConnectTimeout=5",
            # the sandbox's JDK and tools are the machine's; its hard nofile limit is 20,000 (the roles' defaults stay
            # 1,000,000)
            "kvbench_host_jdk_source": "preinstalled",
            "kvbench_host_nofile_soft": NOFILE_SOFT,
            "kvbench_host_nofile_hard": NOFILE_HARD,
            "kvbench_host_tmpfs_size": TMPFS_SIZE,
            # /srv is each host's own (bound from its folder here), so are the work directory's mounts
            "kvbench_base_dir": "/srv/kvbench",
            "kvbench_work_dir": "/srv/kvbench-work",
            # each cell bound to node 0 (the test hosts have one) and the interrupts sent to CPU 0
            "kvbench_run_numa_node": 0,
            "kvbench_tuning_irq_cpus": "0",
        }
        group.update(settings)
        (inventory / "group_vars" / "kvbench_hosts.yml").write_text(
            "# written by ansible/tests/testhosts.py for its test hosts\n"
            + "".join(f"{k}: {json.dumps(v)}\n" for k, v in group.items()))

    @staticmethod
    def pids(host: TestHost):
        result = sh("ip", "netns", "pids", host.netns, check=False)
        return [int(p) for p in result.stdout.split()]

    def stop(self, host: TestHost):
        """Kills every process of the host at once, as a crash or a power cut would."""
        for _ in range(50):
            pids = self.pids(host)
            if not pids:
                return
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.1)
        raise RuntimeError(f"processes of {host.name} survive SIGKILL: {self.pids(host)}")

    def close(self):
        """Kills each host's processes (its sshd by PID first), deletes namespaces and links."""
        for host in self.hosts:
            if host.sshd_pid:
                try:
                    os.killpg(host.sshd_pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            if sh("ip", "netns", "list", check=False).stdout.find(host.netns) >= 0:
                self.stop(host)
                sh("ip", "netns", "delete", host.netns, check=False)
            sh("ip", "link", "delete", host.veth_root, check=False)
        # a killed sshd whose parent has gone is reaped by init a moment later
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(h.sshd_pid and alive(h.sshd_pid) for h in self.hosts):
            time.sleep(0.1)
        for log in self._logs:
            log.close()

    def leftovers(self):
        """What close() should have removed and did not: namespaces, links, live sshd PIDs, mounts."""
        found = []
        namespaces = sh("ip", "netns", "list", check=False).stdout
        links = sh("ip", "-o", "link", "show", check=False).stdout
        mounts = Path("/proc/mounts").read_text()
        for host in self.hosts:
            if host.netns in namespaces:
                found.append(f"network namespace {host.netns}")
            if host.veth_root in links:
                found.append(f"link {host.veth_root}")
            if host.sshd_pid and alive(host.sshd_pid):
                found.append(f"sshd process {host.sshd_pid} of {host.name}")
            if str(host.root) in mounts:
                found.append(f"a mount of {host.root}")
        return found


def main():
    parser = argparse.ArgumentParser(description="Start or remove test hosts for the fleet playbooks (run as root).")
    parser.add_argument("action", choices=["up", "down"])
    parser.add_argument("directory", type=Path, help="new or empty directory for the hosts' files (up); the same (down)")
    parser.add_argument("--hosts", type=int, default=3)
    args = parser.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("test hosts need network namespaces and sshd: run as root")
    directory = args.directory.resolve()
    if args.action == "up":
        fleet = TestFleet(directory, args.hosts, tag=f"{os.getpid() % 10000}", subnet=200 + os.getpid() % 50)
        fleet.save()
        repo = Path(__file__).resolve().parents[2]
        fleet.write_inventory(directory / "inventory", {
            "kvbench_scenario": str(repo / "ansible" / "tests" / "fleet-tiny.yaml")})
        for h in fleet.hosts:
            print(f"{h.name} {h.address} sshd {h.sshd_pid} files {h.root}")
        print(f"inventory: {directory / 'inventory' / 'hosts.yml'}")
        print(f"remove them with: python3 {Path(__file__).resolve()} down {directory}")
    else:
        fleet = TestFleet.load(directory)
        fleet.close()
        left = fleet.leftovers()
        if left:
            raise SystemExit(f"left behind: {left}")
        print(f"removed {len(fleet.hosts)} test hosts; their files stay in {directory}")


if __name__ == "__main__":
    sys.exit(main())
