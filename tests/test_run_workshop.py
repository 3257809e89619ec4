"""`python3 run.py lab` works on copies: the repository's notebooks are never edited by a room."""

import importlib.util

from conftest import ROOT


def load_run():
    spec = importlib.util.spec_from_file_location("run_script", ROOT / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_workshop_copies_are_made_once_and_reset_keeps_the_old_ones(tmp_path, monkeypatch):
    run = load_run()
    pristine = tmp_path / "notebooks"
    pristine.mkdir()
    (pristine / "00_start_here.ipynb").write_text("original")
    (pristine / "corinth.ipynb").write_text("original corinth")
    monkeypatch.setattr(run, "NOTEBOOKS", pristine)
    monkeypatch.setattr(run, "WORKSHOP", tmp_path / "workshop")
    run.workshop_copies()
    copy = tmp_path / "workshop" / "00_start_here.ipynb"
    assert copy.read_text() == "original"
    copy.write_text("my notes")                        # a learner's work
    run.workshop_copies()
    assert copy.read_text() == "my notes"              # never overwritten by a later start
    assert (pristine / "00_start_here.ipynb").read_text() == "original"
    run.workshop_copies(reset=True)
    assert copy.read_text() == "original"
    kept = list((tmp_path / "workshop" / "previous").glob("*/00_start_here.ipynb"))
    assert len(kept) == 1 and kept[0].read_text() == "my notes"


def test_the_workshop_folder_is_ignored_by_git():
    assert "workshop/" in (ROOT / ".gitignore").read_text().split()
