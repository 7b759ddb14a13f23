#!/usr/bin/env python3
"""The fleet playbooks against three real SSH hosts on this machine (see testhosts.py).

Needs root, sshd (openssh-server), ansible-playbook and ansible-lint (ansible/.venv, made from
ansible/requirements.txt, or on PATH) and a built kvbench-cli/target/kvbench.jar. Prints each
check as it ends and a last line "N passed, N failed"; exits 1 when one failed. Everything it
starts is torn down at the end, also after a failure; the hosts' files stay only with --keep.

    python3 ansible/tests/fleet_test.py [--keep]
"""

import csv
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from testhosts import IRQS, LOGIN_USER, NOFILE_HARD, NOFILE_SOFT, SYSCTL_FILES, THP_FILES, TestFleet

ANSIBLE_DIR = Path(__file__).resolve().parent.parent
REPO = ANSIBLE_DIR.parent
JAR = REPO / "kvbench-cli" / "target" / "kvbench.jar"
SCENARIO = ANSIBLE_DIR / "tests" / "fleet-tiny.yaml"
HOSTS = 3
RECAP = re.compile(r"^(\S+)\s+: ok=(\d+)\s+changed=(\d+)\s+unreachable=(\d+)\s+failed=(\d+)", re.M)


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def tool(name):
    venv = ANSIBLE_DIR / ".venv" / "bin" / name
    found = venv if venv.exists() else shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found: make the venv with python3 -m venv ansible/.venv && "
                         f"ansible/.venv/bin/pip install -r ansible/requirements.txt")
    return str(found)


class FleetTest:
    def __init__(self, keep):
        self.keep = keep
        self.passed = 0
        self.failed = 0
        self.dir = Path(tempfile.mkdtemp(prefix="kvbench-fleet-"))
        self.fleet = None
        self.run_id = None
        self.env = dict(os.environ, ANSIBLE_CONFIG=str(ANSIBLE_DIR / "ansible.cfg"), ANSIBLE_NOCOLOR="1",
                        ANSIBLE_FORCE_COLOR="0", ANSIBLE_SSH_CONTROL_PATH_DIR=str(self.dir / "cp"),
                        ANSIBLE_LOCAL_TEMP=str(self.dir / "ansible-local"),
                        PATH=str(Path(tool("ansible-playbook")).parent) + os.pathsep + os.environ["PATH"])

    # -- the checks, in order; a failed one stops those after it --
    def run(self):
        real_before = self.real_machine()
        checks = [
            ("ansible-lint is clean (profile production)", self.lint),
            ("site.yml passes --syntax-check", self.syntax),
            ("three SSH test hosts start", self.start_hosts),
            ("a bad setting (each enumeration, number, list, the work directory) is refused before any change",
             self.bad_settings_refused),
            ("prepare.yml prepares every host, logged in as a user with sudo", self.prepare_first),
            ("a second prepare.yml changes nothing", self.prepare_again),
            ("each host got its own kvbench user, limits, fstab, sysctls, tuning and tmpfs", self.hosts_prepared),
            ("site.yml with a host stopped mid-run collects the others and reports the failure", self.site_with_crash),
            ("site.yml again, with the host back, finishes its shard", self.site_resumed),
            ("the merged report has every cell exactly once", self.merged_report),
            ("the older MVStore ran from the jar the controller shipped, checked by SHA-256", self.shipped_library),
            ("every cell ran as the kvbench user, bound to NUMA node 0, and recorded it", self.placed_and_unprivileged),
            ("restore.yml leaves every host as it was before prepare, and again changes nothing", self.restored),
        ]
        failed_at = None
        try:
            for name, check in checks:
                if failed_at:
                    self.record(name, f"not run: '{failed_at}' failed")
                    continue
                try:
                    started = time.monotonic()
                    check()
                    self.record(f"{name} ({time.monotonic() - started:.0f} s)")
                except Exception as e:  # a check's failure, reported, then the teardown
                    detail = str(e) if isinstance(e, CheckFailed) else traceback.format_exc()
                    self.record(name, detail)
                    failed_at = name
        finally:
            self.teardown_checked(real_before)
        print(f"{self.passed} passed, {self.failed} failed")
        return 0 if self.failed == 0 else 1

    def record(self, name, failure=None):
        if failure is None:
            self.passed += 1
            print(f"PASS {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {name}\n     " + failure.replace("\n", "\n     "), flush=True)

    def lint(self):
        r = subprocess.run([tool("ansible-lint")], cwd=ANSIBLE_DIR, env=self.env, text=True, capture_output=True)
        expect(r.returncode == 0, f"ansible-lint exit {r.returncode}\n{r.stdout[-3000:]}{r.stderr[-3000:]}")

    def syntax(self):
        self.write_inventory()
        r = self.playbook("site.yml", "--syntax-check")
        expect(r.returncode == 0, f"exit {r.returncode}\n{r.stdout[-3000:]}")

    def start_hosts(self):
        subnet = 200 + os.getpid() % 50
        self.fleet = TestFleet(self.dir / "hosts", HOSTS, tag=f"{os.getpid() % 10000}", subnet=subnet)
        self.write_inventory()

    def bad_settings_refused(self):
        self.hosts_before = {h.name: self.host_state(h) for h in self.fleet.hosts}
        enumerations = {"kvbench_run_mode": "shrad", "kvbench_deploy_env_check": "chek", "kvbench_collect_report": "yes",
                        "kvbench_host_jdk_source": "yum", "kvbench_tuning_thp": "off", "kvbench_tuning_thp_defrag": "no",
                        "kvbench_tuning_cpu_governor": "fast", "kvbench_tuning_turbo": "true",
                        "kvbench_restore_user": "delete", "kvbench_restore_files": "all"}
        # every problem is listed at once: one play for all of these
        settings = dict(enumerations, kvbench_run_poll_seconds=0, kvbench_host_nofile_hard="lots",
                        kvbench_extra_args="--quiet", kvbench_run_numa_node="first", kvbench_work_dir="/home")
        tries = [(["-e", json.dumps(settings)],
                  [f'{k} is "{v}"; it must be one of' for k, v in enumerations.items()]
                  + ['kvbench_run_poll_seconds is "0"; it must be a whole number of at least 1',
                     'kvbench_host_nofile_hard is "lots"; it must be a whole number',
                     "kvbench_extra_args must be a list", 'kvbench_run_numa_node is "first"',
                     'kvbench_work_dir "/home" is not a directory kvbench can own'])]
        # the other work directories' rules are the same on every host: checked against this machine itself
        # (a local connection; the check reads and changes nothing), which is quicker than three SSH hosts
        local = self.dir / "local-inventory"
        local.mkdir(exist_ok=True)
        (local / "hosts.yml").write_text("kvbench_hosts:\n  hosts:\n    local:\n      ansible_connection: local\n"
                                         "      ansible_python_interpreter: /usr/bin/python3\n")
        for bad in ("/home/alice", "/etc/kvbench", "srv/work", "/srv/kvbench/work"):
            r = subprocess.run([tool("ansible-playbook"), "-i", str(local / "hosts.yml"),
                                str(ANSIBLE_DIR / "playbooks" / "validate.yml"), "-e", f"kvbench_work_dir={bad}",
                                "-e", "kvbench_base_dir=/srv/kvbench"], cwd=ANSIBLE_DIR, env=self.env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
            flat = " ".join(r.stdout.split())
            expect(r.returncode != 0 and f'kvbench_work_dir "{bad}" is not a directory kvbench can own' in flat,
                   f"validate.yml with kvbench_work_dir={bad}: exit {r.returncode}\n{r.stdout[-3000:]}")
        # a directory that holds someone's files: refused on the host itself
        data = self.fleet.hosts[0].srv / "data"
        data.mkdir()
        (data / "theirs.txt").write_text("not kvbench's\n")
        tries.append((["-e", "kvbench_work_dir=/srv/data"],
                      ["kvbench_work_dir /srv/data on h1 holds 1 file(s) kvbench did not make (e.g. /srv/data/theirs.txt)"]))
        for args, messages in tries:
            r = self.playbook("prepare.yml", *args)
            expect(r.returncode != 0, f"prepare.yml {args} passed\n{r.stdout[-3000:]}")
            recap = self.recap(r.stdout)
            expect(all(v["changed"] == 0 for v in recap.values()), f"prepare.yml {args} changed something: {recap}")
            # the YAML callback folds long messages
            flat = " ".join(r.stdout.split())
            for m in messages:
                expect(m in flat, f"prepare.yml {args} does not say '{m}'\n{r.stdout[-3000:]}")
        expect((data / "theirs.txt").read_text() == "not kvbench's\n", "the refused work directory's file changed")
        shutil.rmtree(data)
        now = {h.name: self.host_state(h) for h in self.fleet.hosts}
        expect(now == self.hosts_before, f"a refused prepare changed a host: {self.diff(self.hosts_before, now)}")

    def prepare_first(self):
        r = self.playbook("prepare.yml")
        expect(r.returncode == 0, f"exit {r.returncode}\n{r.stdout[-4000:]}")
        recap = self.recap(r.stdout)
        expect(all(v["changed"] > 0 for v in recap.values()), f"the first prepare changed nothing: {recap}")

    def prepare_again(self):
        r = self.playbook("prepare.yml")
        expect(r.returncode == 0, f"exit {r.returncode}\n{r.stdout[-4000:]}")
        recap = self.recap(r.stdout)
        changed = {h: v["changed"] for h, v in recap.items() if v["changed"]}
        expect(not changed, f"the second prepare changed something: {changed}\n{r.stdout[-4000:]}")

    def hosts_prepared(self):
        for host in self.fleet.hosts:
            etc = host.root / "etc"
            limits = (etc / "security" / "limits.d" / "90-kvbench.conf").read_text()
            for line in (f"root\\s+hard\\s+nofile\\s+{NOFILE_HARD}", f"\\*\\s+soft\\s+nofile\\s+{NOFILE_SOFT}"):
                expect(re.search(line, limits), f"{host.name}: no '{line}' in its limits.d file:\n{limits}")
            fstab = (etc / "fstab").read_text()
            expect(re.search(r"^tmpfs\s+/srv/kvbench-work\s+tmpfs\s+\S*noatime", fstab, re.M),
                   f"{host.name}: no tmpfs line with noatime in its fstab:\n{fstab}")
            expect((host.root / "sysctl" / "vm.swappiness").read_text().strip() == "1",
                   f"{host.name}: vm.swappiness is not 1")
            expect((host.root / "sysctl" / "vm.max_map_count").read_text().strip() == "262144",
                   f"{host.name}: vm.max_map_count is not 262144")
            fact = json.loads((etc / "ansible" / "facts.d" / "kvbench.fact").read_text())
            expect(fact["nofile_hard"] == NOFILE_HARD and fact["vm_swappiness"] == 1 and fact["user"] == "kvbench"
                   and fact["before"]["vm.swappiness"] == self.hosts_before[host.name]["vm.swappiness"].strip(),
                   f"{host.name}: its kvbench.fact says {fact}")
            # the tuning: tuned is absent here, so latency-performance's settings; THP off; interrupts to CPU 0
            tuning = json.loads((etc / "ansible" / "facts.d" / "kvbench_tuning.fact").read_text())
            expect(tuning["set"]["thp"] == "never" and tuning["set"]["tuned_profile"] == "tuned not installed"
                   and tuning["set"]["irq_cpus"] == "0", f"{host.name}: its kvbench_tuning.fact says {tuning}")
            expect((host.root / "thp" / "enabled").read_text().strip() == "never", f"{host.name}: THP is not never")
            expect((host.root / "sysctl" / "vm.dirty_ratio").read_text().strip() == "10",
                   f"{host.name}: vm.dirty_ratio is not latency-performance's 10")
            expect((host.root / "irq" / "default_smp_affinity").read_text().strip() == "1"
                   and all((host.root / "irq" / n / "smp_affinity_list").read_text().strip() == "0" for n in IRQS),
                   f"{host.name}: the interrupts were not sent to CPU 0")
            expect(re.search(r"^kvbench:x:\d+:\d+:", (etc / "passwd").read_text(), re.M),
                   f"{host.name}: no kvbench user in its /etc/passwd")
            r = self.ssh(host, "findmnt -n -o FSTYPE,SIZE /srv/kvbench-work; stat -c %U /srv/kvbench-work; id -un; "
                               "hostname; sudo -u kvbench sh -c 'ulimit -Sn; ulimit -Hn'")
            expect(r.split() == ["tmpfs", "96M", "kvbench", LOGIN_USER, host.name, str(NOFILE_SOFT), str(NOFILE_HARD)],
                   f"{host.name}: a new session sees {r.split()}")

    def site_with_crash(self):
        victim = self.fleet.hosts[1]
        log = self.dir / "site-1.log"
        with open(log, "w") as sink:
            process = subprocess.Popen(self.playbook_argv("site.yml"), cwd=ANSIBLE_DIR, env=self.env, text=True,
                                       stdout=sink, stderr=subprocess.STDOUT)
        journal = None
        deadline = time.monotonic() + 300
        # stop the victim once its journal holds a finished cell, with more of its shard to go
        while time.monotonic() < deadline and process.poll() is None:
            journals = list((victim.srv / "kvbench" / "runs").glob("*/results.jsonl"))
            if journals and '"cell"' in journals[0].read_text():
                journal = journals[0]
                break
            time.sleep(0.2)
        expect(journal is not None, f"{victim.name} never finished a cell while site.yml ran")
        self.fleet.stop(victim)
        self.run_id = journal.parent.name
        self.cells_before_crash = self.journal_cells(journal)
        try:
            process.wait(timeout=600)
        finally:
            if process.poll() is None:
                process.kill()
        out = log.read_text()
        expect(process.returncode != 0, f"site.yml exit 0 though {victim.name} was stopped\n{out[-3000:]}")
        results = self.dir / "results" / self.run_id
        for host in self.fleet.hosts:
            document = results / host.name / "results.json"
            if host is victim:
                expect(not document.exists() or not json.loads(document.read_text())["completed"],
                       f"{victim.name} was stopped, yet its collected results say complete")
            else:
                expect(document.exists(), f"{host.name}'s results were not collected into {results}\n{out[-3000:]}")
                expect(json.loads(document.read_text())["completed"], f"{host.name}'s collected results are incomplete")
        expect(re.search(rf"{victim.name} did not deliver a complete shard", out),
               f"site.yml did not report {victim.name}'s failure\n{out[-3000:]}")
        expect(re.search(rf"{victim.name}: (missing|incomplete)", out), f"the summary does not list {victim.name}\n{out[-3000:]}")

    def site_resumed(self):
        victim = self.fleet.hosts[1]
        self.fleet.start(victim)  # back, as after a reboot: a fresh mount namespace, no tmpfs yet
        r = self.playbook("site.yml", "-e", f"kvbench_run_id={self.run_id}")
        (self.dir / "site-2.log").write_text(r.stdout)
        expect(r.returncode == 0, f"exit {r.returncode}\n{r.stdout[-4000:]}")
        expect("done (shard 1/3" in r.stdout, "the rerun did not leave h1's finished shard alone")
        expect("resume (shard 2/3" in r.stdout, f"{victim.name} was not resumed\n{r.stdout[-3000:]}")
        document = json.loads((self.dir / "results" / self.run_id / victim.name / "results.json").read_text())
        expect(document["completed"] and document["resumedAt"], f"{victim.name}'s results: completed "
               f"{document['completed']}, resumedAt {document['resumedAt']}")
        journal = self.dir / "results" / self.run_id / victim.name / "results.jsonl"
        cells = self.journal_cells(journal)
        expect(len(cells) == len(set(cells)), f"{victim.name} ran a cell twice: {cells}")
        expect(cells[:len(self.cells_before_crash)] == self.cells_before_crash,
               f"{victim.name} lost the cells it finished before the crash: {self.cells_before_crash} -> {cells}")

    def merged_report(self):
        results = self.dir / "results" / self.run_id
        expected = self.matrix_cell_count()
        shards = {}
        for host in self.fleet.hosts:
            document = json.loads((results / host.name / "results.json").read_text())
            shards[host.name] = [c["cellId"] for c in document["cells"]]
        every = [c for cells in shards.values() for c in cells]
        expect(len(every) == len(set(every)) == expected,
               f"the hosts' shards {shards} are not the matrix's {expected} cells, each once")
        with open(results / "report" / "results.csv", newline="") as f:
            rows = list(csv.DictReader(f))
        in_report = {r["cell"] for r in rows}
        expect(in_report == set(every), f"the report's cells {sorted(in_report)} are not the shards' {sorted(every)}")
        keys = [(r["cell"], r["phase"], r["pass"]) for r in rows]
        expect(len(keys) == len(set(keys)), "the merged report has a cell's pass twice")
        readme = (results / "report" / "README.md").read_text()
        expect("fleet-tiny" in readme, "the report's README.md does not name the scenario")

    def shipped_library(self):
        results = self.dir / "results" / self.run_id
        versioned = []
        for host in self.fleet.hosts:
            document = json.loads((results / host.name / "results.json").read_text())
            for cell in document["cells"]:
                if cell.get("libraryVersion") != "2.0.202":
                    continue
                versioned.append(cell["cellId"])
                expect(cell["outcome"] == "ran" and all(p["status"] == "ok" for p in cell["phases"]),
                       f"{host.name}: {cell['cellId']} did not run: {cell['outcome']}")
                jars = cell["libraryJars"]
                expect([j["coordinates"] for j in jars] == ["com.h2database:h2-mvstore:jar:2.0.202"],
                       f"{host.name}: {cell['cellId']} loaded {jars}")
                remote = jars[0]["path"].removeprefix("file://")
                expect(remote.startswith("/srv/kvbench/dist/libraries/"),
                       f"{host.name}: {cell['cellId']} loaded {remote}, not the shipped copy")
                # the host's /srv is under the test's directory on this disk
                on_disk = host.srv / remote.removeprefix("/srv/")
                digest = hashlib.sha256(on_disk.read_bytes()).hexdigest()
                expect(jars[0]["sha256"] == digest, f"{host.name}: recorded {jars[0]['sha256']}, the file has {digest}")
                manifests = list((host.srv / "kvbench" / "dist" / "libraries").glob("libraries-*.json"))
                expect(len(manifests) == 1, f"{host.name}: manifests {manifests}")
                listed = [j for lib in json.loads(manifests[0].read_text())["libraries"] for j in lib["jars"]]
                expect([j["sha256"] for j in listed] == [digest], f"{host.name}: the manifest lists {listed}")
        expect(len(versioned) == 2, f"the fleet ran MVStore 2.0.202 in {versioned}, not in both orders")
        # no host has a Maven repository of its own to have taken it from
        for host in self.fleet.hosts:
            for home in (host.root / "home", host.root / "home-dirs" / LOGIN_USER, host.srv / "kvbench" / "home"):
                expect(not (home / ".m2").exists(), f"{host.name} has a ~/.m2 in {home}")

    def placed_and_unprivileged(self):
        results = self.dir / "results" / self.run_id
        for host in self.fleet.hosts:
            passwd = (host.root / "etc" / "passwd").read_text()
            uid = int(re.search(r"^kvbench:x:(\d+):", passwd, re.M).group(1))
            run_dir = host.srv / "kvbench" / "runs" / self.run_id
            for name in ("results.json", "results.jsonl", "kvbench.log"):
                owner = (run_dir / name).stat().st_uid
                expect(owner == uid, f"{host.name}: {name} belongs to uid {owner}, not kvbench's {uid}")
            document = json.loads((results / host.name / "results.json").read_text())
            for cell in document["cells"]:
                where = cell.get("placement") or {}
                expect(where.get("launcher") == "numactl --cpunodebind=0 --membind=0"
                       and where.get("memoryPolicy") == "bind:0",
                       f"{host.name}: {cell['cellId']} records placement {where}")
            checks = {c["name"]: c["value"] for c in document["environment"]["hostChecks"]}
            expect(checks.get("NUMA nodes", "").startswith("1 (node 0"), f"{host.name}: host checks {checks}")
            prepared = json.loads((results / host.name / "host-prepared.json").read_text())
            expect(prepared["tuning"]["set"]["thp"] == "never" and prepared["host"]["user"] == "kvbench",
                   f"{host.name}: host-prepared.json says {prepared}")

    def restored(self):
        extra = ["-e", "kvbench_restore_user=remove", "-e", "kvbench_restore_files=remove"]
        r = self.playbook("restore.yml", *extra)
        (self.dir / "restore-1.log").write_text(r.stdout)
        expect(r.returncode == 0, f"exit {r.returncode}\n{r.stdout[-4000:]}")
        now = {h.name: self.host_state(h) for h in self.fleet.hosts}
        expect(now == self.hosts_before, f"restore.yml left hosts unlike before prepare: {self.diff(self.hosts_before, now)}")
        r = self.playbook("restore.yml", *extra)
        expect(r.returncode == 0, f"the second restore: exit {r.returncode}\n{r.stdout[-4000:]}")
        changed = {h: v["changed"] for h, v in self.recap(r.stdout).items() if v["changed"]}
        expect(not changed, f"the second restore changed something: {changed}\n{r.stdout[-4000:]}")

    # -- helpers --
    def teardown_checked(self, real_before):
        name = "everything torn down, the real machine untouched"
        try:
            if self.fleet:
                self.fleet.close()
                left = self.fleet.leftovers()
                expect(not left, f"left behind: {left}")
            expect(self.real_machine() == real_before, "the real machine's fstab, limits.d, sysctl.d or sysctls changed")
            self.record(name)
        except Exception as e:
            self.record(name, str(e))
        if self.keep or self.failed:
            print(f"files kept in {self.dir}", flush=True)
        else:
            shutil.rmtree(self.dir, ignore_errors=True)

    @staticmethod
    def real_machine():
        state = {"fstab": Path("/etc/fstab").read_text() if Path("/etc/fstab").exists() else ""}
        for d in ("/etc/security/limits.d", "/etc/sysctl.d", "/etc/sudoers.d"):
            state[d] = sorted(p.name for p in Path(d).glob("*")) if Path(d).exists() else []
        for f in ("/etc/passwd", "/etc/group", "/proc/irq/default_smp_affinity"):
            state[f] = Path(f).read_text()
        state["/etc/ansible"] = Path("/etc/ansible").exists()
        for key, path in {**SYSCTL_FILES, **THP_FILES}.items():
            state[key] = Path(path).read_text()
        return state

    def host_state(self, host):
        """What prepare changes on a host and restore must put back: its /etc's users, fstab, limits,
        sysctl files and facts; its kernel settings, THP and interrupts; /srv; its mounts."""
        etc = host.root / "etc"
        state = {}
        for f in ("fstab", "passwd", "group", "shadow", "gshadow"):
            state[f] = (etc / f).read_text() if (etc / f).exists() else None
        for d in ("security/limits.d", "sysctl.d", "ansible"):
            state[d] = sorted(str(p.relative_to(etc)) for p in (etc / d).rglob("*")) if (etc / d).exists() else None
        for key in SYSCTL_FILES:
            state[key] = (host.root / "sysctl" / key).read_text()
        for key in THP_FILES:
            # the setting in force: sysfs reads "always [madvise] never", the stand-in what was written last
            text = (host.root / "thp" / key).read_text()
            state["thp " + key] = re.sub(r"^.*\[(\S+)\].*$", r"\1", text.strip())
        state["irq"] = {str(p.relative_to(host.root)): p.read_text() for p in sorted((host.root / "irq").rglob("*"))
                        if p.is_file()}
        state["/srv"] = sorted(p.name for p in host.srv.iterdir())
        state["mounts"] = sorted(self.ssh(host, "findmnt -rn -o TARGET,FSTYPE").splitlines())
        return state

    @staticmethod
    def diff(before, after):
        return {h: {k: (before[h].get(k), after[h].get(k)) for k in set(before[h]) | set(after[h])
                    if before[h].get(k) != after[h].get(k)} for h in before if before[h] != after[h]}

    def write_inventory(self):
        settings = {"kvbench_jar": str(JAR), "kvbench_scenario": str(SCENARIO),
                    "kvbench_results_dir": str(self.dir / "results"), "kvbench_run_poll_seconds": 1}
        if self.fleet:
            self.fleet.write_inventory(self.dir / "inventory", settings)
        else:  # for --syntax-check, before the hosts exist
            (self.dir / "inventory").mkdir(exist_ok=True)
            (self.dir / "inventory" / "hosts.yml").write_text("kvbench_hosts:\n  hosts:\n    h1:\n")

    def playbook_argv(self, playbook, *args):
        return [tool("ansible-playbook"), "-i", str(self.dir / "inventory" / "hosts.yml"),
                str(ANSIBLE_DIR / "playbooks" / playbook), *args]

    def playbook(self, playbook, *args):
        r = subprocess.run(self.playbook_argv(playbook, *args), cwd=ANSIBLE_DIR, env=self.env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=900)
        return r

    @staticmethod
    def recap(output):
        return {m[0]: {"ok": int(m[1]), "changed": int(m[2]), "unreachable": int(m[3]), "failed": int(m[4])}
                for m in RECAP.findall(output.split("PLAY RECAP")[-1])}

    def ssh(self, host, command):
        r = subprocess.run(["ssh", "-i", str(self.dir / "hosts" / "id_ed25519"), "-o", "StrictHostKeyChecking=no",
                            "-o", f"UserKnownHostsFile={self.dir / 'known_hosts'}", f"{LOGIN_USER}@{host.address}", command],
                           text=True, capture_output=True, timeout=60)
        expect(r.returncode == 0, f"ssh {host.name} '{command}': exit {r.returncode} {r.stderr}")
        return r.stdout

    @staticmethod
    def journal_cells(journal):
        cells = []
        for line in journal.read_text().splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by the crash
            if entry.get("cell"):
                cells.append(entry["cell"]["cellId"])
        return cells

    @staticmethod
    def matrix_cell_count():
        r = subprocess.run(["java", "-jar", str(JAR), "run", str(SCENARIO), "--dry-run"], text=True,
                           capture_output=True, timeout=120)
        expect(r.returncode == 0, f"kvbench run --dry-run: exit {r.returncode} {r.stderr}")
        return int(re.search(r"^scenario \S+: (\d+) cells", r.stdout, re.M).group(1))


if __name__ == "__main__":
    if os.geteuid() != 0:
        raise SystemExit("the fleet test makes network namespaces and runs sshd: run it as root")
    if not JAR.exists():
        raise SystemExit(f"{JAR} is missing: build it first (./mvnw -B -q package -DskipTests)")
    # a SIGTERM (a CI timeout) ends the test through its teardown, like a failure does
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(FleetTest("--keep" in sys.argv[1:]).run())
