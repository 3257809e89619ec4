"""Corinth: a player's view refuses what is not a seat, and a harbor with two districts on one
row is refused when the data loads (second rules audit)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from explorer import DataError, ExplorerError, OptionError
from explorer import corinth


@pytest.mark.parametrize("player", [9, -1, 2, True, "1", 1.0, [0]])
def test_a_view_of_no_seat_is_refused(player):
    s = corinth.new_game(players=2, seed=1)
    with pytest.raises(OptionError, match="player number"):
        s.view(player)
    assert s.view(0) is s and s.view(1) is s and s.view(None) is s     # nothing is secret


@pytest.mark.rules("corinth.harbor.districts")
def test_two_districts_on_one_harbor_row_are_refused_when_the_data_loads(tmp_path):
    raw = json.loads(resources.files("explorer.corinth").joinpath("data.json").read_text("utf-8"))
    districts = raw["tables"]["districts"]
    districts[1]["row"] = districts[0]["row"]                # two districts on the top row
    path = tmp_path / "data.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DataError, match="holds 2 districts") as err:
        corinth.load_data(path)
    assert isinstance(err.value, ExplorerError)
    assert districts[0]["id"] in str(err.value) and districts[1]["id"] in str(err.value)
