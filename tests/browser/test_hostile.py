"""Hostile input in the browser (issue 21): crafted files and stored records, in Pyodide itself.

Pyodide's JSON parser overflows the JavaScript stack on deep input before Python's recursion check
fires, so these run in the browser, not only in CPython: the app must refuse the input with a clear
message and keep working (the next import still works, a new game still starts).
"""
from __future__ import annotations

import json
import time

import pytest

from harness import click, notices, renders, wait_ready, wait_render
from pyapp.engine import saves
from pyapp.games import get

pytestmark = pytest.mark.browser


def _import(page, text: str, name: str = "game.json") -> None:
    """Choose a file in the app's (hidden) import field, as a person's file dialog does."""
    before = renders(page)
    page.set_input_files("input[type=file]", files=[{"name": name, "mimeType": "application/json",
                                                     "buffer": text.encode()}])
    wait_render(page, before)


def _save_text(seed: int = 5, options=None) -> str:
    state = get("hexbattle").new(2, seed, options)
    return saves.dumps(saves.to_save(state, save_id=f"imp{seed}", seats=["human", "human"],
                                     names=["Ann", "Bo"], title="Ann vs Bo"))


def test_a_deeply_nested_file_is_refused_and_later_imports_still_work(site, page):
    page.goto(site.url("index.html"))
    wait_ready(page)
    _import(page, "[" * 10_000 + "]" * 10_000)
    assert any("nested too deeply" in n for n in notices(page)), notices(page)
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
    _import(page, _save_text())                       # the runtime is alive: a good file imports
    assert any("Imported" in n for n in notices(page)), notices(page)


def test_a_save_with_a_million_card_deck_is_refused_at_once(site, page):
    page.goto(site.url("index.html"))
    wait_ready(page)
    from pyapp.games.hexbattle import content
    save = json.loads(_save_text())
    army = dict(content.PREBUILT[0], cards={"shuffle": 1_000_000})
    save["options"] = {"armies": [army, army]}
    t = time.monotonic()
    _import(page, json.dumps(save))
    assert time.monotonic() - t < 15                  # it froze the tab for 22 s before
    assert any("at most 200" in n for n in notices(page)), notices(page)
    click(page, '[data-nav="setup:hexbattle"]')       # nothing was kept that blocks a new game
    click(page, '[data-nav="start"]')
    assert page.locator("#app .screen-game").count() == 1


def test_a_damaged_army_record_blocks_nothing_and_can_be_deleted(site, page):
    page.goto(site.url("index.html"))
    wait_ready(page)
    click(page, '[data-nav="armies"]')                # the sample armies are stored
    page.evaluate("""() => { const k = 'boardshelf:army:hexbattle:pre0';
                             const a = JSON.parse(localStorage.getItem(k));
                             a.units[0].key = ['spearwall']; localStorage.setItem(k, JSON.stringify(a)); }""")
    page.goto(site.url("index.html"))                # a new visit (a reload would stay on the armies screen)
    wait_ready(page)
    click(page, '[data-nav="setup:hexbattle"]')       # "Internal error: cannot use 'list' as a dict key" before
    click(page, '[data-nav="start"]')
    assert page.locator("#app .screen-game").count() == 1
    click(page, '[data-nav="shelf"]')
    click(page, '[data-nav="armies"]')
    assert "Damaged army record (pre0)" in page.locator("#app .army.damaged").inner_text()
    click(page, '[data-nav="army-del:pre0"]')
    click(page, '[data-nav="confirm"]')
    assert page.locator("#app .army.damaged").count() == 0
    assert not page.boardshelf.page_errors, page.boardshelf.page_errors
