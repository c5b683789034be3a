"""The porting report as one self-contained HTML file: inline CSS and SVG, no script, no network.

A Content-Security-Policy meta tag forbids every fetch, so the file renders the same
offline, from a CI artifact or an e-mail attachment. Charts: a readiness gauge, a
compile-coverage gauge (SVG), and bars as HTML rows (findings by category and family, a
per-file heat list, the modules that lose coverage), so long paths wrap instead of being cut.
Rule codes link to the rules' documentation at the end of the file; locations link to the
source (``Links``).
"""

from __future__ import annotations

import math
import re
from html import escape

from neuron_migrate.commands import plural
from neuron_migrate.report import entries, porting
from neuron_migrate.scopes import PRODUCT

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
COLOURS = {"error": "#d1242f", "warning": "#d4a72c", "info": "#6e9bd1"}
VERDICT = {"blocked": "#d1242f", "needs work": "#bf8700", "ready after fix": "#1a7f37"}
LIST_LIMIT = 200  # rows per table; a longer list ends with "… and N more"
HEAT_LIMIT = 25
CATEGORY_LIMIT = 20

CSS = """
:root { --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --bg:#f6f8fa; --card:#fff; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
       color:var(--fg); background:var(--bg); }
main { max-width:1120px; margin:0 auto; padding:28px 24px 48px; }
header h1 { font-size:24px; margin:0 0 2px; }
header p { margin:0; color:var(--muted); }
h2 { font-size:17px; margin:0 0 12px; }
h3 { font-size:14px; margin:18px 0 8px; }
section, .card { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:18px 20px; }
section { margin-top:18px; }
.cards { display:grid; grid-template-columns: 1fr 1fr 1.35fr; gap:18px; margin-top:20px; }
.card h2 { font-size:13px; text-transform:uppercase; letter-spacing:.04em; color:var(--muted); }
.gauge { display:block; margin:0 auto; }
.verdict { text-align:center; font-weight:600; margin-top:4px; }
.note { color:var(--muted); font-size:12px; margin:8px 0 0; }
.stats { display:grid; grid-template-columns:1fr 1fr; gap:10px 18px; }
.stat b { display:block; font-size:22px; line-height:1.2; }
.stat span { color:var(--muted); font-size:12px; }
.grid2 { display:grid; grid-template-columns:1fr 1fr; gap:18px; margin-top:18px; }
.grid2 section { margin-top:0; }
table { border-collapse:collapse; width:100%; font-size:13px; }
th, td { text-align:left; padding:5px 8px; border-bottom:1px solid var(--line); vertical-align:top; }
th { color:var(--muted); font-weight:600; font-size:12px; white-space:nowrap; }
td.num, th.num { text-align:right; font-variant-numeric:tabular-nums; }
code { font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace; background:#eff2f5;
       padding:1px 4px; border-radius:4px; overflow-wrap:anywhere; }
.nowrap { white-space:nowrap; overflow-wrap:normal; }
section, .card, td, .note { overflow-wrap:anywhere; }
.sev, .status, .fix-safe, .fix-unsafe, .fix-none { white-space:nowrap; overflow-wrap:normal; }
.sev { display:inline-block; min-width:58px; padding:0 6px; border-radius:9px; font-size:11px;
       font-weight:600; color:#fff; text-align:center; }
.sev.error { background:#d1242f; } .sev.warning { background:#bf8700; } .sev.info { background:#6e9bd1; }
.fix-safe { color:#1a7f37; font-weight:600; } .fix-unsafe { color:#8250df; font-weight:600; }
.fix-none { color:var(--muted); }
.status { display:inline-block; padding:0 6px; border-radius:9px; font-size:11px; font-weight:600; border:1px solid; }
.status.unsupported { color:#d1242f; } .status.cpu_fallback { color:#9a6700; }
.status.unknown { color:#59636e; border-style:dashed; } .status.native { color:#1a7f37; }
.legend { display:flex; gap:14px; font-size:12px; color:var(--muted); margin-bottom:6px; }
.legend i { display:inline-block; width:10px; height:10px; border-radius:2px; margin-right:4px; vertical-align:-1px; }
ol.steps { margin:0; padding-left:22px; } ol.steps li { margin:6px 0; }
.empty { color:var(--muted); font-style:italic; margin:0; }
details summary { cursor:pointer; font-weight:600; }
.more { color:var(--muted); font-size:12px; margin:6px 0 0; }
footer { color:var(--muted); font-size:12px; margin-top:22px; }
a { color:#0969da; text-decoration:none; } a:hover { text-decoration:underline; }
.scroll { overflow-x:auto; max-width:100%; }
.card { min-width:0; }
code.rule { white-space:nowrap; }
code.path { overflow-wrap:anywhere; background:none; padding:0; }
td.small, .small { font-size:12px; color:var(--muted); }
.center { text-align:center; }
details.all { display:inline; } details.all summary { display:inline; font-weight:normal; color:#0969da; font-size:12px; }
ul.locs { margin:4px 0; padding-left:18px; columns:2; font-size:12px; }
ul.blockers, ul.kinds { margin:4px 0 0; padding-left:18px; font-size:12px; }
section > details { margin-top:12px; }
.bars { display:grid; gap:4px; }
.bar-row { display:grid; grid-template-columns:minmax(0,1.4fr) minmax(0,1fr) 44px; gap:8px; align-items:center; font-size:12px; }
.track { display:flex; height:14px; background:#eef1f4; border-radius:2px; overflow:hidden; }
.seg { display:block; height:100%; } .seg.error { background:#d1242f; } .seg.warning { background:#d4a72c; }
.seg.info { background:#6e9bd1; }
.bar-row .num { color:var(--muted); text-align:right; font-variant-numeric:tabular-nums; }
.grid2.inner { margin-top:0; }
.rule-doc { border-top:1px solid var(--line); padding-top:8px; margin-top:8px; }
.rule-doc:target { background:#fff8c5; }
.ex { display:grid; grid-template-columns:minmax(0,1fr) minmax(0,1fr); gap:12px; }
pre { background:#f6f8fa; padding:8px; border-radius:6px; overflow-x:auto; font-size:12px; margin:4px 0; }
@media (max-width: 860px) { .cards, .grid2 { grid-template-columns:1fr; } }
@media print { body { background:#fff; } section, .card { break-inside:avoid; } }
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _md(text: object) -> str:
    """Escaped text with `backtick spans` as <code>, as the Markdown report writes them."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", _e(text))


def _count(n: int) -> str:
    return f" ({n})" if n else ""


def _share_colour(share: float | None) -> str:
    if share is None:
        return "#8c959f"
    return "#1a7f37" if share >= 0.8 else "#bf8700" if share >= 0.5 else "#d1242f"


# -- charts ----------------------------------------------------------------------

def gauge(share: float | None, colour: str, label: str, caption: str) -> str:
    """A half-circle gauge: the arc fills to ``share`` (0-1); None draws an empty, dashed arc."""
    w, h, r, stroke = 220, 128, 88, 18
    cx, cy = w / 2, 108
    arc = f"M {cx - r} {cy} A {r} {r} 0 0 1 {cx + r} {cy}"
    length = math.pi * r
    parts = [f'<svg class="gauge" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" '
             f'aria-label="{_e(caption)}: {_e(label)}">',
             f'<path d="{arc}" fill="none" stroke="#e6eaef" stroke-width="{stroke}" stroke-linecap="round"/>']
    if share is None:
        parts.append(f'<path d="{arc}" fill="none" stroke="#c4cbd3" stroke-width="2" stroke-dasharray="5 5"/>')
    elif share > 0:
        filled = max(0.0, min(1.0, share)) * length
        parts.append(f'<path d="{arc}" fill="none" stroke="{colour}" stroke-width="{stroke}" '
                     f'stroke-linecap="round" stroke-dasharray="{filled:.1f} {length:.1f}"/>')
    parts.append(f'<text x="{cx}" y="{cy - 14}" text-anchor="middle" font-size="30" font-weight="700" '
                 f'fill="#1f2328">{_e(label)}</text>')
    parts.append(f'<text x="{cx - r}" y="{cy + 16}" text-anchor="middle" font-size="10" fill="#59636e">0</text>'
                 f'<text x="{cx + r}" y="{cy + 16}" text-anchor="middle" font-size="10" fill="#59636e">100</text>')
    parts.append("</svg>")
    return "".join(parts)


def bar_list(rows: list[tuple[str, str, dict[str, int] | float | None]], css_class: str = "") -> str:
    """Bars as HTML rows, the label (a path) wrapping in full rather than cut: ``(label, href, value)``
    where value is severity counts (stacked) or a share 0-1."""
    if not rows:
        return '<p class="empty">None.</p>'
    biggest = max((sum(v.values()) for _, _, v in rows if isinstance(v, dict)), default=1) or 1
    out = [f'<div class="bars {css_class}">']
    for label, href, value in rows:
        name = f'<a href="{_e(href)}">{_e(label)}</a>' if href else _e(label)
        if isinstance(value, dict):
            segs = "".join(f'<i class="seg {sev}" style="width:{100 * value[sev] / biggest:.2f}%" '
                           f'title="{value[sev]} {sev}"></i>' for sev in porting.SEVERITIES if value.get(sev))
            total = str(sum(value.values()))
        else:
            segs = ("" if not value else f'<i class="seg" style="width:{100 * min(value, 1):.2f}%;'
                    f'background:{_share_colour(value)}"></i>')
            total = porting.percent(value)
        out.append(f'<div class="bar-row"><code class="path">{name}</code><span class="track">{segs}</span>'
                   f'<span class="num">{total}</span></div>')
    return "".join(out) + "</div>"


def legend() -> str:
    return '<div class="legend">' + "".join(
        f'<span><i style="background:{COLOURS[s]}"></i>{s}</span>' for s in porting.SEVERITIES) + "</div>"


# -- links -----------------------------------------------------------------------

def rule_link(code: str, rules: dict) -> str:
    """A rule code linking to its documentation at the end of the report (offline, in the file)."""
    inner = f'<code class="rule">{_e(code)}</code>'
    return f'<a href="#rule-{_e(code.lower())}">{inner}</a>' if code in rules else inner


class Links:
    """Where a location links: ``relative`` (a path from the report's folder to the file),
    ``vscode`` (vscode://file/ABSOLUTE:LINE, opens the line in VS Code) or ``none``."""

    STYLES = ("relative", "vscode", "none")

    def __init__(self, style: str = "none", root: str | None = None, report_dir: str | None = None):
        self.style = style if root else "none"
        self.root, self.report_dir = root, report_dir

    def href(self, location: str) -> str | None:
        import os
        from pathlib import Path
        from urllib.parse import quote

        if self.style == "none":
            return None
        path, _, rest = location.partition(":")
        line = rest.split(":")[-1].replace("line ", "") if rest else ""
        from neuron_migrate.discover import source_file

        full = source_file(self.root, path)  # its bytes, percent-encoded
        if self.style == "vscode":
            return f"vscode://file{quote(os.fsencode(full.absolute().as_posix()))}" + (
                f":{line}" if line.isdigit() else "")
        rel = os.path.relpath(full.absolute(), Path(self.report_dir or ".").absolute())
        return quote(os.fsencode(Path(rel).as_posix())) + (f"#L{line}" if line.isdigit() else "")


def loc_link(location: str, links: Links, title: str = "") -> str:
    href = links.href(location)
    tip = f' title="{_e(title)}"' if title else ""
    inner = f'<code class="loc"{tip}>{_e(location)}</code>'
    return f'<a href="{_e(href)}">{inner}</a>' if href else inner


def locations(locs: list[str], links: Links, shown: int = 3, details: list[str] | None = None) -> str:
    """The first locations, and all of them on demand (a <details> list)."""
    titles = details or [""] * len(locs)
    head = ", ".join(loc_link(loc, links, t) for loc, t in zip(locs[:shown], titles))
    if len(locs) <= shown:
        return head
    every = "".join(f"<li>{loc_link(loc, links)}{(' ' + _md(t)) if t else ''}</li>"
                    for loc, t in zip(locs, titles))
    return (f'{head}<details class="all"><summary>all {len(locs)}</summary>'
            f'<ul class="locs">{every}</ul></details>')


# -- tables ----------------------------------------------------------------------

def _rows_limited(rows: list[str], limit: int = LIST_LIMIT) -> tuple[str, str]:
    more = f'<p class="more">… and {len(rows) - limit} more</p>' if len(rows) > limit else ""
    return "".join(rows[:limit]), more


def _table(head: str, body: str, more: str = "") -> str:
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{more}'


def _scopes_cell(scopes: dict) -> str:
    return _e(porting.in_scopes(scopes))


def group_table(groups: list[dict], rules: dict, links: Links) -> str:
    rows = []
    for g in groups:
        rows.append(f'<tr><td class="nowrap">{rule_link(g["code"], rules)}</td>'
                    f'<td><span class="sev {_e(g["severity"])}">{_e(g["severity"])}</span></td>'
                    f'<td>{_md(g["message"])}</td>'
                    f'<td class="num">{g["count"]}</td><td class="small">{_scopes_cell(g.get("scopes", {}))}</td>'
                    f'<td>{locations(g["locations"], links, details=g.get("details") or None)}</td>'
                    f'<td class="fix-{_e(g["fix"])}">{_e(g["fix"])}</td></tr>')
    body, more = _rows_limited(rows)
    return _table('<th>rule</th><th>severity</th><th>finding</th><th class="num">count</th><th>scopes</th>'
                  '<th>where</th><th>fix</th>', body, more)


def operator_table(ops: list[dict], links: Links) -> str:
    rows = []
    for o in ops:
        alt = f'<br><span class="more">instead: {_md(o["alternative"])}</span>' if o["alternative"] else ""
        note = f'{_md(o["note"])}{alt}<br>' if o["note"] or alt else ""
        rows.append(f'<tr><td class="nowrap"><code>{_e(o["operator"])}</code></td>'
                    f'<td class="nowrap"><span class="status {_e(o["status"])}">{_e(o["label"])}</span></td>'
                    f'<td class="num">{o["count"]}</td><td>{locations(o["locations"], links)}</td>'
                    f'<td>{note}<span class="more">source: {_md(o["source"])}</span></td></tr>')
    body, more = _rows_limited(rows)
    return _table('<th>operator</th><th>status</th><th class="num">uses</th><th>where</th>'
                  '<th>what the table says</th>', body, more)


def operators_section(ops: list[dict], links: Links) -> str:
    """Operators with a known status as a table; the unverified ones once, as a list with counts
    and the command that resolves them (their rows on demand)."""
    known = [o for o in ops if o["status"] != "unknown"]
    unknown = [o for o in ops if o["status"] == "unknown"]
    out = "<h3>Operators by status (library and scripts)</h3>"
    out += operator_table(known, links) if known else '<p class="empty">No unsupported or CPU-fallback operator.</p>'
    if unknown:
        listed = ", ".join(f'<code>{_e(o["operator"])}</code>' + (f' ×{o["count"]}' if o["count"] > 1 else "")
                           for o in unknown)
        out += (f'<h3>Unverified: {plural(len(unknown), "operator")}, {plural(sum(o["count"] for o in unknown), "use")}</h3>'
                f'<p class="note">No public source gives their Neuron status; without a Neuron kernel eager mode '
                f'runs them on the CPU. Check each with <code>neuron-migrate ops NAME</code>, or run them once on a '
                f'Trainium host: {listed}.</p><details><summary>Where each is used</summary>'
                f'{operator_table(unknown, links)}</details>')
    return out


def _hours(low: float, high: float) -> str:
    return f"{_h(low)}–{_h(high)} h"


def _h(hours: float) -> str:
    """Hours as a planner writes them: whole hours from 10 up, at most two decimals below."""
    return f"{hours:.0f}" if hours >= 10 else f"{round(hours, 2):g}"


def effort_section(eff: dict, links: Links) -> str:
    kinds = eff["kinds"]
    rows = []
    for item in eff["work_items"]:
        where = "product" if item["scope"] == "product" else item["scope"]
        if item["optional"]:
            where += ", optional path"
        rows.append(f'<tr><td>{_md(item["title"])}</td><td class="small">{_e(kinds[item["kind"]]["title"])}</td>'
                    f'<td class="small">{_e(where)}</td><td class="num">{item["sites"]}</td>'
                    f'<td class="num nowrap">{_hours(item["low"], item["high"])}</td>'
                    f'<td>{locations(item["locations"], links, shown=2)}</td></tr>')
    body, more = _rows_limited(rows)
    by_kind = "".join(f'<tr><td>{_e(k["title"])}</td><td class="num">{k["items"]}</td>'
                      f'<td class="num nowrap">{_hours(k["low"], k["high"])}</td></tr>' for k in eff["by_kind"])
    beside = "".join(f'<tr><td>{_e(name)}</td><td class="num">{b["items"]}</td>'
                     f'<td class="num nowrap">{_hours(b["low"], b["high"])}</td></tr>'
                     for name, b in eff["beside"].items())
    ranges = "".join(f'<li><b>{_e(k["title"])}</b>: {_hours(k["low"], k["high"])}'
                     + (f', plus {_hours(*k["per_extra_site"])} per further site'
                        if any(k["per_extra_site"]) else "")
                     + f' per item: {_md(k["why"])}</li>' for k in kinds.values())
    return (f'<section id="effort"><h2>Effort: {_hours(eff["low"], eff["high"])} for '
            f'{plural(eff["items"], "work item")} in the product</h2>'
            '<div class="grid2 inner"><div><h3>By kind of work</h3>'
            + _table('<th>kind</th><th class="num">items</th><th class="num">hours</th>', by_kind or
                     '<tr><td colspan="3" class="empty">No manual work found.</td></tr>')
            + '</div><div><h3>Counted apart</h3>'
            + (_table('<th>where</th><th class="num">items</th><th class="num">hours</th>', beside) if beside
               else '<p class="empty">Nothing in tests, examples, vendored code or optional paths.</p>')
            + '</div></div>'
            f'<details><summary>Every work item, with tests, examples and optional paths '
            f'({len(eff["work_items"])})</summary>'
            + _table('<th>item</th><th>kind</th><th>where</th><th class="num">sites</th><th class="num">hours</th>'
                     '<th>locations</th>', body, more)
            + f'</details><details><summary>The ranges and why</summary><ul class="kinds">{ranges}</ul>'
            '</details></section>')


def _checked(prefix: str) -> bool:
    from neuron_migrate.checks import RULES, load_all

    load_all()
    return any(code.startswith(prefix) for code in RULES)


def _method(rep: dict) -> str:
    cov = rep["compile_coverage"]
    items = [("Readiness", rep["readiness"]["formula"] + "."), ("Effort", rep["effort"]["formula"]),
             ("Scopes", "each file is library, scripts, tests, examples or vendored, from the project's "
                        "layout (packages, tests/, examples/, third_party/, nested projects) or the config's "
                        "`scopes` table; the headline numbers are for library and scripts.")]
    if cov is not None and cov["formula"]:
        items.append(("Compile coverage", cov["formula"] + "."))
    return ('<section id="method"><h2>How the numbers are computed</h2>'
            + "".join(f'<p class="note"><b>{_e(k)}:</b> {_md(v)}</p>' for k, v in items) + "</section>")


def rules_appendix(rules: dict) -> str:
    if not rules:
        return ""
    parts = []
    for code, r in rules.items():
        parts.append(f'<div class="rule-doc" id="rule-{_e(code.lower())}"><h3><code class="rule">{_e(code)}</code> '
                     f'{_e(r["name"])}</h3><p>{_md(r["summary"])}</p><p class="note">{_md(r["why"])}</p>'
                     f'<div class="ex"><div><b>Example</b><pre>{_e(r["example"])}</pre></div>'
                     f'<div><b>Use instead</b><pre>{_e(r["use_instead"])}</pre></div></div>'
                     f'<p class="note">Fix: {_e(r["fix"])}. More: <code>neuron-migrate explain {_e(code)}</code>.</p></div>')
    return f'<section id="rules"><h2>Rules in this report</h2>{"".join(parts)}</section>'


# -- the page --------------------------------------------------------------------

def _ready_card(ready: dict) -> str:
    colour = VERDICT.get(ready["verdict"], "#59636e")
    share = ready["share"]
    label = "—" if share is None else porting.percent(share)
    blockers = "".join(f'<li><a href="#blockers">{b["count"]} {_e(b["kind"])}</a></li>' for b in ready["blockers"])
    refs = (f'{ready["migrated_by_fix"]} of {plural(ready["cuda_references"], "CUDA-specific reference")} '
            f'migrated by <code>neuron-migrate fix</code>; {ready["migrated_after_review"]} more with '
            f'<code>--unsafe-fixes</code> after review, {ready["by_hand"]} by hand.' if ready["migrated_by_fix"]
            # none is for fix (after `fix --apply` its rewrites are in the code): say so, not "0 migrated"
            else f'None of {plural(ready["cuda_references"], "CUDA-specific reference")} left for <code>neuron-migrate '
            f'fix</code> to rewrite: {ready["migrated_after_review"]} with <code>--unsafe-fixes</code> after review, '
            f'{ready["by_hand"]} by hand.' if ready["cuda_references"] else "No CUDA-specific references found.")
    return ('<div class="card"><h2>Readiness</h2>' + gauge(share, colour, label, "CUDA references migrated by fix")
            + f'<div class="verdict" style="color:{colour}">{_e(ready["verdict"])}</div>'
            + f'<p class="note">{refs}' + (f' Blocks a first run on Trainium:</p><ul class="blockers">{blockers}</ul>'
                                           if blockers else ' Nothing found blocks a first run.</p>')
            + '<p class="note"><a href="#method">How this is computed</a>.</p></div>')


def _coverage_card(cov: dict | None) -> str:
    head = '<div class="card"><h2>Compile coverage</h2>'
    if cov is None:
        return (head + gauge(None, "#8c959f", "—", "compile coverage")
                + '<div class="verdict" style="color:#59636e">not estimated</div>'
                '<p class="note">This scan holds no compile-coverage estimate.</p></div>')
    if cov["overall"] is None:
        return (head + gauge(None, "#8c959f", "—", "compile coverage")
                + f'<div class="verdict" style="color:#59636e">{"no estimate" if cov.get("no_estimate") else "no traced code found"}</div>'
                f'<p class="note">{_md(cov.get("assumption") or "")} <a href="#coverage">Why</a>.</p></div>')
    bits = []
    if cov["graphs"] is not None:
        bits.append(plural(cov["graphs"], "expected graph"))
    if cov.get("recompiles"):
        bits.append(plural(cov["recompiles"], "expected recompile"))
    return (head + gauge(cov["overall"], _share_colour(cov["overall"]), porting.percent(cov["overall"]), "compile coverage")
            + f'<div class="verdict">captured by torch.compile</div>'
            + (f'<p class="note center">{_e(", ".join(bits))}</p>' if bits else "")
            + f'<p class="note">{_md(_basis(cov))} <a href="#coverage">Per entry, and why</a>.</p></div>')


def _basis(cov: dict) -> str:
    """What the coverage figure is for, in a line (the section gives the whole sentence)."""
    rows = cov.get("entries") or []
    n = sum(1 for e in rows if e["path"])
    rest = " and every other forward (the model comes from a factory)" if len(rows) > n else ""
    what = {"compile entries": f"For the {plural(n, 'entry', 'entries')} the project compiles.",
            "modules the scripts build": f"For the {plural(n, 'module')} its training and inference "
                                         f"scripts build{rest}.",
            }.get(cov.get("basis"), "For every forward in the library and scripts.")
    if cov.get("compiled_entries"):  # compiled+assumed: the resolved targets stand first
        k = cov["compiled_entries"]
        rest = what.rstrip(".").removeprefix("For ")
        what = (f"For the {plural(k, 'entry', 'entries')} the project compiles that the scan resolves, and "
                f"{rest} for its other compile calls.")
    if cov.get("compiles") == []:
        what += " The project compiles nothing: assumed."
    if cov.get("unseen"):
        what += " Without modules the scan cannot name."
    return what


def _summary_card(rep: dict) -> str:
    s = rep["summary"]
    sev = s["by_severity"]
    fix = s["auto_fixable"]
    eff = rep["effort"]
    in_scope = s.get("files_in_scope")
    files = (f"{in_scope} of {s['files_scanned']}" if in_scope is not None else f"{s['files_scanned']}")
    stats = [
        (files, "files in the product (library and scripts); the rest are "
                "<a href=\"#scopes\">counted beside</a>"),
        (f"{s['findings']}", f"findings: {plural(sev['error'], 'error')}, {plural(sev['warning'], 'warning')}, "
                             f"{sev['info']} info"),
        (f"{fix['safe']}", f"safe fixes ({porting.percent(fix['share'])} of findings); {fix['unsafe']} unsafe"),
        (f"{rep['readiness']['blocking']}", f"<a href=\"#blockers\">{'finding blocks' if rep['readiness']['blocking'] == 1 else 'findings block'} a first run</a>"),
        (_hours(eff["low"], eff["high"]), f"<a href=\"#effort\">effort</a> for {plural(eff['items'], 'work item')} "
                                          f"({eff['days'][0]:g}–{eff['days'][1]:g} days)"),
        (f"{s['suppressed']}", f"suppressed in code; {plural(s['skipped'], 'file')} skipped"),
    ]
    return ('<div class="card"><h2>Summary</h2><div class="stats">'
            + "".join(f'<div class="stat"><b>{_e(v)}</b><span>{t}</span></div>' for v, t in stats)
            + '</div></div>')


def scopes_section(rep: dict) -> str:
    rows = []
    for r in rep["scopes"]:
        refs = (f'{r["migrated_by_fix"]} of {r["cuda_references"]}' if r["cuda_references"] else "—")
        rows.append(f'<tr{" class=product" if r["product"] else ""}><td>{_e(r["label"])}'
                    f'{" <b>(headline)</b>" if r["product"] else ""}</td><td class="num">{r["files"]}</td>'
                    f'<td class="num">{r["findings"]}</td><td class="num">{refs}</td>'
                    f'<td class="num">{r["blocking"]}</td></tr>')
    return ('<section id="scopes"><h2>Scopes</h2><p class="note">The headline numbers are for the library '
            'and scripts; tests, examples and vendored code are counted here, beside them. Override with '
            '<code>[tool.neuron-migrate.scopes]</code>, filter with <code>--scope</code>.</p>'
            + _table('<th>scope</th><th class="num">files</th><th class="num">findings</th>'
                     '<th class="num">CUDA references migrated by fix</th><th class="num">blocking findings</th>',
                     "".join(rows)) + '</section>')


def blockers_section(ready: dict, links: Links) -> str:
    if not ready["blockers"]:
        return ('<section id="blockers"><h2>What blocks a first run</h2><p class="empty">Nothing found: no '
                'unsupported operator, required CUDA-only dependency, kernel without a fallback or CUDA '
                'call without a Neuron twin in the library and scripts.</p></section>')
    rows = "".join(f'<tr><td>{_e(b["kind"])}</td><td class="num">{b["count"]}</td>'
                   f'<td>{_family_links(b["codes"])}</td>'
                   f'<td>{locations(b["locations"], links)}</td></tr>' for b in ready["blockers"])
    warn = (f'<p class="note">{plural(ready["optional_paths"], "kernel or dependency", "kernels and dependencies")} '
            'on optional paths (an extra, a platform marker, a guarded import) are warnings, not blockers.</p>'
            if ready["optional_paths"] else "")
    return ('<section id="blockers"><h2>What blocks a first run</h2>'
            + _table('<th>blocker</th><th class="num">findings</th><th>rules</th><th>where</th>', rows)
            + warn + '</section>')


def _family_links(codes: list[str]) -> str:
    return ", ".join(f'<a href="#{_e(c[:3].lower())}"><code class="rule">{_e(c)}</code></a>' for c in codes)


def coverage_section(cov: dict | None, links: Links) -> str:
    if cov is None:
        return ('<section id="coverage"><h2>Compile coverage per entry</h2><p class="empty">Not estimated: '
                'this scan holds no compile-coverage estimate.</p></section>')
    rows = "".join(f'<tr><td><code>{_e(e["entry"])}</code></td><td>{loc_link(e["path"], links) if e["path"] else "—"}</td>'
                   f'<td class="num">{porting.percent(e["share"])}</td><td class="num">{_e(e["graphs"] if e["graphs"] is not None else "—")}</td>'
                   f'<td class="num">{_e(e["recompiles"] if e["recompiles"] is not None else "—")}</td>'
                   f'<td class="num">{e["statements"]}</td></tr>' for e in cov.get("entries") or [])
    table = (_table('<th>entry</th><th>file</th><th class="num">captured</th><th class="num">graphs</th>'
                    '<th class="num">expected recompiles</th><th class="num">weight (statements)</th>', rows)
             if rows else "" if cov.get("no_estimate") else '<p class="empty">No entry with traced code.</p>')
    product = set(cov.get("product_modules") or [m["module"] for m in cov["modules"]])
    # a module with no share (no entry reaches its traced code, or it runs no tensor op) loses nothing
    partial = sorted((m for m in cov["modules"] if m["module"] in product and m["share"] is not None and m["share"] < 1),
                     key=lambda m: (m["share"], m["module"]))
    full = sum(1 for m in cov["modules"] if m["module"] in product and m["share"] == 1)
    chart = bar_list([(m["module"], links.href(m["module"]), m["share"]) for m in partial[:HEAT_LIMIT]])
    if len(partial) > HEAT_LIMIT:
        chart += f'<p class="more">… and {len(partial) - HEAT_LIMIT} more (lowest shown)</p>'
    chart += (f'<p class="note">{plural(full, "more module")} of the product with traced code '
              f'{"is" if full == 1 else "are"} captured in full.</p>' if full else "")
    brk = []
    for b in cov["breaks"]:
        effect = "whole frame runs eagerly" if b["skips_frame"] else "graph split"
        where = loc_link(f"{b['path']}:{b['line']}", links)
        brk.append(f'<tr><td>{where}</td>'
                   f'<td class="nowrap"><code class="rule">{_e(b["code"])}</code></td><td>{_e(b["function"])}</td>'
                   f'<td>{_md(b["reason"])}</td><td class="nowrap">{effect}</td></tr>')
    body, more = _rows_limited(brk)
    breaks = (f'<details><summary>Predicted graph breaks ({len(brk)})</summary>'
              + _table('<th>where</th><th>rule</th><th>function</th><th>why</th><th>effect</th>', body, more)
              + '</details>' if brk else '<p class="empty">No graph break predicted.</p>')
    table += "".join(f'<p class="note">{_md(entries.split_sentence(e))}.</p>' for e in cov.get("entries") or ()
                     if e.get("split"))
    if cov.get("unseen"):
        table += '<h3>Not seen</h3><ul>' + "".join(f'<li>{_md(entries.unseen_sentence(u))}.</li>' for u in cov["unseen"]) + '</ul>'
    if cov.get("flagged"):
        table += '<h3>Under a flag</h3><ul>' + "".join(f'<li>{_md(entries.flagged_sentence(f))}.</li>' for f in cov["flagged"]) + '</ul>'
    if cov.get("nonfinite"):
        table += '<h3>Under a NaN check</h3><ul>' + "".join(f'<li>{_md(entries.nonfinite_sentence(n))}.</li>' for n in cov["nonfinite"]) + '</ul>'
    if cov.get("no_estimate"):
        table += ('<h3>No estimate</h3><ul>' + "".join(f'<li><code>{_e(e["entry"])}</code>: {_md(e["why"])}.</li>'
                                                       for e in cov["no_estimate"]) + '</ul>')
    return (f'<section id="coverage"><h2>Compile coverage per entry</h2><p class="note">{_md(cov.get("assumption") or "")}</p>'
            f'{table}<h3>Product modules that lose something</h3>'
            f'{chart if partial else "<p class=empty>None: every product module with traced code is captured in full.</p>" + chart}'
            f'{breaks}</section>')


def render_report(rep: dict, links: Links | None = None) -> str:
    links = links or Links()
    s = rep["summary"]
    cov = rep["compile_coverage"]
    rules = rep.get("rules") or {}
    project = rep["project"] or "project"
    tool = rep["tool"]

    cats: dict[str, dict[str, int]] = {}
    for fam in rep["families"]:
        for g in fam["groups"]:
            c = cats.setdefault(g["category"], {})
            c[g["severity"]] = c.get(g["severity"], 0) + g["count"]
    cat_rows = [(c, None, v) for c, v in sorted(cats.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))]
    fam_rows = [(f'{f["prefix"]}xx {f["title"]}', f'#{f["prefix"].lower()}', f["by_severity"]) for f in rep["families"]]
    product = [r for r in rep["files"] if r.get("scope") in PRODUCT]
    heat = [(r["path"], links.href(r["path"]), {k: r[k] for k in porting.SEVERITIES}) for r in product[:HEAT_LIMIT]]
    heat_more = (f'<p class="more">… and {len(product) - HEAT_LIMIT} more files</p>'
                 if len(product) > HEAT_LIMIT else "")
    charts = ('<div class="grid2">'
              f'<section><h2>Findings by category (all scopes)</h2>{legend()}{bar_list(cat_rows[:CATEGORY_LIMIT])}'
              f'<h3>By rule family</h3>{bar_list(fam_rows)}</section>'
              f'<section><h2>Library and script files, hottest first</h2>{legend()}{bar_list(heat, "heat")}{heat_more}</section></div>')

    steps = "".join(f'<li><b>{_e(st["title"])}</b>{_count(st["count"])}: {_md(st["detail"])}</li>'
                    for st in rep["next_steps"])
    steps_section = f'<section><h2>Next steps</h2><ol class="steps">{steps}</ol></section>'

    fams = {f["prefix"]: f for f in rep["families"]}
    order = ["NM2", "NM5", "NM3", "NM6"] + [f["prefix"] for f in rep["families"]
                                            if f["prefix"] not in ("NM2", "NM5", "NM3", "NM6")]
    family_sections = []
    for prefix in order:
        fam = fams.get(prefix)
        title = next((t for p, t, _ in porting.FAMILIES if p == prefix), None) or fam["title"]
        if fam is None:
            body = ('<p class="empty">None found.</p>' if _checked(prefix)
                    else '<p class="empty">Not checked by this version of neuron-migrate.</p>')
        else:
            body = group_table(fam["groups"], rules, links)
            if prefix == "NM2" and rep["operators"]:
                body = f"{operators_section(rep['operators'], links)}<h3>All findings</h3>{body}"
        family_sections.append(f'<section id="{_e(prefix.lower())}"><h2>{_e(title)} '
                               f'<span class="more">({_e(prefix)}xx)</span></h2>{body}</section>')

    skipped = ""
    if rep["skipped"]:
        rows = "".join(f'<tr><td><code>{_e(x["path"])}</code></td><td>{_e(x["reason"])}</td></tr>'
                       for x in rep["skipped"][:LIST_LIMIT])
        skipped = f'<section><h2>Skipped files</h2>{_table("<th>path</th><th>reason</th>", rows)}</section>'

    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>Neuron porting report: {_e(project)}</title><style>{CSS}</style></head><body><main>'
        f'<header><h1>Neuron porting report: {_e(project)}</h1>'
        f'<p>{plural(s["files_scanned"], "file")} scanned · neuron-migrate {_e(tool["version"])} · capability table '
        f'{_e(tool.get("capabilities_version", ""))}</p></header>'
        f'<div class="cards">{_ready_card(rep["readiness"])}{_coverage_card(cov)}{_summary_card(rep)}</div>'
        f'{blockers_section(rep["readiness"], links)}{effort_section(rep["effort"], links)}{scopes_section(rep)}'
        f'{charts}{steps_section}{coverage_section(cov, links)}{"".join(family_sections)}{skipped}'
        f'{_method(rep)}{rules_appendix(rules)}'
        '<footer>Generated by neuron-migrate. Statuses marked unverified come from rows the capability '
        'table lists as unknown; nothing here was run on Trainium.</footer>'
        '</main></body></html>\n')
