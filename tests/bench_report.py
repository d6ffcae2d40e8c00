"""The bench's targets (issue 38 and the issues before it) and the table of figures it prints (tests/bench.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TAPS = 21   # a tap figure is the median of at least 21 taps (issue 38), its spread printed beside it

# The targets: (figure, how to read it from the result, the bound, True if the figure must stay below it)
TARGETS: list[tuple[str, Callable[[dict[str, Any]], Any], float]] = [
    ("return visit, app/baseline", lambda r: r["ratios"]["warm"], 0.18),
    ("saved cards painted on a return visit, ms", lambda r: r["app"].get("saved_cards_paint_ms"), 100),
    ("first visit, app/baseline", lambda r: r["ratios"]["cold"], 0.80),
    ("bytes (gzip), app/baseline", lambda r: r["ratios"]["bytes_gzip"], 0.85),
    ("WebKit first visit / Chromium's", lambda r: r["webkit"]["vs_chromium_first_visit"], 1.4),
    *[(f"{system}: tap work, ms", (lambda r, s=system: r["systems"][s]["tap_work_ms"]), 8)
      for system in ("typed", "megatraveller", "kyod", "fudge", "sla")],
    *[(f"{system}: odds, ms", (lambda r, s=system: r["systems"][s]["odds_ms"]), 20)
      for system in ("typed", "megatraveller", "kyod", "fudge", "sla")],
    ("sla: odds of a ten-round burst, ms", lambda r: r["systems"]["sla"]["burst_odds_ms"], 20),
    ("fight: Next turn, tap work, ms", lambda r: r["fight"]["next_tap_work_ms"], 8),
    ("long tasks over 50 ms in the session", lambda r: r["long_tasks_over_50ms"], 0),
    ("player link drawn, / app's first visit", lambda r: r["player_visit"]["drawn_vs_app_first_visit"], 0.10),
    ("player link visit, bytes (gzip)", lambda r: r["player_visit"]["bytes_gzip"], 200_000),
    ("player link visit, engine requests", lambda r: r["player_visit"]["engine_requests"], 0),
    *[(f"{move} at 2,000 events: tap work, ms", (lambda r, m=move: r["long_encounter"]["at_2000"][m]["tap_work_ms"]), 50)
      for move in ("undo", "redo")],
    *[(f"{move} at 2,000 events: longest task, ms",
       (lambda r, m=move: r["long_encounter"]["at_2000"][m]["longest_task_ms"]), 200) for move in ("undo", "redo")],
    *[(f"Compare, 40 {roster}: keystroke work, ms", (lambda r, k=roster: r["compare_40"][k]["keystroke_work_ms"]), 50)
      for roster in ("alike", "different")],
    *[(f"Compare, 40 {roster}: longest task, ms", (lambda r, k=roster: r["compare_40"][k]["longest_task_ms"]), 200)
      for roster in ("alike", "different")],
]


def targets(result: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for name, read, bound in TARGETS:
        value = read(result)
        out[name] = {"value": value, "target": bound, "met": value is not None and value <= bound}
    return out


def report(result: dict[str, Any]) -> str:
    """The figures as a table a person reads (the JSON line stays the record)."""
    base, app = result["baseline"], result["app"]
    lines = [f"{'figure':<44}{'app':>12}{'baseline':>12}{'ratio':>8}",
             f"{'first visit, ms':<44}{app['cold_ms']:>12}{base['cold_ms']:>12}{result['ratios']['cold']:>8}",
             f"{'return visit, ms':<44}{app['warm_ms']:>12}{base['warm_ms']:>12}{result['ratios']['warm']:>8}",
             f"{'bytes, gzip':<44}{app['bytes_gzip']:>12}{base['bytes_gzip']:>12}{result['ratios']['bytes_gzip']:>8}",
             f"{'first visit, WebKitGTK : Chromium, ms':<44}{result['webkit']['cold_ms']!s:>12}{app['cold_ms']:>12}"
             f"{result['webkit']['vs_chromium_first_visit']!s:>8}  ({result['webkit']['runs_ready']} ready)",
             "", f"{'system':<16}{'tap_work_ms':>12}{'tap_to_paint_ms':>16}{'odds_ms':>10}{'take_out_ms':>12}"
                 f"  tap work min / median / max of {TAPS}"]
    for system, figures in result["systems"].items():
        if figures:
            lines.append(f"{system:<16}{figures['tap_work_ms']:>12}{figures['tap_to_paint_ms']:>16}"
                         f"{figures['odds_ms']:>10}{figures['take_out_ms']:>12}  "
                         + " / ".join(str(value) for value in figures["tap_work_spread_ms"]))
    long = result["long_encounter"]
    lines.append(f"{'typed, ' + str(long['events']) + ' events':<16}{long['tap_work_ms']:>12}{long['tap_to_paint_ms']:>16}"
                 f"{'':>10}{'':>12}  ({long['long_tasks']} long tasks)")
    evening = long["at_2000"]
    for move in ("undo", "redo"):
        lines.append(f"{'mt, 2,000, ' + move:<16}{evening[move]['tap_work_ms']:>12}{evening[move]['tap_to_paint_ms']:>16}"
                     f"{'':>10}{'':>12}  (longest task {evening[move]['longest_task_ms']} ms)")
    lines += ["", f"{'Compare, 40 combatants':<24}{'keystroke_work_ms':>18}{'max':>8}{'whole_table_ms':>18}"
                  f"{'longest_task':>14}"]
    for roster, figures in result["compare_40"].items():
        lines.append(f"{roster:<24}{figures['keystroke_work_ms']:>18}{figures['keystroke_work_max_ms']:>8}"
                     f"{figures['whole_table_ms']:>18}{figures['longest_task_ms']:>14}")
    fight = result["fight"]
    lines += ["", f"{'fight: Next turn, six fighters':<44}{fight['next_tap_work_ms']:>12}{fight['next_tap_to_paint_ms']:>16}"
                  f"  (work, tap to paint, ms; work min / median / max "
                  f"{' / '.join(str(value) for value in fight['next_tap_work_spread_ms'])}); SLA round start {fight['sla_round_start_ms']} ms; player link "
                  f"{fight['player_link_chars']} characters, QR version {fight['player_qr_version']}"]
    qr = result["qr"]
    lines += ["", f"{'share QR code, six combatants, ten resolutions':<44}{qr['link_chars']:>6} characters, version "
                  f"{qr['version']} ({qr['modules']} modules); players' code first use {qr['first_use_ms']} ms, later "
                  f"{qr['generate_ms']} ms; whole encounter's first use {qr['whole_first_use_ms']} ms, later "
                  f"{qr['whole_generate_ms']} ms"]
    visit = result["player_visit"]
    lines += ["", f"{'player link, fresh phone profile: drawn, ms':<44}{visit['drawn_ms']:>12}{app['cold_ms']:>12}"
                  f"{visit['drawn_vs_app_first_visit']:>8}  ({visit['bytes_gzip']} bytes gzip, service worker's "
                  f"included; {visit['engine_requests']} of the engine's files)"]
    node = result["experiments"]["node_snapshot"]
    lines += ["", f"{'bare Pyodide + a snapshot made in Node':<44}{node['cold_ms']:>12}{base['cold_ms']:>12}"
                  f"{node['cold_vs_baseline']:>8}  (first visit, ms; {node['bytes_gzip']} bytes gzip)"]
    lines += ["", f"{'target':<44}{'value':>12}{'bound':>8}  met"]
    for name, target in result["targets"].items():
        lines.append(f"{name:<44}{str(target['value']):>12}{target['target']:>8}  {'yes' if target['met'] else 'NO'}")
    return "\n".join(lines)
