"""The porting report as one self-contained HTML file: inline CSS and SVG, no script, no network.

A Content-Security-Policy meta tag forbids every fetch, so the file renders the same
offline, from a CI artifact or an e-mail attachment. Charts: a readiness gauge, a
compile-coverage gauge, findings by category, a per-file heat list and compile coverage
per module.
"""

from __future__ import annotations

import math
import re
from html import escape

from neuron_migrate.report import porting

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
COLOURS = {"error": "#d1242f", "warning": "#d4a72c", "info": "#6e9bd1"}
VERDICT = {"blocked": "#d1242f", "needs review": "#bf8700", "ready after fix": "#1a7f37"}
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
th { color:var(--muted); font-weight:600; font-size:12px; }
td.num, th.num { text-align:right; font-variant-numeric:tabular-nums; }
code { font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace; background:#eff2f5;
       padding:1px 4px; border-radius:4px; overflow-wrap:anywhere; }
.nowrap, code.loc { white-space:nowrap; overflow-wrap:normal; }
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
@media (max-width: 860px) { .cards, .grid2 { grid-template-columns:1fr; } }
@media print { body { background:#fff; } section, .card { break-inside:avoid; } }
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _md(text: object) -> str:
    """Escaped text with `backtick spans` as <code>, as the Markdown report writes them."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", _e(text))


def _pct(share: float | None) -> str:
    """A share as a whole percentage, rounded down: 100% only when nothing is lost."""
    return "—" if share is None else f"{math.floor(100 * share + 1e-9):.0f}%"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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


def stacked_bars(rows: list[tuple[str, dict[str, int]]], width: int = 480, label_width: int = 170,
                 code_labels: bool = False) -> str:
    """Horizontal bars stacked by severity, one row per label, scaled to the largest total."""
    if not rows:
        return '<p class="empty">No findings.</p>'
    bar_h, gap = 16, 8
    biggest = max(sum(c.values()) for _, c in rows) or 1
    span = width - label_width - 44
    h = len(rows) * (bar_h + gap)
    out = [f'<svg {_size(width, h)} role="img" aria-label="findings per row">']
    for i, (label, counts) in enumerate(rows):
        y = i * (bar_h + gap)
        shown = _fit(label, label_width, code_labels)
        family = "ui-monospace,Menlo,Consolas,monospace" if code_labels else "inherit"
        out.append(f'<text x="{label_width - 8}" y="{y + 12}" text-anchor="end" font-size="11" '
                   f'font-family="{family}" fill="#1f2328"><title>{_e(label)}</title>{_e(shown)}</text>')
        x = float(label_width)
        for sev in porting.SEVERITIES:
            n = counts.get(sev, 0)
            if not n:
                continue
            w = span * n / biggest
            out.append(f'<rect x="{x:.1f}" y="{y}" width="{max(w, 1.5):.1f}" height="{bar_h}" rx="2" '
                       f'fill="{COLOURS[sev]}"><title>{_e(label)}: {n} {sev}</title></rect>')
            x += w
        out.append(f'<text x="{x + 6:.1f}" y="{y + 12}" font-size="11" fill="#59636e">'
                   f'{sum(counts.values())}</text>')
    out.append("</svg>")
    return "".join(out)


def coverage_bars(modules: list[dict], width: int = 480, label_width: int = 170) -> str:
    """One bar per module, 0-100 %, coloured by how much of it torch.compile captures."""
    bar_h, gap = 16, 8
    h = len(modules) * (bar_h + gap)
    span = width - label_width - 44
    out = [f'<svg {_size(width, h)} role="img" aria-label="compile coverage per module">']
    for i, m in enumerate(modules):
        y = i * (bar_h + gap)
        label = m["module"]
        shown = _fit(label, label_width, True)
        out.append(f'<text x="{label_width - 8}" y="{y + 12}" text-anchor="end" font-size="11" '
                   f'font-family="ui-monospace,Menlo,Consolas,monospace" fill="#1f2328">'
                   f'<title>{_e(label)}</title>{_e(shown)}</text>')
        out.append(f'<rect x="{label_width}" y="{y}" width="{span}" height="{bar_h}" rx="2" fill="#eef1f4"/>')
        share = m["share"]
        if share:
            out.append(f'<rect x="{label_width}" y="{y}" width="{span * min(share, 1):.1f}" height="{bar_h}" '
                       f'rx="2" fill="{_share_colour(share)}"><title>{_e(label)}: {_pct(share)}, '
                       f'{_e(m["graphs"])} graphs</title></rect>')
        out.append(f'<text x="{label_width + span + 6}" y="{y + 12}" font-size="11" fill="#59636e">'
                   f'{_pct(share)}</text>')
    out.append("</svg>")
    return "".join(out)


def _fit(label: str, width: int, mono: bool) -> str:
    """The label, cut from the left (a path's end says most) to fit ``width`` px at 11 px type."""
    room = int((width - 12) / (6.7 if mono else 6.2))
    return label if len(label) <= room else "…" + label[-(room - 1):]


def _size(width: int, height: int) -> str:
    """Draw at natural size, shrinking (never growing) to fit a narrow column."""
    return (f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            'style="max-width:100%;height:auto"')


def legend() -> str:
    return '<div class="legend">' + "".join(
        f'<span><i style="background:{COLOURS[s]}"></i>{s}</span>' for s in porting.SEVERITIES) + "</div>"


# -- tables ----------------------------------------------------------------------

def _rows_limited(rows: list[str], limit: int = LIST_LIMIT) -> tuple[str, str]:
    more = f'<p class="more">… and {len(rows) - limit} more</p>' if len(rows) > limit else ""
    return "".join(rows[:limit]), more


def group_table(groups: list[dict]) -> str:
    rows = []
    for g in groups:
        where = ", ".join(f'<code class="loc">{_e(loc)}</code>' for loc in g["locations"][:4])
        if len(g["locations"]) > 4:
            where += f' <span class="more">+{len(g["locations"]) - 4}</span>'
        rows.append(f'<tr><td class="nowrap"><code>{_e(g["code"])}</code></td>'
                    f'<td><span class="sev {_e(g["severity"])}">{_e(g["severity"])}</span></td>'
                    f'<td>{_md(g["message"])}</td>'
                    f'<td class="num">{g["count"]}</td><td>{where}</td>'
                    f'<td class="fix-{_e(g["fix"])}">{_e(g["fix"])}</td></tr>')
    body, more = _rows_limited(rows)
    return ('<table><thead><tr><th>rule</th><th>severity</th><th>finding</th><th class="num">count</th>'
            f'<th>where</th><th>fix</th></tr></thead><tbody>{body}</tbody></table>{more}')


def operator_table(ops: list[dict]) -> str:
    rows = []
    for o in ops:
        where = ", ".join(f'<code class="loc">{_e(loc)}</code>' for loc in o["locations"][:3])
        if len(o["locations"]) > 3:
            where += f' <span class="more">+{len(o["locations"]) - 3}</span>'
        alt = f'<br><span class="more">instead: {_md(o["alternative"])}</span>' if o["alternative"] else ""
        rows.append(f'<tr><td class="nowrap"><code>{_e(o["operator"])}</code></td>'
                    f'<td class="nowrap"><span class="status {_e(o["status"])}">{_e(o["label"])}</span></td>'
                    f'<td class="num">{o["count"]}</td><td>{where}</td>'
                    f'<td>{_md(o["note"])}{alt}<br><span class="more">source: {_e(o["source"])}</span></td></tr>')
    body, more = _rows_limited(rows)
    return ('<table><thead><tr><th>operator</th><th>status</th><th class="num">uses</th><th>where</th>'
            f'<th>what the table says</th></tr></thead><tbody>{body}</tbody></table>{more}')


def _checked(prefix: str) -> bool:
    from neuron_migrate.checks import RULES, load_all

    load_all()
    return any(code.startswith(prefix) for code in RULES)


def _method(rep: dict) -> str:
    cov = rep["compile_coverage"]
    items = [("Readiness", rep["readiness"]["formula"] + "."), ("Manual effort", rep["effort"]["formula"])]
    if cov is not None and cov["formula"]:
        items.append(("Compile coverage", cov["formula"] + "."))
    return ('<section id="method"><h2>How the numbers are computed</h2>'
            + "".join(f'<p class="note"><b>{_e(k)}:</b> {_md(v)}</p>' for k, v in items) + "</section>")


# -- the page --------------------------------------------------------------------

def render_report(rep: dict) -> str:
    s = rep["summary"]
    ready = rep["readiness"]
    eff = rep["effort"]
    cov = rep["compile_coverage"]
    project = rep["project"] or "project"
    sev = s["by_severity"]
    fix = s["auto_fixable"]
    tool = rep["tool"]

    ready_card = (
        '<div class="card"><h2>Readiness</h2>'
        + gauge(ready["score"] / 100, VERDICT.get(ready["verdict"], "#59636e"), f"{ready['score']:.0f}%",
                "readiness")
        + f'<div class="verdict" style="color:{VERDICT.get(ready["verdict"], "#59636e")}">{_e(ready["verdict"])}</div>'
        + f'<p class="note">{ready["safe_fixes"]} of {ready["actionable"]} warnings and errors '
          f'fixed safely by <code>neuron-migrate fix</code>; {_plural(ready["blocking"], "error")} '
          'left for a person. <a href="#method">How this is computed</a>.</p></div>')
    if cov is None:
        cov_card = ('<div class="card"><h2>Compile coverage</h2>' + gauge(None, "#8c959f", "—", "compile coverage")
                    + '<div class="verdict" style="color:#59636e">not estimated</div>'
                    '<p class="note">This scan holds no compile-coverage estimate.</p></div>')
    elif cov["overall"] is None:
        cov_card = ('<div class="card"><h2>Compile coverage</h2>' + gauge(None, "#8c959f", "—", "compile coverage")
                    + '<div class="verdict" style="color:#59636e">no traced code found</div>'
                    '<p class="note">No <code>forward</code> of an <code>nn.Module</code> and no '
                    '<code>torch.compile</code> target to estimate.</p></div>')
    else:
        graphs = f", {_plural(cov['graphs'], 'expected graph')}" if cov["graphs"] is not None else ""
        cov_card = ('<div class="card"><h2>Compile coverage</h2>'
                    + gauge(cov["overall"], _share_colour(cov["overall"]), _pct(cov["overall"]),
                            "compile coverage")
                    + f'<div class="verdict">captured by torch.compile{_e(graphs)}</div>'
                    + f'<p class="note">{_plural(len(cov["breaks"]), "predicted graph break")} in '
                      f'{_plural(len(cov["modules"]), "module")} with traced code.</p></div>')
    stats = [
        (f"{s['files_scanned']}", f"{'file' if s['files_scanned'] == 1 else 'files'} scanned "
                                  f"({_plural(s['lines_scanned'], 'line')})"),
        (f"{s['findings']}", f"findings: {sev['error']} error, {sev['warning']} warning, {sev['info']} info"),
        (f"{fix['safe']}", f"safe fixes ({_pct(fix['share'])} of findings); {fix['unsafe']} unsafe"),
        (f"{ready['blocking']}", "errors left for a person after fix"),
        (f"≈ {eff['hours']:g} h", f"manual effort ({eff['days']:g} days) for {_plural(eff['manual_items'], 'item')}"),
        (f"{s['suppressed']}", f"suppressed in code; {_plural(s['skipped'], 'file')} skipped"),
    ]
    stats_card = ('<div class="card"><h2>Summary</h2><div class="stats">'
                  + "".join(f'<div class="stat"><b>{_e(v)}</b><span>{_e(t)}</span></div>' for v, t in stats)
                  + '</div></div>')

    # findings by category and the per-file heat list
    cats: dict[str, dict[str, int]] = {}
    for fam in rep["families"]:
        for g in fam["groups"]:
            c = cats.setdefault(g["category"], {})
            c[g["severity"]] = c.get(g["severity"], 0) + g["count"]
    cat_rows = sorted(cats.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))[:CATEGORY_LIMIT]
    fam_rows = [(f'{f["prefix"]}xx {f["title"]}', f["by_severity"]) for f in rep["families"]]
    heat_rows = [(r["path"], {k: r[k] for k in porting.SEVERITIES}) for r in rep["files"][:HEAT_LIMIT]]
    heat_more = (f'<p class="more">… and {len(rep["files"]) - HEAT_LIMIT} more files</p>'
                 if len(rep["files"]) > HEAT_LIMIT else "")
    charts = ('<div class="grid2">'
              f'<section><h2>Findings by category</h2>{legend()}{stacked_bars(cat_rows)}'
              f'<h3>By rule family</h3>{stacked_bars(fam_rows, label_width=210)}</section>'
              f'<section><h2>Files, hottest first</h2>{legend()}'
              f'{stacked_bars(heat_rows, label_width=250, code_labels=True)}'
              f'{heat_more}</section></div>')

    # compile coverage per module and the predicted graph breaks
    if cov is None:
        cov_section = ('<section><h2>Compile coverage per module</h2><p class="empty">Not estimated: '
                       'this scan holds no compile-coverage estimate.</p></section>')
    else:
        modules = sorted(cov["modules"], key=lambda m: (m["share"] is None, m["share"] or 0, m["module"]))
        chart = (coverage_bars(modules[:HEAT_LIMIT], width=1000, label_width=300) if modules
                 else '<p class="empty">No traced code found.</p>')
        if len(modules) > HEAT_LIMIT:
            chart += f'<p class="more">… and {len(modules) - HEAT_LIMIT} more modules (lowest coverage shown)</p>'
        brk = []
        for b in cov["breaks"]:
            effect = "whole frame runs eagerly" if b["skips_frame"] else "graph split"
            brk.append(f'<tr><td><code class="loc">{_e(b["path"])}:{_e(b["line"])}</code></td>'
                       f'<td><code>{_e(b["code"])}</code></td><td>{_e(b["function"])}</td>'
                       f'<td>{_md(b["reason"])}</td><td class="nowrap">{effect}</td></tr>')
        body, more = _rows_limited(brk)
        breaks = (f'<h3>Predicted graph breaks ({len(brk)})</h3><table><thead><tr><th>where</th><th>rule</th>'
                  f'<th>function</th><th>why</th><th>effect</th></tr></thead><tbody>{body}</tbody></table>{more}'
                  if brk else '<h3>Predicted graph breaks</h3><p class="empty">None predicted.</p>')
        cov_section = f'<section><h2>Compile coverage per module</h2>{chart}{breaks}</section>'

    # next steps
    steps = "".join(f'<li><b>{_e(st["title"])}</b>{_count(st["count"])}: {_md(st["detail"])}</li>'
                    for st in rep["next_steps"])
    steps_section = f'<section><h2>Next steps</h2><ol class="steps">{steps}</ol></section>'

    # one section per family: the four the report promises first, then the rest
    fams = {f["prefix"]: f for f in rep["families"]}
    order = [p for p in ("NM2", "NM5", "NM3", "NM6")] + [f["prefix"] for f in rep["families"]
                                                          if f["prefix"] not in ("NM2", "NM5", "NM3", "NM6")]
    family_sections = []
    for prefix in order:
        fam = fams.get(prefix)
        title = next((t for p, t, _ in porting.FAMILIES if p == prefix), None) or fam["title"]
        if fam is None:
            body = ('<p class="empty">None found.</p>' if _checked(prefix)
                    else '<p class="empty">Not checked by this version of neuron-migrate.</p>')
        else:
            body = group_table(fam["groups"])
            if prefix == "NM2" and rep["operators"]:
                body = f"<h3>Operators by status</h3>{operator_table(rep['operators'])}<h3>All findings</h3>{body}"
        family_sections.append(f'<section id="{_e(prefix.lower())}"><h2>{_e(title)} '
                               f'<span class="more">({_e(prefix)}xx)</span></h2>{body}</section>')

    skipped = ""
    if rep["skipped"]:
        rows = "".join(f'<tr><td><code>{_e(x["path"])}</code></td><td>{_e(x["reason"])}</td></tr>'
                       for x in rep["skipped"][:LIST_LIMIT])
        skipped = (f'<section><h2>Skipped files</h2><table><thead><tr><th>path</th><th>reason</th></tr>'
                   f'</thead><tbody>{rows}</tbody></table></section>')

    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>Neuron porting report: {_e(project)}</title><style>{CSS}</style></head><body><main>'
        f'<header><h1>Neuron porting report: {_e(project)}</h1>'
        f'<p>{_plural(s["files_scanned"], "file")} scanned · neuron-migrate {_e(tool["version"])} · capability table '
        f'{_e(tool.get("capabilities_version", ""))}</p></header>'
        f'<div class="cards">{ready_card}{cov_card}{stats_card}</div>'
        f'{charts}{steps_section}{cov_section}{"".join(family_sections)}{skipped}{_method(rep)}'
        '<footer>Generated by neuron-migrate. Statuses marked unverified come from rows the capability '
        'table lists as unknown; nothing here was run on Trainium.</footer>'
        '</main></body></html>\n')
