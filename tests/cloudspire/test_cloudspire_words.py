"""Cloudspire's sentences read as English: a name that carries its own "The" (The Uprising, The Lantern Heir,
The Fence) never gets a second article ("leads the The Uprising", "Put back a The Lantern Heir")."""
from __future__ import annotations

import random
import re

import pytest

from pyapp.games.cloudspire.content import PLAYABLE, the, one
from cloudspire_helpers import new

DOUBLED = re.compile(r"\b(the|a|an) the\b", re.I)


def test_articles_follow_the_name():
    assert the("Heirs") == "the Heirs" and the("The Uprising") == "The Uprising"
    assert one("Bell Spire") == "a Bell Spire" and one("The Fence") == "The Fence"


@pytest.mark.rule("CS-UI-1")
def test_setup_log_names_the_faction_once():
    s = new(2, ["uprising", "graft"])
    texts = [e["text"] for e in s.view(0)["log"]]
    assert "{0} leads The Uprising" in texts and "{0} leads The Graft" in texts
    assert "{0} leads the Heirs" in [e["text"] for e in new(2, ["heirs", "keel"]).view(0)["log"]]


@pytest.mark.rule("CS-UI-13", "CS-UI-7")
@pytest.mark.parametrize("faction", PLAYABLE)
def test_no_doubled_article_in_labels_or_log(faction):
    """Wave 1 and into wave 2 of a random game with each faction (selection, stack, build, onslaught): no
    action label and no log line says "the The" or "a The"."""
    rival = PLAYABLE[(PLAYABLE.index(faction) + 3) % len(PLAYABLE)]
    s = new(2, [faction, rival], seed=3)
    r = random.Random(PLAYABLE.index(faction))
    seen = set()
    for _ in range(700):
        if s.is_over:
            break
        seat = s.to_act[0]
        acts = s.legal_actions(seat)
        seen.update(a.label for a in acts)
        prefer = [a for a in acts if a.id not in ("pass", "done", "end")] if r.random() < 0.7 else acts
        s.apply(seat, r.choice(prefer or acts).id)
    seen.update(e["text"] for e in s.view(0)["log"])
    assert [t for t in seen if DOUBLED.search(t)] == []
