#!/usr/bin/env python3
"""Writes THIRD-PARTY-NOTICES.md from what scripts/third-party-notices.sh
gathered in WORK (argument 1): cargo-about's JSON of the crates compiled into
`sheli`, `cargo tree` listings that say why each other crate of Cargo.lock is
not in the binary, the npm packages the UI bundle holds and
license-checker-rseidelsohn's JSON of them.

The file has two fenced lists the app's test reads (src-tauri/src/app/
about_commands.rs, `third_party_notices`): after `<!-- sheli:packages -->`,
every package in the binary, `crate|npm NAME@VERSION LICENCE-EXPRESSION`; after
`<!-- sheli:excluded -->`, every other crate of Cargo.lock and every
dependency of a bundled npm package the bundle does not hold,
`crate|npm NAME@VERSION REASON`. Each licence text is given once, with the
packages it covers (identical texts grouped, as cargo-about groups them).
"""
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

WORK = Path(sys.argv[1])
ROOT = Path(__file__).resolve().parent.parent
CARGO_ABOUT, LICENSE_CHECKER = sys.argv[2], sys.argv[3]

# The licence Sheli takes a package under when it offers a choice: the same
# order as `accepted` in scripts/about.toml.
PREFERENCE = [
    "MIT", "Apache-2.0", "Apache-2.0 WITH LLVM-exception", "BSD-2-Clause", "BSD-3-Clause",
    "ISC", "Zlib", "0BSD", "MIT-0", "CC0-1.0", "Unlicense", "Unicode-3.0", "MPL-2.0",
]
REASONS = {
    "macro": "compile time only: a dependency of a procedural macro (cargo-about leaves it out), "
    "whose code is not in the binary",
    "build": "compile time only: build scripts and the tauri build step",
    "platform": "other platforms only (Windows, macOS, Android, iOS, WebAssembly)",
    "dev": "Sheli's tests and benchmark only",
    "unused": "not built: an optional part that no feature Sheli uses turns on",
    "not-bundled": "a dependency of a bundled npm package whose code the bundle does not hold "
    "(Svelte's compiler, for instance)",
}


def tree(name):
    """`cargo tree --prefix none -f '{p}'` output as (name, version) pairs."""
    out = set()
    for line in (WORK / name).read_text().splitlines():
        m = re.match(r"(\S+) v(\S+)", line)
        if m:
            out.add((m[1], m[2]))
    return out


def lock_packages():
    text = (ROOT / "Cargo.lock").read_text()
    pkgs = set()
    for block in text.split("[[package]]")[1:]:
        name = re.search(r'^name = "([^"]+)"', block, re.M)[1]
        version = re.search(r'^version = "([^"]+)"', block, re.M)[1]
        if re.search(r"^source = ", block, re.M):  # the workspace's own crates have none
            pkgs.add((name, version))
    return pkgs


def normalise(text):
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines()).strip()


def choose(expression):
    """The licence a package is used under, from its SPDX expression."""
    ids = re.findall(r"[A-Za-z0-9.+-]+(?: WITH [A-Za-z0-9.-]+)?", expression or "")
    ids = [i for i in ids if i not in ("OR", "AND")]
    for p in PREFERENCE:
        if p in ids:
            return p
    return ids[0] if ids else "unknown"


def main():
    about = json.loads((WORK / "crates.json").read_text())
    # Crates in the binary, per cargo-about; the workspace's own crates left out.
    crates = {}
    for c in about["crates"]:
        p = c["package"]
        if p["source"] is None:
            continue
        crates[(p["name"], p["version"])] = p["license"] or c["license"] or "see its licence file"

    # Licence texts: text → {"id", "name", "packages"}.
    groups = {}
    for lic in about["licenses"]:
        used = [
            ("crate", u["crate"]["name"], u["crate"]["version"])
            for u in lic["used_by"]
            if (u["crate"]["name"], u["crate"]["version"]) in crates
        ]
        if not used:
            continue
        key = normalise(lic["text"])
        g = groups.setdefault(key, {"id": lic["id"], "name": lic["name"], "packages": set()})
        g["packages"].update(used)

    # npm packages in the bundle, with license-checker's licence and file,
    # grouped with the crates' texts (licences named as cargo-about names them).
    names = {lic["id"]: lic["name"] for lic in about["licenses"]}
    npm = {}
    checked = json.loads((WORK / "npm.json").read_text())
    for spec in (WORK / "npm-bundled.txt").read_text().split():
        name, version = spec.rsplit("@", 1)
        info = checked.get(spec)
        if info is None:
            sys.exit(f"license-checker did not report {spec}")
        expression = info["licenses"] if isinstance(info["licenses"], str) else " AND ".join(info["licenses"])
        npm[(name, version)] = expression
        text = Path(info["licenseFile"]).read_text(encoding="utf-8")
        key = normalise(text)
        chosen = choose(expression)
        g = groups.setdefault(key, {"id": chosen, "name": names.get(chosen, chosen), "packages": set()})
        g["packages"].add(("npm", name, version))

    missing_text = [k for k in list(crates) if not any(("crate", *k) in g["packages"] for g in groups.values())]
    missing_text += [k for k in npm if not any(("npm", *k) in g["packages"] for g in groups.values())]
    if missing_text:
        sys.exit(f"no licence text found for {missing_text}")

    # Why each other crate of Cargo.lock is not in the binary.
    normal, build, platform, workspace = (tree(n) for n in ("tree-normal.txt", "tree-build.txt",
                                                             "tree-platform.txt", "tree-workspace.txt"))
    excluded = {}
    for pkg in sorted(lock_packages() - set(crates)):
        excluded[pkg] = ("macro" if pkg in normal else "build" if pkg in build else
                         "platform" if pkg in platform else "dev" if pkg in workspace else "unused")

    # npm: every dependency (by ui/package-lock.json) of a bundled package that
    # the bundle does not hold.
    lock = json.loads((ROOT / "ui/package-lock.json").read_text())["packages"]
    by_path = {path: (path.rsplit("node_modules/", 1)[1], v["version"]) for path, v in lock.items() if path}

    def resolve(frm, dep):
        base = frm
        while True:
            cand = f"{base}/node_modules/{dep}" if base else f"node_modules/{dep}"
            if cand in lock:
                return cand
            if not base:
                return None
            base = base.rsplit("/node_modules/", 1)[0] if "/node_modules/" in base else ""

    npm_excluded = {}
    todo = [path for path, pv in by_path.items() if pv in npm]
    seen = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        entry = lock[path]
        for dep in {**entry.get("dependencies", {}), **entry.get("optionalDependencies", {})}:
            target = resolve(path, dep)
            if target is None:
                continue  # an optional dependency not installed on this platform
            if by_path[target] not in npm:
                npm_excluded[by_path[target]] = "not-bundled"
            todo.append(target)

    per_licence = defaultdict(set)
    for g in groups.values():
        for p in g["packages"]:
            per_licence[(g["name"], g["id"])].add(p)

    out = []
    w = out.append
    w("# Third-party notices\n")
    w(f"The `sheli` binary (the app and its command line, `/usr/bin/sheli`) holds Sheli's own code\n"
      f"(MIT OR Apache-2.0) and the software of others listed here: **{len(crates)} Rust crates**\n"
      f"compiled into it and **{len(npm)} npm packages** whose code is in the web UI it embeds.\n"
      f"Each licence text is given once, with the packages it covers; a package that offers a\n"
      f"choice (MIT OR Apache-2.0) is listed under the licence Sheli takes it under. The texts\n"
      f"and data tables the app embeds are listed in its About view and in\n"
      f"`/usr/share/doc/sheli/copyright`.\n")
    w(f"Generated by `scripts/third-party-notices.sh` (cargo-about {CARGO_ABOUT},\n"
      f"license-checker-rseidelsohn {LICENSE_CHECKER}) from `Cargo.lock` and `ui/package-lock.json`:\n"
      f"do not edit it by hand. The test `third_party_notices` (`src-tauri/src/app/about_commands.rs`)\n"
      f"fails when a dependency changes until the script is run again.\n")
    w("## Licences\n")
    w("| Licence | Packages |\n|---|---|")
    for (name, ident), pkgs in sorted(per_licence.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        w(f"| {name} ({ident}) | {len(pkgs)} |")
    w("")
    w("## Packages in the binary\n")
    w("`crate` or `npm`, name@version, the licence as the package declares it.\n")
    w("<!-- sheli:packages -->\n```text")
    for (n, v), e in sorted(crates.items()):
        w(f"crate {n}@{v} {e}")
    for (n, v), e in sorted(npm.items()):
        w(f"npm {n}@{v} {e}")
    w("```\n")
    w("## Not in the binary\n")
    w("The other crates of `Cargo.lock`, and the dependencies of the bundled npm packages that the\n"
      "bundle does not hold, each with the reason:\n")
    for k, v in REASONS.items():
        w(f"- `{k}`: {v}")
    w("\n<!-- sheli:excluded -->\n```text")
    for (n, v), r in sorted(excluded.items()):
        w(f"crate {n}@{v} {r}")
    for (n, v), r in sorted(npm_excluded.items()):
        w(f"npm {n}@{v} {r}")
    w("```\n")
    w("## Licence texts\n")
    ordered = sorted(groups.items(), key=lambda kv: (kv[1]["id"], sorted(kv[1]["packages"])[0][1:]))
    for i, (text, g) in enumerate(ordered, 1):
        names = ", ".join(f"{n}@{v}" for _, n, v in sorted(g["packages"], key=lambda p: (p[1], p[2])))
        w(f"### {i}. {g['name']} ({g['id']})\n")
        w(f"Used by: {names}.\n")
        fence = "~~~~"
        assert fence not in text
        w(f"{fence}text\n{text}\n{fence}\n")
    text = "\n".join(out)
    # The binary embeds this file, and lintian takes "deflate" or "inflate"
    # followed by a version for a copy of zlib (embedded-library): names and
    # versions are joined by "@", and a licence text saying so would stop here.
    clash = re.search(r"(?<!4 )(?:in|de)flate \d", text)
    if clash:
        sys.exit(f"the notices would look like an embedded zlib to lintian: {text[clash.start() - 40:clash.end() + 20]!r}")
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
