"""Mutation testing of the rule modules: does the fast rules selection catch a wrong rule?

Standard library only. Each mutant changes one node of one rule module (parsed with :mod:`ast`):

``compare``   a comparison swapped (``<`` and ``<=``, ``>`` and ``>=``, ``==`` and ``!=``, ``is`` and ``is not``,
              ``in`` and ``not in``);
``boolean``   ``and`` and ``or`` swapped, ``True`` and ``False`` swapped, a ``not`` dropped;
``constant``  an integer constant moved by one (up or down);
``drop``      a statement of a function body replaced by ``pass``;
``return``    an early return: a function returns at once (``None``, or ``True``/``False`` for a ``-> bool``).

Docstrings, annotations, ``__all__`` and the text of error messages (f-strings) are never mutated. The mutants are
sampled with a seed; each is written into a temporary copy of ``src/`` and the fast rules selection (``FAST`` below,
also ``tools/mutate.py --list-fast``) runs against it, in a subprocess with a timeout. A mutant is *killed* when a
test fails (or the run times out, or the package no longer imports), and *survives* when the selection passes.
Known equivalent mutants (argued in ``tools/mutation-equivalents.json``) are reported apart and not run. An entry
matches a mutant by module, operator and ``change`` (the mutant's changed lines, as its diff shows them), never by
its id alone: an id is a position in the module's list of sites, which any edit of the module shifts, and an id that
now names another mutant must not take the old one's argument. An entry whose change no longer occurs (the code was
edited), or occurs at two sites of the module, matches nothing, and the mutant runs again (``--check-equivalents``
lists those entries, and the current id of each entry that moved); an entry with ``"every_site": true`` argues
for every site of the module with that change.

Usage (from the repository root; the machine is shared, so one worker, niced)::

    nice .venv/bin/python tools/mutate.py --sample 200 --seed 17 --out /tmp/mutation
    .venv/bin/python tools/mutate.py --list --module flor.py      # the mutants, without running them
    .venv/bin/python tools/mutate.py --show _engine/flor.py:constant:12   # one mutant's diff
    .venv/bin/python tools/mutate.py --ids _engine/flor.py:compare:3,_engine/truco.py:drop:7 --out /tmp/some
    nice .venv/bin/python tools/mutate.py --again /tmp/mutation/mutation.json --seed 17 --out /tmp/after  # survivors
    nice .venv/bin/python tools/mutate.py --sample 200 --seed 17 --out /tmp/mutation --resume  # after a stop
    .venv/bin/python tools/mutate.py --check-equivalents   # the entries that match no mutant, or moved
    .venv/bin/python tools/mutate.py --equivalent _engine/flor.py:constant:4 --why "..."  # an entry to paste in
    # (--again reruns the survivors of a previous run; --seed: that run's seed, which the summary names)

The results go to ``<out>/mutation.json`` (one entry per mutant, written as the run goes, so an interrupted run
keeps what it did) and ``<out>/mutation.md`` (the summary by operator and by module, and the survivors' diffs).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pytruco"
EQUIVALENTS = ROOT / "tools" / "mutation-equivalents.json"

MODULES = (
    "_engine/envido.py",
    "_engine/flor.py",
    "_engine/truco.py",
    "_engine/tricks.py",
    "_engine/scoring.py",
    "_engine/mazo.py",
    "_engine/declarations.py",
    "_engine/deal.py",
    "_engine/match.py",
    "_engine/timeout.py",
    "_engine/awaiting.py",
    "rules.py",
    "cards.py",
)
"""The rule modules (the engine's rule families and the contract's values)."""

FAST = (
    "tests/test_conformance.py",
    "tests/test_golden.py",
    "tests/test_perft.py",
    "tests/test_rules.py",
    "tests/test_cards.py",
    "tests/test_envido.py",
    "tests/test_flor.py",
    "tests/test_truco.py",
    "tests/test_tricks.py",
    "tests/test_scoring.py",
    "tests/test_mazo.py",
    "tests/test_pica.py",
    "tests/test_rps.py",
    "tests/test_teams.py",
    "tests/test_refusals.py",
    "tests/test_decisions.py",
    "tests/test_regressions.py",
    "tests/test_records.py",
    "tests/test_metamorphic.py",
)
"""The fast rules selection: conformance vectors, goldens, perft, the rule families' tests, refusals."""

OPERATORS = ("compare", "boolean", "constant", "drop", "return")

_SWAP_COMPARE: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}


@dataclass(frozen=True)
class Site:
    """One place a mutant can change: the node's path in the tree and what the change is."""

    module: str
    operator: str
    index: int
    line: int
    description: str

    @property
    def id(self) -> str:
        return f"{self.module}:{self.operator}:{self.index}"


def _skipped_ids(tree: ast.Module) -> set[int]:
    """Nodes never mutated: docstrings, annotations, ``__all__``, f-strings and their parts."""
    skip: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is None:
            return
        for sub in ast.walk(node):
            skip.add(id(sub))

    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            mark(node.returns)
            for arg in [*node.args.args, *node.args.kwonlyargs, *node.args.posonlyargs]:
                mark(arg.annotation)
        if isinstance(node, ast.AnnAssign):
            mark(node.annotation)
        if isinstance(node, ast.JoinedStr):
            mark(node)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            mark(node)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                mark(body[0])
        # A string after an assignment documents it (attrs fields, module constants).
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            mark(node)
    return skip


def _is_docstring_or_pass(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Pass):
        return True
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _returns_bool(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return isinstance(func.returns, ast.Name) and func.returns.id == "bool"


def _returns_value(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    if func.returns is None:
        return False
    return not (isinstance(func.returns, ast.Constant) and func.returns.value is None)


def _walk_sites(tree: ast.Module) -> Iterator[tuple[str, ast.AST, str, object]]:
    """(operator, node, description, variant) for every mutation site, in a fixed order."""
    skip = _skipped_ids(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for position, op in enumerate(node.ops):
                swapped = _SWAP_COMPARE.get(type(op))
                if swapped is not None:
                    yield "compare", node, f"{type(op).__name__} -> {swapped.__name__}", position
        elif isinstance(node, ast.BoolOp):
            other = "Or" if isinstance(node.op, ast.And) else "And"
            yield "boolean", node, f"{type(node.op).__name__} -> {other}", None
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield "boolean", node, "drop not", None
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            yield "boolean", node, f"{node.value} -> {not node.value}", None
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield "constant", node, f"{node.value} -> {node.value + 1}", 1
            yield "constant", node, f"{node.value} -> {node.value - 1}", -1
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = [s for s in node.body if not _is_docstring_or_pass(s)]
            if body and not node.name.startswith("__"):
                if _returns_bool(node):
                    yield "return", node, f"{node.name} returns True at once", True
                    yield "return", node, f"{node.name} returns False at once", False
                elif not _returns_value(node):
                    yield "return", node, f"{node.name} returns at once", None
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.For, ast.While, ast.If, ast.With, ast.Try)):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if not block:
                    continue
                for position, stmt in enumerate(block):
                    if id(stmt) in skip or _is_docstring_or_pass(stmt):
                        continue
                    if isinstance(stmt, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise, ast.If)):
                        kind = type(stmt).__name__
                        yield "drop", node, f"drop {kind} at line {stmt.lineno}", (field, position)


def sites(module: str) -> list[Site]:
    """Every mutation site of *module* (a path below ``src/pytruco``, such as ``_engine/flor.py``)."""
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    counters: Counter[str] = Counter()
    out: list[Site] = []
    for operator, node, description, _variant in _walk_sites(tree):
        line = getattr(node, "lineno", 0)
        if operator == "drop" and description.startswith("drop "):
            line = int(description.rsplit(" ", 1)[1])
        out.append(Site(module, operator, counters[operator], line, description))
        counters[operator] += 1
    return out


def mutated_source(site: Site) -> str:
    """The source of ``site.module`` with the one change of *site*."""
    source = (PACKAGE / site.module).read_text(encoding="utf-8")
    tree = ast.parse(source)
    counters: Counter[str] = Counter()
    for operator, node, _description, variant in _walk_sites(tree):
        index = counters[operator]
        counters[operator] += 1
        if operator != site.operator or index != site.index:
            continue
        _apply(operator, node, variant)
        ast.fix_missing_locations(tree)
        return ast.unparse(tree) + "\n"
    raise LookupError(f"no mutant {site.id}")


def _apply(operator: str, node: ast.AST, variant: object) -> None:
    if operator == "compare":
        assert isinstance(node, ast.Compare) and isinstance(variant, int)
        node.ops[variant] = _SWAP_COMPARE[type(node.ops[variant])]()
    elif operator == "boolean":
        if isinstance(node, ast.BoolOp):
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        elif isinstance(node, ast.UnaryOp):
            # Replace the ``not x`` node by ``x``: rewrite in place as ``bool(x)`` would change types; ``(x)``
            # is what a forgotten ``not`` gives.
            operand = node.operand
            node.__class__ = ast.Call  # type: ignore[assignment]
            node.func = ast.Name(id="_mutant_identity", ctx=ast.Load())  # type: ignore[attr-defined]
            node.args = [operand]  # type: ignore[attr-defined]
            node.keywords = []  # type: ignore[attr-defined]
        else:
            assert isinstance(node, ast.Constant)
            node.value = not node.value
    elif operator == "constant":
        assert isinstance(node, ast.Constant) and isinstance(variant, int)
        node.value = node.value + variant
    elif operator == "return":
        assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        early = ast.Return(value=ast.Constant(value=variant))
        start = 1 if node.body and _is_docstring_or_pass(node.body[0]) else 0
        node.body.insert(start, early)
    elif operator == "drop":
        assert isinstance(variant, tuple)
        field, position = variant
        block = getattr(node, field)
        block[position] = ast.Pass()
    else:  # pragma: no cover
        raise ValueError(operator)


_IDENTITY = "\n\ndef _mutant_identity(value):\n    return value\n"


def _final_source(site: Site) -> str:
    text = mutated_source(site)
    if "_mutant_identity" in text:
        # Put the helper after the ``from __future__`` import (if any) so the module still compiles.
        lines = text.splitlines(keepends=True)
        at = next((i + 1 for i, line in enumerate(lines) if line.startswith("from __future__")), 0)
        text = "".join(lines[:at]) + _IDENTITY + "".join(lines[at:])
    return text


def diff(site: Site) -> str:
    """The mutant as a unified diff against the unparsed original (so formatting noise is not shown)."""
    original = ast.unparse(ast.parse((PACKAGE / site.module).read_text(encoding="utf-8"))) + "\n"
    mutated = mutated_source(site)
    lines = difflib.unified_diff(
        original.splitlines(keepends=True),
        mutated.splitlines(keepends=True),
        f"a/{site.module}",
        f"b/{site.module}",
        n=2,
    )
    return "".join(lines)


@dataclass
class Result:
    id: str
    module: str
    operator: str
    line: int
    description: str
    outcome: str  # killed, timeout, survived, equivalent, error
    seconds: float
    failed: str
    diff: str


def change(site: Site) -> str:
    """The mutant's changed lines (its diff's ``-`` and ``+`` lines, without the header and the context, which
    hold line numbers and neighbouring code): what an equivalent entry matches."""
    lines = diff(site).splitlines(keepends=True)
    return "".join(line for line in lines if line.startswith(("-", "+")) and not line.startswith(("---", "+++")))


Key = tuple[str, str, str, str]


def _key(site_id: str, description: str, text: str) -> Key:
    """Module, operator, description without its line number (a drop names its line) and change."""
    module, operator, _index = site_id.rsplit(":", 2)
    return (module, operator, description.split(" at line ", maxsplit=1)[0], text)


def _equivalents() -> dict[Key, str]:
    """The argued equivalent mutants, by :func:`_key`; an entry without a change matches nothing."""
    if not EQUIVALENTS.exists():
        return {}
    data = json.loads(EQUIVALENTS.read_text(encoding="utf-8"))
    return {
        _key(e["id"], e["description"], e["change"]): ("" if e.get("every_site") else "one:") + e["why"]
        for e in data
        if e.get("change")
    }


def _by_key(population: list[Site]) -> dict[Key, list[str]]:
    found: dict[Key, list[str]] = {}
    for site in population:
        found.setdefault(_key(site.id, site.description, change(site)), []).append(site.id)
    return found


def _lookup(equivalent: dict[Key, str], site: Site, by_key: dict[Key, list[str]]) -> str | None:
    """The argument for *site* being equivalent, or None; a change that two sites of the module share (the same
    line changed alike in two places) is ambiguous and taken for none."""
    key = _key(site.id, site.description, change(site))
    why = equivalent.get(key)
    if why is None:
        return None
    if why.startswith("one:"):
        return why[4:] if len(by_key[key]) == 1 else None
    return why


def check_equivalents(population: list[Site]) -> int:
    """Print each entry of the equivalents file that matches no current mutant, or whose id moved; 1 if any."""
    data = json.loads(EQUIVALENTS.read_text(encoding="utf-8"))
    by_key = _by_key(population)
    stale = 0
    for entry in data:
        found = by_key.get(_key(entry["id"], entry["description"], entry.get("change", "")), [])
        if entry["id"] in found and (len(found) == 1 or entry.get("every_site")):
            continue
        stale += 1
        where = "no change recorded" if not entry.get("change") else f"now at {', '.join(found) or 'no site'}"
        print(f"{entry['id']} ({entry['description']}): {where}")
    print(f"{len(data) - stale} of {len(data)} entries match their mutant", file=sys.stderr)
    return 1 if stale else 0


def _first_failure(output: str) -> str:
    for line in output.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return line[:300]
    tail = [line for line in output.splitlines() if line.strip()]
    return tail[-1][:300] if tail else ""


def _pytest(
    work: Path, tests: tuple[str, ...], timeout: float, python: str, *, stop: bool = True
) -> subprocess.CompletedProcess[str] | None:
    """Run *tests* in the copy at *work* (None when they time out)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(work / "src")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.setdefault("PYTRUCO_CONFORMANCE", str(ROOT.parent / "shared" / "conformance"))
    env["HYPOTHESIS_PROFILE"] = "ci"
    command = [python, "-m", "pytest", "-q", "-rfE", "-p", "no:cacheprovider", "--no-header", "-o", "addopts="]
    command += ["--import-mode=importlib", *(["-x"] if stop else []), *tests]
    try:
        return subprocess.run(command, cwd=work, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None


def _baseline(work: Path, tests: tuple[str, ...], timeout: float, python: str) -> tuple[tuple[str, ...], list[str]]:
    """The selection to run: *tests*, minus the tests that fail without any mutant (reported, never hidden)."""
    done = _pytest(work, ("--continue-on-collection-errors", *tests), timeout, python, stop=False)
    if done is None:
        raise SystemExit(f"mutate: the fast selection takes more than {timeout:.0f} s without a mutant")
    failing = [line.split(" ")[1] for line in done.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    selection = (*tests, *(f"--deselect={node}" for node in failing))
    again = _pytest(work, selection, timeout, python)
    if again is None or again.returncode != 0:
        output = "" if again is None else again.stdout[-3000:]
        raise SystemExit(f"mutate: the fast selection fails without a mutant:\n{output}")
    return selection, failing


def run_one(site: Site, work: Path, tests: tuple[str, ...], timeout: float, python: str) -> Result:
    """Write the mutant into the copy at *work*, run *tests* against it, and put the original back."""
    target = work / "src" / "pytruco" / site.module
    original = target.read_text(encoding="utf-8")
    text = _final_source(site)
    started = time.monotonic()
    try:
        target.write_text(text, encoding="utf-8")
        done = _pytest(work, tests, timeout, python)
        if done is None:
            outcome, failed = "timeout", f"no result within {timeout:.0f} s"
        elif done.returncode == 0:
            outcome, failed = "survived", ""
        elif done.returncode == 1:
            outcome, failed = "killed", _first_failure(done.stdout)
        else:
            outcome, failed = "error", _first_failure(done.stdout + done.stderr)
    finally:
        target.write_text(original, encoding="utf-8")
    return Result(
        site.id,
        site.module,
        site.operator,
        site.line,
        site.description,
        outcome,
        round(time.monotonic() - started, 2),
        failed,
        diff(site),
    )


def _copy_tree(work: Path) -> None:
    shutil.copytree(PACKAGE.parent, work / "src", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(ROOT / "tests", work / "tests", ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
    shutil.copy(ROOT / "pyproject.toml", work / "pyproject.toml")


def _check_isolation(work: Path, python: str) -> None:
    """The copy, not the editable install, is what the tests import."""
    env = dict(os.environ, PYTHONPATH=str(work / "src"))
    done = subprocess.run(
        [python, "-c", "import pytruco; print(pytruco.__file__)"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    where = Path(done.stdout.strip()).resolve()
    if not where.is_relative_to(work.resolve()):
        raise SystemExit(f"mutate: the tests would import {where}, not the copy in {work}")


def summary(results: list[Result], seed: int, sample: int, population: int) -> str:
    """The Markdown summary: totals, by operator, by module, then every survivor's diff."""
    out = [
        "# Mutation run of the rule modules",
        "",
        f"Seed {seed}; {len(results)} mutants run of {sample} sampled from {population} sites; "
        f"fast selection: {len(FAST)} test files.",
        "",
    ]
    counts = Counter(r.outcome for r in results)
    killed = counts["killed"] + counts["timeout"] + counts["error"]
    considered = len(results) - counts["equivalent"]
    score = 100.0 * killed / considered if considered else 100.0
    out += [
        f"- killed: {counts['killed']} (+ {counts['timeout']} timeouts, {counts['error']} import/collection errors)",
        f"- equivalent (argued in tools/mutation-equivalents.json): {counts['equivalent']}",
        f"- survived: {counts['survived']}",
        f"- **score: {killed}/{considered} non-equivalent mutants killed = {score:.1f}%**",
        "",
    ]
    for title, key in (("operator", "operator"), ("module", "module")):
        out += [
            f"## By {title}",
            "",
            f"| {title} | mutants | killed | equivalent | survived |",
            "|---|---|---|---|---|",
        ]
        groups = sorted({getattr(r, key) for r in results})
        for group in groups:
            rows = [r for r in results if getattr(r, key) == group]
            c = Counter(r.outcome for r in rows)
            dead = c["killed"] + c["timeout"] + c["error"]
            out.append(f"| {group} | {len(rows)} | {dead} | {c['equivalent']} | {c['survived']} |")
        out.append("")
    survivors = [r for r in results if r.outcome == "survived"]
    out += ["## Survivors", ""]
    if not survivors:
        out.append("None.")
    for r in survivors:
        out += [f"### {r.id} (line {r.line}: {r.description})", "", "```diff", r.diff.rstrip(), "```", ""]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--sample", type=int, default=200, help="how many mutants to draw (0: all)")
    parser.add_argument("--module", action="append", help="only these modules (repeatable)")
    parser.add_argument("--operator", action="append", choices=OPERATORS, help="only these operators")
    parser.add_argument("--ids", help="comma-separated mutant ids to run (instead of a sample)")
    parser.add_argument(
        "--again",
        type=Path,
        help="a previous mutation.json: run its survivors again (after new tests), keep its other results",
    )
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per mutant's test run")
    parser.add_argument(
        "--resume", action="store_true", help="keep the results already in <out>/mutation.json, run the rest"
    )
    parser.add_argument("--out", type=Path, default=Path("mutation-results"))
    parser.add_argument("--list", action="store_true", help="list the sampled mutants and stop")
    parser.add_argument("--list-fast", action="store_true", help="print the fast rules selection and stop")
    parser.add_argument("--show", help="print one mutant's diff and stop")
    parser.add_argument(
        "--summarize", type=Path, help="write the Markdown summary of a mutation.json (an interrupted run)"
    )
    parser.add_argument(
        "--check-equivalents", action="store_true", help="list the equivalent entries that match no mutant, and stop"
    )
    parser.add_argument("--equivalent", help="print the equivalents-file entry for this mutant id (with --why)")
    parser.add_argument("--why", default="", help="the argument that the --equivalent mutant is equivalent")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args(argv)

    if args.list_fast:
        print(" ".join(FAST))
        return 0
    if args.summarize:
        done = [Result(**entry) for entry in json.loads(args.summarize.read_text(encoding="utf-8"))]
        total = sum(len(sites(module)) for module in MODULES)
        text = summary(done, args.seed, len(done), total)
        args.summarize.with_suffix(".md").write_text(text, encoding="utf-8")
        print(text.split("## By operator")[0])
        return 0
    population = [site for module in args.module or MODULES for site in sites(module)]
    if args.operator:
        population = [s for s in population if s.operator in args.operator]
    by_id = {site.id: site for site in population}
    if args.show:
        print(diff(by_id[args.show]), end="")
        return 0
    if args.check_equivalents:
        return check_equivalents(population)
    if args.equivalent:
        site = by_id[args.equivalent]
        entry = {"id": site.id, "description": site.description, "line": site.line, "why": args.why}
        print(json.dumps({**entry, "change": change(site)}, indent=1, ensure_ascii=False))
        return 0
    kept: dict[str, Result] = {}
    if args.again:
        previous = [Result(**entry) for entry in json.loads(args.again.read_text(encoding="utf-8"))]
        chosen = [by_id[r.id] for r in previous if r.outcome in ("survived", "equivalent")]
        kept = {r.id: r for r in previous if r.outcome not in ("survived", "equivalent")}
        order = [r.id for r in previous]
    elif args.ids:
        chosen = [by_id[i] for i in args.ids.split(",") if i]
    else:
        rng = random.Random(args.seed)
        chosen = rng.sample(population, min(args.sample, len(population))) if args.sample else list(population)
    if args.list:
        for site in chosen:
            print(f"{site.id}\tline {site.line}\t{site.description}")
        print(f"{len(chosen)} of {len(population)} sites", file=sys.stderr)
        return 0

    equivalent = _equivalents()
    by_key = _by_key(population) if equivalent else {}
    fast = tuple(test for test in FAST if (ROOT / test).exists())
    args.out.mkdir(parents=True, exist_ok=True)
    results: list[Result] = []
    if args.resume and (args.out / "mutation.json").exists():
        done = {e["id"]: Result(**e) for e in json.loads((args.out / "mutation.json").read_text(encoding="utf-8"))}
        results = [done[site.id] for site in chosen if site.id in done]
        chosen = [site for site in chosen if site.id not in done]
        print(f"resume: {len(results)} results kept, {len(chosen)} mutants to run")
    with tempfile.TemporaryDirectory(prefix="pytruco-mutate-") as scratch:
        work = Path(scratch)
        _copy_tree(work)
        _check_isolation(work, args.python)
        started = time.monotonic()
        fast, deselected = _baseline(work, fast, args.timeout * 2, args.python)
        for node in deselected:
            print(f"baseline: deselected (fails without a mutant): {node}")
        print(f"baseline: the fast selection passes in {time.monotonic() - started:.1f} s")
        for number, site in enumerate(chosen, 1):
            why = _lookup(equivalent, site, by_key)
            if why is not None:
                result = Result(
                    site.id, site.module, site.operator, site.line, site.description, "equivalent", 0.0, why,
                    diff(site),
                )  # fmt: skip
            else:
                result = run_one(site, work, fast, args.timeout, args.python)
            results.append(result)
            print(f"[{number}/{len(chosen)}] {result.outcome:10} {site.id} ({site.description}) {result.seconds}s")
            sys.stdout.flush()
            (args.out / "mutation.json").write_text(
                json.dumps([asdict(r) for r in results], indent=1) + "\n", encoding="utf-8"
            )
    if args.again:
        fresh = {r.id: r for r in results}
        results = [fresh.get(i) or kept[i] for i in order]
        (args.out / "mutation.json").write_text(
            json.dumps([asdict(r) for r in results], indent=1) + "\n", encoding="utf-8"
        )
    text = summary(results, args.seed, len(results), len(population))
    (args.out / "mutation.md").write_text(text, encoding="utf-8")
    print(text.split("## By operator")[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
