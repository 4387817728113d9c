#!/usr/bin/env python3
"""The differential check's runner and comparer (bench/differential.sh drives it).

    python3 bench/differential.py fixtures --out DIR --corpus DIR [--seeds DIR]
    python3 bench/differential.py run --skillctl BIN --fixtures DIR --corpus DIR --work DIR --out DIR
                                      [--packs DIR] [--packs-limit N]
    python3 bench/differential.py packs DIR
    python3 bench/differential.py compare OLD_OUT NEW_OUT [--expected TSV]

`fixtures` writes the inputs both binaries share (so every path given to a
command is the same in both runs): the seeds in a git checkout with fixed
commit dates (two commits, so one skill has a git label of each kind),
second versions of a few generated skills, a generated source page, refused
skills (each breaks a rule that lenient intake refuses too: a duplicate YAML
key, bytes that are no UTF-8), one skill that lenient intake accepts with a
warning (published into a database of its own), and the tar bodies for HTTP
publishes.

`run` gives one binary its own folder and database, runs every command and
requests every route of its server, and writes one file per check into
--out: the command line or request, then exit status or HTTP status and
headers, stdout and stderr or body, normalized (see `normalize`). With
--packs, every pack folder in DIR is then published into a database of its
own and its skills checked under `packs/<pack>/` (see `run_packs`).

`packs` lists the pack folders `run --packs` would use, one a line.

`compare` compares two such folders byte for byte and exits 1 on any
difference that the --expected allowlist (check name or pattern with "*",
tab, reason) does not name. Standard library only.
"""
import argparse
import atexit
import difflib
import fnmatch
import hashlib
import http.client
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import time

SEED_NAMES = ["duo-ergonomics", "duo-navigation", "duo-postures"]
SEED_SOURCE_URL = "https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo"
SEED_SOURCE_FILE = "sources/designing-for-iphone-duo.txt"
GIT_ENV = {"GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.org",
           "GIT_COMMITTER_NAME": "Bench", "GIT_COMMITTER_EMAIL": "bench@example.org",
           "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"}


# --- fixtures -----------------------------------------------------------------


def git(repo, *args, date=None):
    env = dict(os.environ, **GIT_ENV)
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    subprocess.run(["git", "-C", repo, *args], check=True, env=env, stdout=subprocess.DEVNULL)


def write(path, text, mode=0o644):
    """Writes text as UTF-8, or bytes as they are (for input that is no UTF-8)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode("utf-8"))
    os.chmod(path, mode)


def generated_skills(corpus, count):
    """The first `count` generated skill folders, in name order."""
    pack = os.path.join(corpus, "pack-0000")
    return [os.path.join(pack, n) for n in sorted(os.listdir(pack))[:count]]


def second_version(text, version):
    """A mechanical edit that gives `diff` and `outdated` something to report:
    a new version label, one relabelled claim, one dropped sentence, one new
    rule and one new cited claim."""
    text = re.sub(r'(?m)^version: "[^"]*"$', 'version: "%s"' % version, text, count=1)
    text = re.sub(r'\(\*judgement\*\)', '(*measured*, 3 March 2026)', text, count=1)
    text = text.replace("*Judgement:* ", "*Measured*: ", 1)
    # Drop the first sentence that ends a paragraph line after the legend.
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if i > 20 and line and not line.startswith(("#", "|", "-", "`", " ")) and ". " in line:
            lines[i] = line.split(". ", 1)[1]
            break
    text = "\n".join(lines)
    rules = re.findall(r"(?m)^(\d+)\. \*\*", text)
    n = int(rules[-1]) + 1 if rules else 1
    text = text.rstrip("\n") + (
        "\n%d. **Keep the bench marker beside the fold.** *Measured*: the bench marker stays "
        "beside the fold (talk 424242, 1:10)(https://talks.example.org/videos/424242/?time=70).\n"
        "\nA new cited claim points at the guide ([Guide](https://guides.example.org/design/bench-page#Bench-section)).\n" % n)
    return text


def make_fixtures(out, corpus, seeds):
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    facts = {"seeds": False}
    # Seeds: a git checkout with the three skills (label ...A), and a clone
    # one commit later that modifies one of them (label ...M).
    if seeds and all(os.path.isfile(os.path.join(seeds, n, "SKILL.md")) for n in SEED_NAMES):
        facts["seeds"] = True
        repo = os.path.join(out, "seeds-git")
        os.makedirs(repo)
        git(repo, "init", "-q", "-b", "main")
        for n in SEED_NAMES:
            os.makedirs(os.path.join(repo, n))
            shutil.copyfile(os.path.join(seeds, n, "SKILL.md"), os.path.join(repo, n, "SKILL.md"))
        git(repo, "add", ".")
        git(repo, "commit", "-q", "-m", "seeds", date="2026-10-19T09:30:00 +0000")
        repo2 = os.path.join(out, "seeds-git-2")
        subprocess.run(["git", "clone", "-q", repo, repo2], check=True, env=dict(os.environ, **GIT_ENV))
        path = os.path.join(repo2, "duo-ergonomics", "SKILL.md")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(second_version(text, "unused"))
        git(repo2, "commit", "-q", "-am", "second version", date="2026-10-21T18:05:00 +0200")
        shutil.copyfile(os.path.join(seeds, SEED_SOURCE_FILE), os.path.join(out, "seed-source.txt"))
    # Second versions of three generated skills (front-matter version 1.1.0).
    for folder in generated_skills(corpus, 3):
        name = os.path.basename(folder)
        shutil.copytree(folder, os.path.join(out, "gen-v2", name))
        path = os.path.join(out, "gen-v2", name, "SKILL.md")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(second_version(text, "1.1.0"))
    # The same label as a published version, for different bytes: refused.
    shutil.copytree(os.path.join(out, "gen-v2", os.path.basename(generated_skills(corpus, 1)[0])),
                    os.path.join(out, "reuse", os.path.basename(generated_skills(corpus, 1)[0])))
    with open(os.path.join(out, "reuse", os.path.basename(generated_skills(corpus, 1)[0]), "SKILL.md"), "a") as f:
        f.write("\nOne more sentence makes these bytes new.\n")
    # A generated source page for the guide link the second versions cite,
    # and for one guide link of the first generated skill.
    with open(os.path.join(generated_skills(corpus, 1)[0], "SKILL.md"), encoding="utf-8") as f:
        first = f.read()
    m = re.search(r"\((https://guides\.example\.org/design/[a-z-]+)#([A-Za-z-]+)\)", first)
    guide_url, anchor = m.group(1), m.group(2)
    facts["gen_source_url"] = guide_url
    write(os.path.join(out, "gen-source.md"),
          "# Design guide\n\nAn invented page for the differential check.\n\n## %s\n\n"
          "The section the first generated skill cites; its words are made up.\n\n"
          "## Bench section\n\nA second section, cited by the second versions.\n" % anchor.replace("-", " "))
    write(os.path.join(out, "bench-source.md"),
          "# Bench page\n\n## Bench section\n\nThe bench marker stays beside the fold.\n")
    # Refused input: a folder whose name is not the skill's, with a duplicate
    # key. Lenient intake would publish a mere name mismatch (as bench-other,
    # which would then show in every count and search score after it); a
    # duplicate YAML key is refused by every binary, strict or lenient.
    # And a skill with no version from anywhere (outside git, no front-matter
    # version).
    write(os.path.join(out, "bad", "bench-mismatch", "SKILL.md"),
          "---\nname: bench-other\ndescription: A skill whose folder has another name.\n"
          "description: And a second description.\nversion: \"1.0.0\"\n---\n\n# x\n")
    write(os.path.join(out, "unversioned", "bench-unversioned", "SKILL.md"),
          "---\nname: bench-unversioned\ndescription: A skill with no version label.\n---\n\n# Bench\n\nA sentence.\n")
    # A mixed pack for --skip-invalid: one good skill, one refused (bytes that
    # are no UTF-8, refused even by lenient intake).
    write(os.path.join(out, "mixed", "bench-good", "SKILL.md"),
          "---\nname: bench-good\ndescription: A valid skill beside a refused one.\nversion: \"1.0.0\"\n---\n\n"
          "# Bench good\n\n*Measured*: the bench stays level (*measured*, 2 March 2026).\n\n## Rules\n\n"
          "1. **Keep it level.** The bench stays level (*judgement*).\n")
    write(os.path.join(out, "mixed", "bench-broken", "SKILL.md"),
          b"---\nname: bench-broken\ndescription: \"Latin-1, not UTF-8: caf\xe9\"\nversion: \"1.0.0\"\n---\n\n# x\n")
    # A skill that lenient intake accepts with a warning (a blank
    # description), where strict intake refused it; published into a database
    # of its own so that it changes no other check.
    write(os.path.join(out, "lenient", "bench-lenient", "SKILL.md"),
          "---\nname: bench-lenient\ndescription: \"\"\nversion: \"1.0.0\"\n---\n\n# Bench lenient\n\n"
          "The first paragraph stands in for the description.\n")
    # A skill that lints with findings: a talk link whose times disagree, a
    # dangling relative link, an anchor that names no section.
    write(os.path.join(out, "lint", "bench-lint", "SKILL.md"),
          "---\nname: bench-lint\ndescription: A skill with lint findings.\nversion: \"1.0.0\"\n---\n\n"
          "# Bench lint\n\nThe fold is 4 mm wide ([talk 1, 1:10](https://talks.example.org/videos/1/?time=75)).\n\n"
          "See [notes](references/missing.md) and [the guide](%s#No-such-section).\n\n"
          "## Rules\n\n1. **Mind the fold.** The fold moves (*measured*).\n2. **See rule R9 of `bench-good`.** "
          "See rules R1 and R9 of `bench-good`.\n" % guide_url)
    # Tar bodies for HTTP publishes (fixed owners, times and modes).
    http_skill = ("---\nname: bench-http\ndescription: Published over HTTP by the differential check.\n"
                  "version: \"1.0.0\"\n---\n\n# Bench http\n\n*Measured*: the upload lands whole "
                  "(*measured*, 1 December 2026).\n\n## Rules\n\n1. **Send one archive.** One archive per publish (*judgement*).\n")
    write_tar(os.path.join(out, "http-new.tar"), [("bench-http/SKILL.md", http_skill, 0o644),
                                                 ("bench-http/scripts/run.sh", "#!/bin/sh\necho ok\n", 0o755)])
    write_tar(os.path.join(out, "http-v2.tar"), [("bench-http/SKILL.md", http_skill.replace("whole", "whole and once"), 0o644)])
    write_tar(os.path.join(out, "http-duo.tar"), [("duo-http/SKILL.md", http_skill.replace("bench-http", "duo-http"), 0o644)])
    # Refused over HTTP too: a duplicate key (a folder unlike the name alone
    # would be published, and publish-new would then find 1.0.0 taken).
    write_tar(os.path.join(out, "http-bad.tar"),
              [("bench-misnamed/SKILL.md", http_skill.replace("\nversion:", "\nname: bench-misnamed\nversion:", 1), 0o644)])
    with open(os.path.join(out, "http-garbage.tar"), "wb") as f:
        f.write(b"this is not a tar archive" * 40)
    with open(os.path.join(out, "facts.json"), "w") as f:
        json.dump(facts, f, indent=1, sort_keys=True)


def write_tar(path, files):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        folders = sorted({os.path.dirname(p) for p, _, _ in files} | {p.split("/")[0] for p, _, _ in files})
        for d in folders:
            info = tarfile.TarInfo(d)
            info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, 1764547200
            tar.addfile(info)
        for p, text, mode in files:
            data = text.encode("utf-8")
            info = tarfile.TarInfo(p)
            info.size, info.mode, info.mtime = len(data), mode, 1764547200
            tar.addfile(info, io.BytesIO(data))
    with open(path, "wb") as f:
        f.write(buf.getvalue())


# --- normalization ------------------------------------------------------------

ISO_TIME = re.compile(rb"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?")
LOG_TIME = re.compile(rb"\[\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}\]")
LOG_SECONDS = re.compile(rb"(\" \d{3} \d+ )\d+\.\d+((?: aborted)?)$", re.M)
LOG_METRICS_BYTES = re.compile(rb'("GET /metrics" \d{3} )\d+')
SECRET = re.compile(rb"sks_[0-9a-f]{64}")
METRIC_TIMING = re.compile(
    rb"^((?:skillstore_http_request_duration_seconds_(?:bucket|sum)|skillstore_uptime_seconds)(?:\{[^}]*\})?) \S+$", re.M)


def normalize(data, work, port=None, packs=None):
    """What legitimately differs between two runs, and nothing else: the
    run's own folder, clock times, token secrets, the server's port, and
    the metrics that measure time (and so the size of /metrics). The
    real-pack folder is the same for both runs; it is replaced only so that
    the recorded checks do not depend on where the packs were extracted."""
    data = data.replace(work.encode(), b"<WORK>")
    data = data.replace(os.path.realpath(work).encode(), b"<WORK>")
    if packs:
        data = data.replace(packs.encode(), b"<PACKS>")
        data = data.replace(os.path.realpath(packs).encode(), b"<PACKS>")
    if port:
        data = data.replace(b"127.0.0.1:%d" % port, b"127.0.0.1:<PORT>")
    data = ISO_TIME.sub(b"<TIME>", data)
    data = LOG_TIME.sub(b"[<TIME>]", data)
    data = LOG_SECONDS.sub(rb"\1<SECONDS>\2", data)
    data = LOG_METRICS_BYTES.sub(rb"\1<BYTES>", data)  # the timings' digits vary
    data = SECRET.sub(b"sks_<SECRET>", data)
    data = METRIC_TIMING.sub(rb"\1 <TIMING>", data)
    return data


# --- running one binary -------------------------------------------------------


class Runner:
    """One binary, one folder and one database. Check names are the command's
    or request's name behind `cli_prefix` or `http_prefix`."""

    def __init__(self, skillctl, fixtures, corpus, work, out, cli_prefix="cli/", http_prefix="http/", packs=None):
        self.bin, self.fix, self.corpus, self.work, self.out = skillctl, fixtures, corpus, work, out
        self.cli_prefix, self.http_prefix, self.packs = cli_prefix, http_prefix, packs
        self.db = os.path.join(work, "store.db")
        self.port = None
        self.names = set()
        home = os.path.join(work, "home")
        os.makedirs(home)
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "USER": "bench",
                    "TZ": "UTC", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}

    def record(self, name, text):
        assert name not in self.names, "duplicate check name " + name
        self.names.add(name)
        path = os.path.join(self.out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(normalize(text, self.work, self.port, self.packs))

    def cli(self, name, *args, db=True, stdin=None, server=None, token=None):
        """Runs skillctl and records the command, exit status, stdout and stderr."""
        argv = [self.bin] + (["--db", self.db] if db else []) + list(args)
        if server:
            argv[1:1] = ["--server", server] + (["--token", token] if token else [])
        p = subprocess.run(argv, input=stdin, capture_output=True, env=self.env, cwd=self.work, timeout=300)
        shown = " ".join(["skillctl"] + argv[1:]).encode()
        if token:
            shown = shown.replace(token.encode(), b"<TOKEN>")
        self.record(self.cli_prefix + name, b"$ " + shown + b"\n--- exit %d\n--- stdout\n" % p.returncode
                    + p.stdout + b"\n--- stderr\n" + p.stderr)
        return p

    def file(self, name, path):
        with open(path, "rb") as f:
            self.record("files/" + name, f.read())

    # HTTP ---------------------------------------------------------------------

    def request(self, name, method, path, headers=None, body=None, timed_body=False):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = dict(headers or {})
        conn.request(method, path, body=body, headers=headers)
        r = conn.getresponse()
        payload = r.read()
        conn.close()
        shown = dict(headers)
        if "Authorization" in shown:
            shown["Authorization"] = "Bearer <TOKEN>"
        lines = ["%s %s" % (method, path)] + ["%s: %s" % kv for kv in shown.items()]
        if body is not None:
            lines.append("(body: %d bytes, sha256 %s)" % (len(body), hashlib.sha256(body).hexdigest()[:16]))
        lines += ["--- HTTP/%s %d %s" % ("1.1" if r.version == 11 else "1.0", r.status, r.reason)]
        # Date is the only header that says when; every other one is compared.
        # With timed_body (/metrics) the length depends on the timings too.
        lines += ["%s: %s" % (k, "<LENGTH>" if timed_body and k.lower() == "content-length" else v)
                  for k, v in r.getheaders() if k.lower() != "date"]
        self.record(self.http_prefix + name, ("\n".join(lines) + "\n--- body\n").encode() + payload)
        return r.status, payload

    def start_server(self):
        self.server_log = open(os.path.join(self.work, "serve.stderr"), "wb")
        self.server = subprocess.Popen(
            [self.bin, "--db", self.db, "serve", "--port", "0", "--host", "127.0.0.1"],
            stdout=subprocess.PIPE, stderr=self.server_log, env=self.env, cwd=self.work)
        # A run that fails half-way must not leave its server behind.
        atexit.register(lambda: self.server.poll() is None and self.server.kill())
        deadline = time.time() + 30
        while time.time() < deadline:
            with open(os.path.join(self.work, "serve.stderr"), "rb") as f:
                m = re.search(rb"serving http://127\.0\.0\.1:(\d+)", f.read())
            if m:
                self.port = int(m.group(1))
                return
            if self.server.poll() is not None:
                break
            time.sleep(0.05)
        raise SystemExit("differential: the server did not start (see %s/serve.stderr)" % self.work)

    def stop_server(self, name="zz-serve-output"):
        self.server.send_signal(signal.SIGINT)
        try:
            stdout, _ = self.server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.server.kill()
            stdout, _ = self.server.communicate()
        self.server_log.close()
        with open(os.path.join(self.work, "serve.stderr"), "rb") as f:
            log = f.read()
        # Access-log lines are written by whichever thread answered, after
        # the answer: their order is not the requests' order, so they are
        # compared sorted (after normalization).
        head, _, rest = log.partition(b"; stop with Ctrl-C\n")
        if rest:
            log = head + b"; stop with Ctrl-C\n" + b"".join(sorted(
                normalize(l, self.work, self.port, self.packs) + b"\n" for l in rest.splitlines()))
        self.record(self.http_prefix + name, b"--- exit %d\n--- stdout\n" % self.server.returncode
                    + stdout + b"\n--- stderr (access log)\n" + log)


def blob_id(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def run(a):
    os.makedirs(a.out)
    os.makedirs(a.work, exist_ok=True)
    r = Runner(os.path.abspath(a.skillctl), a.fixtures, a.corpus, a.work, a.out)
    fix = lambda *p: os.path.join(a.fixtures, *p)
    with open(fix("facts.json")) as f:
        facts = json.load(f)
    seeds = facts["seeds"]
    gen = [os.path.basename(p) for p in generated_skills(a.corpus, 5)]
    g0, g1, g2, g3 = gen[0], gen[1], gen[2], gen[3]
    main = "duo-ergonomics" if seeds else gen[4]
    other = "duo-navigation" if seeds else g3

    # Help and usage, before there is a database.
    r.cli("help-global", "--help", db=False)
    r.cli("help-h", "-h", db=False)
    r.cli("help-command", "help", "search", db=False)
    r.cli("help-unknown-topic", "help", "nope", db=False)
    r.cli("usage-no-command", db=False)
    r.cli("usage-unknown-command", "frobnicate", db=False)
    r.cli("usage-empty-db", "--db", "", "ls", db=False)
    commands = ["init", "publish", "get", "cat", "versions", "ls", "search", "rules", "claims", "links",
                "provenance", "check", "diff", "labels", "fsck", "pull", "verify", "outdated", "serve", "token"]
    for c in commands:
        r.cli("help-%s" % c, c, "--help", db=False)
    r.cli("missing-db-ls", "ls")
    r.cli("missing-db-get", "get", main)

    # Publishing.
    r.cli("init", "init")
    r.cli("init-again", "init")
    if seeds:
        r.cli("publish-seeds-git", "publish", fix("seeds-git"))
        r.cli("publish-seeds-git-again", "publish", fix("seeds-git"))
        r.cli("publish-source-seed", "publish", "--source", SEED_SOURCE_URL, fix("seed-source.txt"))
        r.cli("publish-source-seed-again", "publish", "--source", SEED_SOURCE_URL, fix("seed-source.txt"))
    else:
        print("differential: no seeds; the generated corpus only", file=sys.stderr)
    r.cli("publish-source-gen", "publish", "--source", facts["gen_source_url"], fix("gen-source.md"), "--json")
    r.cli("publish-source-bench", "publish", "--source", "https://guides.example.org/design/bench-page",
          fix("bench-source.md"))
    r.cli("publish-corpus", "publish", a.corpus)
    r.cli("publish-gen-v2-json", "publish", fix("gen-v2"), "--json")
    if seeds:
        r.cli("publish-seeds-git-2", "publish", os.path.join(fix("seeds-git-2"), "duo-ergonomics"))
        r.cli("publish-seed-version", "publish", "--version", "2.0.0-bench", "--by", "someone",
              os.path.join(fix("seeds-git"), "duo-postures"))
    r.cli("publish-lint-skill", "publish", fix("lint"))
    r.cli("refused-publish-mismatch", "publish", fix("bad"))
    r.cli("refused-publish-mismatch-json", "publish", fix("bad"), "--json")
    # Into a database of its own: whether it lands must not change what
    # the checks after it see in the main one.
    r.cli("publish-unversioned", "--db", os.path.join(r.work, "unversioned.db"), "publish", fix("unversioned"), db=False)
    r.cli("publish-lenient", "--db", os.path.join(r.work, "lenient.db"), "publish", fix("lenient"), db=False)
    r.cli("refused-publish-label-reuse", "publish", "--version", "1.0.0", os.path.join(fix("reuse"), g0))
    r.cli("refused-publish-bad-version", "publish", "--version", "bad label", fix("lint"))
    r.cli("publish-skip-invalid", "publish", "--skip-invalid", fix("mixed"))
    r.cli("publish-missing-path", "publish", fix("no-such-folder"))
    r.cli("usage-publish-nothing", "publish")

    # Fetching.
    p = r.cli("get-json", "get", main, "--json")
    meta = json.loads(p.stdout)
    r.cli("get", "get", main)
    r.cli("get-raw", "get", main, "--raw")
    r.cli("get-at-label", "get", "%s@%s" % (g0, "1.0.0"))
    r.cli("get-at-label-raw", "get", "%s@%s" % (g0, "1.0.0"), "--raw")
    r.cli("get-gen", "get", g1, "--json")
    r.cli("get-unknown", "get", "no-such-skill")
    r.cli("get-unknown-label", "get", "%s@9.9.9" % g0)
    r.cli("get-bad-name", "get", "Bad_Name")
    r.cli("get-no-arg", "get")
    skill_id, digest, manifest = meta["id"], meta["digest"], meta["manifest"]
    r.cli("cat-16", "cat", skill_id)
    r.cli("cat-64", "cat", digest)
    r.cli("cat-sha256", "cat", "sha256:" + digest)
    r.cli("cat-upper", "cat", skill_id.upper())
    r.cli("cat-manifest", "cat", manifest)
    r.cli("cat-json", "cat", digest, "--json")
    r.cli("cat-unknown", "cat", "0123456789abcdef")
    r.cli("cat-bad-id", "cat", "xyz")
    r.cli("cat-bad-64", "cat", "sha256:" + digest[:60])
    r.cli("versions", "versions", main)
    r.cli("versions-json", "versions", g0, "--json")
    r.cli("versions-unknown", "versions", "no-such-skill")
    r.cli("ls", "ls")
    r.cli("ls-json", "ls", "--json")

    # Search.
    queries = [
        ("plain", ["fold"]),
        ("two-words", ["button toolbar"]),
        ("stem", ["folding"]),
        ("phrase", ['"the fold"']),
        ("prefix-or", ["tool* OR hinge"]),
        ("not", ["margin -sidebar"]),
        ("exact-name", [g1]),
        ("kind-rule", ["keep", "--kind", "rule", "--limit", "5"]),
        ("kind-claim-label", ["fold", "--kind", "claim", "--label", "measured"]),
        ("kind-source", ["section", "--kind", "source"]),
        ("skill-glob", ["panel", "--skill", "gen-0000*", "--limit", "3"]),
        ("all-versions", ["bench marker", "--all-versions"]),
        ("limit-json", ["scroll", "--limit", "4", "--json"]),
        ("syntax-noise", ['"unclosed AND (OR -']),
        ("nothing", ["zzzzqqqq"]),
        ("bad-label", ["fold", "--label", "nope"]),
        ("bad-kind", ["fold", "--kind", "nope"]),
        ("bad-limit", ["fold", "--limit", "0"]),
    ]
    if seeds:
        queries.append(("seeds", ["tabletop posture", "--skill", "duo-*"]))
    for n, args in queries:
        r.cli("search-" + n, "search", *args)
    r.cli("search-stdin-json", "search", "-", "--json", "--limit", "3", stdin=b"hinge of the fold\n")

    # The knowledge graph.
    for s in [main, g0]:
        r.cli("rules-%s" % s, "rules", s)
        r.cli("rules-%s-json" % s, "rules", s, "--json")
        r.cli("claims-%s" % s, "claims", s)
        r.cli("claims-%s-json" % s, "claims", s, "--json")
        r.cli("links-%s" % s, "links", s)
        r.cli("links-%s-json" % s, "links", s, "--json")
        r.cli("provenance-%s" % s, "provenance", s)
        r.cli("provenance-%s-json" % s, "provenance", s, "--json")
        r.cli("provenance-%s-R1" % s, "provenance", s + "#R1")
    r.cli("claims-label", "claims", main, "--label", "measured")
    r.cli("claims-label-json", "claims", g0, "--label", "cited", "--json")
    r.cli("claims-section", "claims", g0, "--section", "a")
    r.cli("claims-rule", "claims", main, "--rule", "R2")
    r.cli("claims-bad-label", "claims", main, "--label", "nope")
    r.cli("claims-unknown-rule", "claims", main, "--rule", "R99")
    r.cli("claims-unknown", "claims", "no-such-skill")
    r.cli("links-lint", "links", "bench-lint")
    r.cli("provenance-R99", "provenance", main + "#R99")
    r.cli("provenance-json-R1", "provenance", g1 + "#R1", "--json")
    r.cli("rules-unknown", "rules", "no-such-skill")

    # check, diff, labels, fsck.
    r.cli("check-path", "check", os.path.join(fix("lint"), "bench-lint"))
    r.cli("check-path-json", "check", os.path.join(fix("lint"), "bench-lint"), "--json")
    r.cli("check-path-sarif", "check", os.path.join(fix("lint"), "bench-lint"), "--sarif")
    r.cli("check-path-strict", "check", os.path.join(fix("lint"), "bench-lint"), "--strict")
    r.cli("check-skill", "check", main)
    r.cli("check-skill-json", "check", g0, "--json")
    r.cli("check-skill-sarif", "check", main, "--sarif")
    r.cli("check-skills-strict", "check", main, g1, "--strict")
    r.cli("check-pack", "check", fix("mixed"))
    r.cli("check-unknown", "check", "no-such-skill")
    r.cli("diff-gen", "diff", g0, "1.0.0", "1.1.0")
    r.cli("diff-gen-json", "diff", g1, "1.0.0", "1.1.0", "--json")
    r.cli("diff-gen-reverse", "diff", g2, "1.1.0", "1.0.0")
    r.cli("diff-same", "diff", g0, "1.0.0", "1.0.0")
    r.cli("diff-unknown-label", "diff", g0, "1.0.0", "7.7.7")
    r.cli("diff-usage", "diff", g0, "1.0.0")
    if seeds:
        labels = [v["label"] for v in json.loads(r.cli("versions-seed-json", "versions", main, "--json").stdout)]
        r.cli("diff-seed", "diff", main, labels[-1], labels[0])
        r.cli("diff-seed-json", "diff", main, labels[-1], labels[0], "--json")
    r.cli("labels", "labels")
    r.cli("labels-json", "labels", "--json")
    copy = os.path.join(a.work, "labels-copy.db")
    shutil.copyfile(r.db, copy)
    r.cli("labels-add", "--db", copy, "labels", "--add", "tested=measured", db=False)
    r.cli("labels-after-add", "--db", copy, "labels", "--json", db=False)
    r.cli("labels-remove", "--db", copy, "labels", "--remove", "tested", db=False)
    r.cli("labels-remove-unknown", "--db", copy, "labels", "--remove", "nosuchword", db=False)
    r.cli("labels-add-bad", "--db", copy, "labels", "--add", "tested=nolabel", db=False)
    r.cli("labels-after-remove", "--db", copy, "labels", db=False)
    r.cli("fsck", "fsck")
    r.cli("fsck-json", "fsck", "--json")

    # pull, verify, outdated.
    pulled = os.path.join(a.work, "pulled")
    pull_set = [g0 + "@1.0.0", g1 + "@1.0.0", g2] + ([other] if seeds else [])
    r.cli("pull", "pull", *pull_set, "--to", pulled)
    r.file("pulled-lock", os.path.join(pulled, "skills.lock.json"))
    r.cli("pull-by-id", "pull", skill_id, "--to", os.path.join(a.work, "pulled-id"), "--json")
    r.cli("pull-unknown", "pull", "no-such-skill", "--to", os.path.join(a.work, "pulled-none"))
    r.cli("verify", "verify", pulled)
    r.cli("verify-json", "verify", pulled, "--json")
    r.cli("outdated", "outdated", pulled)
    r.cli("outdated-json", "outdated", pulled, "--json")
    r.cli("pull-locked", "pull", "--locked", "--lock", os.path.join(pulled, "skills.lock.json"),
          "--to", os.path.join(a.work, "pulled-locked"))
    with open(os.path.join(pulled, g0, "SKILL.md"), "a") as f:
        f.write("edited\n")
    os.remove(os.path.join(pulled, g1, "SKILL.md"))
    with open(os.path.join(pulled, g2, "extra.txt"), "w") as f:
        f.write("added\n")
    r.cli("verify-drift", "verify", pulled)
    r.cli("verify-drift-json", "verify", pulled, "--json")
    r.cli("verify-not-pulled", "verify", a.work)

    # Tokens (the secrets are normalized; the raw ones are used below).
    secret = SECRET.search(r.cli("token-create", "token", "create", "ci").stdout).group(0).decode()
    scoped = SECRET.search(r.cli("token-create-scoped-json", "token", "create", "duo", "--scope", "duo-*",
                                 "--json").stdout).group(0).decode()
    revoked = SECRET.search(r.cli("token-create-revoked", "token", "create", "old").stdout).group(0).decode()
    r.cli("token-create-duplicate", "token", "create", "ci")
    r.cli("token-create-bad-name", "token", "create", "bad name")
    r.cli("token-revoke", "token", "revoke", "old")
    r.cli("token-revoke-unknown", "token", "revoke", "nobody")
    r.cli("token-list", "token", "list")
    r.cli("token-list-json", "token", "list", "--json")

    # The server.
    r.start_server()
    url = "http://127.0.0.1:%d" % r.port
    blob = "/api/v1/blob/"
    etag = '"sha256:%s"' % digest
    req = r.request
    req("blob-16", "GET", blob + skill_id)
    req("blob-64", "GET", blob + digest)
    req("blob-sha256", "GET", blob + "sha256:" + digest.upper())
    req("blob-head", "HEAD", blob + skill_id)
    req("blob-range", "GET", blob + skill_id, {"Range": "bytes=0-99"})
    req("blob-range-suffix", "GET", blob + skill_id, {"Range": "bytes=-100"})
    req("blob-range-open", "GET", blob + skill_id, {"Range": "bytes=100-"})
    req("blob-range-past-end", "GET", blob + skill_id, {"Range": "bytes=99999999-"})
    req("blob-range-multi", "GET", blob + skill_id, {"Range": "bytes=0-1,5-6"})
    req("blob-if-range-match", "GET", blob + skill_id, {"Range": "bytes=0-9", "If-Range": etag})
    req("blob-if-range-other", "GET", blob + skill_id, {"Range": "bytes=0-9", "If-Range": '"other"'})
    req("blob-if-none-match", "GET", blob + skill_id, {"If-None-Match": etag})
    req("blob-if-none-match-weak-list", "GET", blob + skill_id, {"If-None-Match": '"x", W/' + etag})
    req("blob-if-none-match-star", "GET", blob + skill_id, {"If-None-Match": "*"})
    req("blob-if-none-match-other", "GET", blob + skill_id, {"If-None-Match": '"sha256:00"'})
    req("blob-manifest", "GET", blob + manifest)
    req("blob-bad-id", "GET", blob + "xyz")
    req("blob-unknown-id", "GET", blob + "0123456789abcdef")
    req("blob-unknown-digest", "GET", blob + skill_id + "0" * 48)
    req("blob-post", "POST", blob + skill_id, body=b"")
    req("skills", "GET", "/api/v1/skills")
    req("skills-head", "HEAD", "/api/v1/skills")
    req("skill-text", "GET", "/api/v1/skills/" + main)
    req("skill-json", "GET", "/api/v1/skills/" + main, {"Accept": "application/json"})
    req("skill-json-and-text", "GET", "/api/v1/skills/" + main, {"Accept": "application/json, text/plain"})
    req("skill-version-query", "GET", "/api/v1/skills/%s?version=1.0.0" % g0)
    req("skill-unknown", "GET", "/api/v1/skills/no-such-skill")
    req("skill-bad-name", "GET", "/api/v1/skills/Bad_Name")
    req("versions", "GET", "/api/v1/skills/%s/versions" % g0)
    req("versions-label", "GET", "/api/v1/skills/%s/versions/1.1.0" % g0)
    req("versions-label-unknown", "GET", "/api/v1/skills/%s/versions/7.7.7" % g0)
    req("versions-manifest", "GET", "/api/v1/skills/%s/versions/1.0.0/manifest" % g0)
    req("versions-manifest-range", "GET", "/api/v1/skills/%s/versions/1.0.0/manifest" % g0, {"Range": "bytes=0-19"})
    req("versions-by-id", "GET", "/api/v1/versions/" + skill_id)
    req("versions-by-id-none", "GET", "/api/v1/versions/0123456789abcdef")
    req("versions-by-id-bad", "GET", "/api/v1/versions/xyz")
    for s in [main, g0]:
        for route in ["rules", "claims", "links", "provenance", "check"]:
            req("%s-%s" % (route, s), "GET", "/api/v1/skills/%s/%s" % (s, route))
    req("claims-filters", "GET", "/api/v1/skills/%s/claims?label=Measured&section=a&rule=r1" % g0)
    req("claims-bad-label", "GET", "/api/v1/skills/%s/claims?label=nope" % g0)
    req("claims-bad-rule", "GET", "/api/v1/skills/%s/claims?rule=six" % g0)
    req("claims-unknown-rule", "GET", "/api/v1/skills/%s/claims?rule=R99" % g0)
    req("claims-version", "GET", "/api/v1/skills/%s/claims?version=1.1.0&label=measured" % g0)
    req("provenance-rule", "GET", "/api/v1/skills/%s/provenance?rule=R1" % main)
    req("check-strict", "GET", "/api/v1/skills/bench-lint/check?strict=yes")
    req("check-strict-bad", "GET", "/api/v1/skills/bench-lint/check?strict=maybe")
    req("diff", "GET", "/api/v1/skills/%s/diff?from=1.0.0&to=1.1.0" % g0)
    req("diff-missing", "GET", "/api/v1/skills/%s/diff?from=1.0.0" % g0)
    req("diff-unknown", "GET", "/api/v1/skills/%s/diff?from=1.0.0&to=7.7.7" % g0)
    searches = [
        ("plain", "q=fold"),
        ("kind-rule", "q=keep&kind=Rule&limit=5"),
        ("kind-claim-label", "q=fold&kind=claim&label=measured"),
        ("skill-glob", "q=panel&skill=gen-0000%2A&limit=3"),
        ("all-versions", "q=bench+marker&all_versions=1"),
        ("phrase", "q=%22the+fold%22&limit=2"),
        ("empty-filters", "q=hinge&kind=&label=&skill="),
        ("missing-q", "limit=3"),
        ("blank-q", "q=+"),
        ("bad-kind", "q=fold&kind=nope"),
        ("label-with-kind", "q=fold&kind=rule&label=measured"),
        ("bad-limit", "q=fold&limit=1001"),
        ("bad-all-versions", "q=fold&all_versions=maybe"),
        ("repeated", "q=nothingatall&q=fold&limit=2"),
    ]
    for n, q in searches:
        req("search-" + n, "GET", "/api/v1/search?" + q)
    req("sources", "GET", "/api/v1/sources")
    req("openapi", "GET", "/api/v1/openapi.json")
    req("healthz", "GET", "/healthz")
    req("healthz-head", "HEAD", "/healthz")
    req("unknown-route", "GET", "/api/v1/nope")
    req("wrong-method", "DELETE", "/api/v1/skills")
    # Publishing over HTTP.
    tar = lambda n: open(fix(n), "rb").read()
    tar_type = {"Content-Type": "application/x-tar"}
    bearer = lambda t: {"Authorization": "Bearer " + t}
    req("publish-no-token", "POST", "/api/v1/skills", tar_type, tar("http-new.tar"))
    req("publish-revoked-token", "POST", "/api/v1/skills", dict(tar_type, **bearer(revoked)), tar("http-new.tar"))
    req("publish-wrong-type", "POST", "/api/v1/skills", dict({"Content-Type": "text/plain"}, **bearer(secret)),
        tar("http-new.tar"))
    req("publish-empty", "POST", "/api/v1/skills", dict(tar_type, **bearer(secret)), b"")
    req("publish-garbage", "POST", "/api/v1/skills", dict(tar_type, **bearer(secret)), tar("http-garbage.tar"))
    req("publish-refused", "POST", "/api/v1/skills", dict(tar_type, **bearer(secret)), tar("http-bad.tar"))
    req("publish-out-of-scope", "POST", "/api/v1/skills", dict(tar_type, **bearer(scoped)), tar("http-new.tar"))
    req("publish-bad-version", "POST", "/api/v1/skills?version=bad%20label", dict(tar_type, **bearer(secret)),
        tar("http-new.tar"))
    req("publish-new", "POST", "/api/v1/skills", dict(tar_type, **bearer(secret)), tar("http-new.tar"))
    req("publish-unchanged", "POST", "/api/v1/skills", dict({"Content-Type": "application/tar; x=1"}, **bearer(secret)),
        tar("http-new.tar"))
    req("publish-version-query", "POST", "/api/v1/skills?version=2.0.0", dict(tar_type, **bearer(secret)),
        tar("http-v2.tar"))
    req("publish-in-scope", "POST", "/api/v1/skills", dict(tar_type, **bearer(scoped)), tar("http-duo.tar"))
    req("skill-after-publish", "GET", "/api/v1/skills/bench-http/versions")

    # The CLI against the server.
    for n, args in [("get", ["get", main]), ("get-raw", ["get", main, "--raw"]), ("get-json", ["get", g0, "--json"]),
                    ("get-unknown", ["get", "no-such-skill"]), ("cat", ["cat", skill_id]),
                    ("cat-unknown", ["cat", "0123456789abcdef"]), ("versions", ["versions", g0]),
                    ("ls", ["ls"]), ("search", ["search", "fold", "--limit", "5"]),
                    ("search-json", ["search", "keep", "--kind", "rule", "--json", "--limit", "3"]),
                    ("rules", ["rules", main]), ("claims", ["claims", g0, "--label", "measured"]),
                    ("links", ["links", main]), ("provenance", ["provenance", main + "#R1"]),
                    ("check", ["check", "bench-lint"]), ("diff", ["diff", g0, "1.0.0", "1.1.0"])]:
        r.cli("remote-" + n, *args, db=False, server=url)
    rpulled = os.path.join(a.work, "remote-pulled")
    r.cli("remote-pull", "pull", g0 + "@1.0.0", "--to", rpulled, db=False, server=url)
    r.cli("remote-outdated", "outdated", rpulled, db=False, server=url)
    r.cli("remote-publish-no-token", "publish", fix("mixed", "bench-good"), db=False, server=url)
    r.cli("remote-publish-refused", "publish", fix("bad"), db=False, server=url, token=secret)
    r.cli("remote-publish", "publish", "--version", "3.0.0", fix("mixed", "bench-good"), db=False, server=url,
          token=secret)
    time.sleep(0.3)  # let the last requests' counters land before they are read
    req("metrics", "GET", "/metrics", timed_body=True)
    r.stop_server()
    r.cli("ls-after-serve", "ls")
    # Progress lines are throttled by the clock, except the first and the
    # last: a publish of one skill shows only those.
    r.cli("publish-progress", "publish", "--progress", "--version", "4.0.0", fix("mixed", "bench-good"))
    r.cli("publish-quiet", "publish", "-q", fix("gen-v2"))
    r.cli("fsck-quiet", "fsck", "--quiet")
    r.cli("fsck-after-serve", "fsck")
    if a.packs:
        run_packs(a)


# --- real skill packs ---------------------------------------------------------

# Pack-wide check names start with "_", which no skill name can (a-z, 0-9
# and "-"), so they never clash with a skill's folder of checks.
PACK_SEARCHES = [
    ("plain", ["test"]),
    ("json", ["pull request", "--json", "--limit", "5"]),
    ("kind-rule", ["use", "--kind", "rule", "--limit", "5"]),
    ("kind-claim", ["file", "--kind", "claim", "--limit", "5"]),
]
PACK_HTTP_SEARCHES = [("plain", "q=test&limit=5"), ("kind-rule", "q=use&kind=rule&limit=5")]


def has_skill(folder):
    """Whether a SKILL.md lies anywhere below `folder`, hidden entries aside
    (publish skips them too)."""
    for d, dirs, files in os.walk(folder):
        dirs[:] = [x for x in dirs if not x.startswith(".")]
        if "SKILL.md" in files:
            return True
    return False


def find_packs(root):
    """The pack folders in `root`, in name order: every subfolder with a
    SKILL.md below it (hidden folders and bench/real-packs.sh's unfinished
    `.part` folders aside)."""
    if not os.path.isdir(root):
        return []
    return [n for n in sorted(os.listdir(root))
            if not n.startswith(".") and not n.endswith(".part")
            and os.path.isdir(os.path.join(root, n)) and has_skill(os.path.join(root, n))]


def spread(items, limit):
    """At most `limit` of `items`, evenly spaced, so a cap still reaches
    every pack; the same items give the same choice."""
    if len(items) <= limit:
        return items
    return [items[i * len(items) // limit] for i in range(limit)]


def run_packs(a):
    """Each pack published whole into its own database (packs collide on
    names), then every chosen skill through the CLI and the server."""
    packs_root = os.path.abspath(a.packs)
    runners = {}
    skills = []
    for pack in find_packs(packs_root):
        r = Runner(os.path.abspath(a.skillctl), a.fixtures, a.corpus, os.path.join(a.work, "packs", pack), a.out,
                   cli_prefix="packs/%s/" % pack, http_prefix="packs/%s/" % pack, packs=packs_root)
        runners[pack] = r
        # Refusals (today's rules turn down many real skills) are compared too.
        r.cli("_publish", "publish", "--skip-invalid", "--version", "1.0.0", "--json", os.path.join(packs_root, pack))
        p = r.cli("_ls-json", "ls", "--json")
        try:
            names = sorted(s["name"] for s in json.loads(p.stdout))
        except (ValueError, KeyError, TypeError):
            names = []  # the differing ls output is itself reported
        skills += [(pack, n) for n in names]
    chosen = spread(skills, a.packs_limit)
    print("differential: %d real packs, %d skills published, per-skill checks on %d (--packs-limit %d)"
          % (len(runners), len(skills), len(chosen), a.packs_limit), file=sys.stderr)
    for pack, r in runners.items():
        mine = [n for p, n in chosen if p == pack]
        files = {}
        for n in mine:
            for check, args in [("get", ["get", n]), ("get-raw", ["get", n, "--raw"]),
                                ("versions-json", ["versions", n, "--json"]), ("rules", ["rules", n]),
                                ("claims-json", ["claims", n, "--json"]), ("links-json", ["links", n, "--json"]),
                                ("provenance", ["provenance", n]), ("check-json", ["check", n, "--json"])]:
                r.cli("%s/%s" % (n, check), *args)
            p = r.cli(n + "/get-json", "get", n, "--json")
            try:
                meta = json.loads(p.stdout)
                files[n] = [meta["manifest"]] + [(f["path"], f["id"]) for f in meta["files"]]
            except (ValueError, KeyError, TypeError):
                files[n] = []
        r.cli("_fsck", "fsck")
        for n, args in PACK_SEARCHES:
            r.cli("_search-" + n, "search", *args)
        r.start_server()
        r.request("_http-skills", "GET", "/api/v1/skills")
        for n, q in PACK_HTTP_SEARCHES:
            r.request("_http-search-" + n, "GET", "/api/v1/search?" + q)
        for n in mine:
            r.request(n + "/http-skill-text", "GET", "/api/v1/skills/" + n)
            r.request(n + "/http-skill-json", "GET", "/api/v1/skills/" + n, {"Accept": "application/json"})
            if files[n]:
                r.request(n + "/http-manifest", "GET", "/api/v1/blob/" + files[n][0])
            for path, blob in files[n][1:]:
                r.request("%s/http-blob/%s" % (n, path), "GET", "/api/v1/blob/" + blob)
        r.stop_server("_serve-output")


# --- comparing ----------------------------------------------------------------


def listing(root):
    out = []
    for d, _, files in os.walk(root):
        out += [os.path.relpath(os.path.join(d, f), root) for f in files]
    return sorted(out)


def compare(a):
    # A name with "*" is a pattern (fnmatch, "*" also spans "/"): for the
    # real packs, where one intended change (a skill accepted that was
    # refused) moves every check of that pack. An exact name wins.
    expected, patterns = {}, {}
    if a.expected and os.path.exists(a.expected):
        with open(a.expected, encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    name, _, reason = line.rstrip("\n").partition("\t")
                    (patterns if "*" in name else expected)[name.strip()] = reason.strip()
    matched = set()

    def reason_for(name):
        if name in expected:
            matched.add(name)
            return expected[name]
        for pattern, reason in patterns.items():
            if fnmatch.fnmatchcase(name, pattern):
                matched.add(pattern)
                return reason
        return None

    old, new = set(listing(a.old)), set(listing(a.new))
    identical, differ, allowed = [], [], []
    for name in sorted(old | new):
        read = lambda root: open(os.path.join(root, name), "rb").read() if name in (old if root == a.old else new) else None
        x, y = read(a.old), read(a.new)
        if x == y:
            identical.append(name)
            continue
        reason = reason_for(name)
        (allowed if reason is not None else differ).append(name)
        label = "EXPECTED (%s)" % reason if reason is not None else "DIFFERS"
        print("=== %s: %s" % (name, label))
        if x is None or y is None:
            print("    only in the %s run" % ("new" if x is None else "old"))
            continue
        lines = difflib.unified_diff(x.decode("utf-8", "replace").splitlines(True),
                                     y.decode("utf-8", "replace").splitlines(True),
                                     "old/" + name, "new/" + name, n=2)
        for i, line in enumerate(lines):
            if i == 200:
                print("    ... (diff cut at 200 lines; both files are kept)")
                break
            sys.stdout.write(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    for name in sorted(set(expected) - matched):
        print("note: %s is in the allowlist but came out identical" % name)
    for pattern in sorted(set(patterns) - matched):
        print("note: the allowlist pattern %s matched no differing check" % pattern)
    total = len(identical) + len(differ) + len(allowed)
    print("differential: %d checks, %d identical, %d differ (%d expected, %d unexpected)"
          % (total, len(identical), len(differ) + len(allowed), len(allowed), len(differ)))
    in_packs = lambda names: len([n for n in names if n.startswith("packs/")])
    if in_packs(identical + differ + allowed):
        print("differential: of which real packs: %d checks, %d identical, %d differ (%d expected, %d unexpected)"
              % (in_packs(identical + differ + allowed), in_packs(identical), in_packs(differ + allowed),
                 in_packs(allowed), in_packs(differ)))
    return 1 if differ else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    f = sub.add_parser("fixtures")
    f.add_argument("--out", required=True)
    f.add_argument("--corpus", required=True)
    f.add_argument("--seeds", default="")
    r = sub.add_parser("run")
    for opt in ["--skillctl", "--fixtures", "--corpus", "--work", "--out"]:
        r.add_argument(opt, required=True)
    r.add_argument("--packs", help="a folder of real skill packs, one subfolder each")
    r.add_argument("--packs-limit", type=int, default=300, help="at most this many skills get per-skill checks")
    k = sub.add_parser("packs", help="list the pack folders in DIR, one a line")
    k.add_argument("dir")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    c.add_argument("--expected")
    a = ap.parse_args()
    if a.what == "fixtures":
        make_fixtures(a.out, a.corpus, a.seeds)
    elif a.what == "run":
        run(a)
    elif a.what == "packs":
        for pack in find_packs(a.dir):
            print(pack)
    else:
        sys.exit(compare(a))


if __name__ == "__main__":
    main()
