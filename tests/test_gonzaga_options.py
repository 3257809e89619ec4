"""Gonzaga's option ``oldest`` (the seat holding the Last Turn card) is type-checked like every
option: None is no seat, in a new game or in a record."""

from __future__ import annotations

import pytest

import explorer
from explorer import OptionError, RecordError, gonzaga


@pytest.mark.rules("gonzaga.assume.oldest-player")
@pytest.mark.parametrize("value", [None, "1", 1.0, True, [0]])
def test_oldest_must_be_a_seat_number(value):
    with pytest.raises(OptionError, match="oldest"):
        gonzaga.new_game(players=3, seed=1, oldest=value)
    assert gonzaga.new_game(players=3, seed=1, oldest=2).info.option("oldest") == 2


def test_a_record_with_oldest_null_is_refused_in_words():
    record = gonzaga.new_game(players=3, seed=1).record()
    record["options"]["oldest"] = None
    with pytest.raises(RecordError, match="oldest should be an integer, not None"):
        explorer.replay(record)
    with pytest.raises(RecordError):
        gonzaga.replay(record)
