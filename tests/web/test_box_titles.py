"""A wound track's box says what marked it in words that read (issue 48, item 21): a FUDGE box marked by an
Incapacitated wound was titled "Marked: a Incapacitated wound"."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .actions import add_sheet, start_new
from .test_option_conditions import tab


def test_a_fudge_box_marked_by_an_incapacitated_wound_reads_grammatically(app: Page) -> None:
    start_new(app, "FUDGE")
    add_sheet(app, "Molly")
    tab(app, "wound").click()
    form = app.get_by_test_id("action-form")
    form.get_by_test_id("input-target").select_option(label="Molly")
    form.get_by_test_id("input-level").select_option(label="Incapacitated")
    app.get_by_test_id("roll").click()
    expect(app.get_by_test_id("latest-title")).to_have_text("A wound for Molly")
    marked = app.locator('[data-testid="track-box"][data-marked="true"]')
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("title", "Marked: an Incapacitated wound")
