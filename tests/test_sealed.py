"""What leaves the server with a match under way is sealed: the tab's session storage and
the save file hold no tile the learner has not seen, open only with the server's key,
and come back as they left; a finished match's file is its plain record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.play.sealed import SECRET_ENV, SealError, _file_key, key_of, seal, server_key, unseal
from trainer.play.session import SEALED_LINE, PlaySession, PlaySettings, SaveFileError, load_file

KEY = key_of("this server")
OTHER = key_of("another server")


@given(st.text(max_size=300))
@settings(max_examples=60, deadline=None)
def test_a_sealed_text_opens_with_its_key_only(text: str) -> None:
    token = seal(text, KEY)
    assert unseal(token, KEY) == text
    with pytest.raises(SealError):
        unseal(token, OTHER)


def test_an_altered_or_cut_token_is_refused() -> None:
    token = seal("0 6-6,6-5/5-5 - 0 0,0", KEY)
    middle = len(token) // 2
    flipped = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1:]
    for bad in (flipped, token[:-5], token + "x", "sealed1:", "", "0 6-6 - 0 0,0", "sealed1:" + "ä" * 40):
        with pytest.raises(SealError):
            unseal(bad, KEY)


def test_the_save_file_of_a_match_under_way_hides_what_the_learner_has_not_seen() -> None:
    session = PlaySession(PlaySettings(seed=3))
    record = session.save()
    assert "seed" in record  # the plain record deals every hand to come
    data = session.save_file(KEY)
    assert "seed" not in data and "# play:" not in data and SEALED_LINE in data
    back = load_file(data.encode(), key=KEY, budget=0.05)
    assert back.save().replace("budget=0.05", "budget=1.0") == record
    assert back.settings.budget == 0.05  # the page's thinking time, not the file's
    with pytest.raises(SaveFileError) as refused:
        load_file(data.encode(), key=OTHER)
    assert "opens only on the server that saved it" in refused.value.problem


def test_a_finished_match_is_saved_as_its_plain_record() -> None:
    session = PlaySession(PlaySettings(seed=5, opponent="greedy", target=10))
    for _ in range(400):
        if session.over:
            break
        if session.learner_to_move:
            session.play(session.match.legal_moves()[0])
        else:
            session.computer_step()
    assert session.over
    assert session.save_file(KEY) == session.save()
    assert load_file(session.save_file(KEY).encode()).match.position == session.match.position


def test_the_key_comes_from_the_setting_or_a_private_file(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECRET_ENV, "a site's secret")
    assert server_key() == key_of("a site's secret")
    path = tmp_path / "keys" / "secret.key"
    made = _file_key(path)
    assert _file_key(path) == made and path.stat().st_mode & 0o077 == 0  # kept, owner only
    assert unseal(seal("x", made), made) == "x"


def test_the_tabs_storage_holds_the_match_sealed_and_restores_it() -> None:
    from ui.keep import restore, sections

    session = PlaySession(PlaySettings(seed=3))
    state: dict[str, object] = {"play": session, "play_budget": 0.05}
    kept = sections(state)
    assert kept["play"].startswith("sealed1:") and "# play:" not in kept["play"]
    fresh: dict[str, object] = {"play_budget": 0.05}
    assert restore(fresh, json.dumps(kept))
    back = fresh["play"]
    assert isinstance(back, PlaySession) and back.match.position == session.match.position
    assert back.settings.budget == 0.05
    plain: dict[str, object] = {"play_budget": 0.05}
    restore(plain, json.dumps({"play": session.save()}))  # a record in the clear is not taken
    assert plain.get("play") is None
