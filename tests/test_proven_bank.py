"""The course's proven positions are data: every line of trainer/teach/proven_bank.jsonl
fits its JSON Schema, reads into an entry and is written back the same, and a line that
does not fit is refused with its line number and what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from trainer.teach.proven import BANK, TOPICS, _bank, entry_json, read_bank

HERE = Path(__file__).resolve().parent.parent / "trainer" / "teach"


def lines() -> list[dict]:
    text = (HERE / BANK).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_every_line_fits_the_schema_and_is_written_back_the_same() -> None:
    schema = json.loads((HERE / "proven_bank.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    rows = lines()
    assert len(rows) == sum(len(entries) for entries in _bank().values()) == 300
    for row, entry in zip(rows, read_bank((HERE / BANK).read_text(encoding="utf-8"), BANK)):
        jsonschema.validate(row, schema)
        assert entry_json(entry) == row
    assert {row["topic"] for row in rows} <= set(TOPICS)
    assert any("playouts" in row for row in rows) and any("playouts" not in row for row in rows)


@pytest.mark.parametrize("change,words", [
    (lambda r: r.update(topic="luck"), "unknown topic 'luck'"),
    (lambda r: r.update(seed="71"), "'71' is not a whole number"),
    (lambda r: r.update(options=[]), "options must be a list"),
    (lambda r: r.pop("position"), "'position'"),
    (lambda r: r["options"][0].update(move="9-9@Q"), "9-9"),
])
def test_a_line_that_does_not_fit_is_refused_with_its_number(change, words: str) -> None:
    rows = lines()[:3]
    change(rows[1])
    text = "\n".join(json.dumps(r) for r in rows)
    with pytest.raises(ValueError) as error:
        list(read_bank(text, "bank.jsonl"))
    assert str(error.value).startswith("bank.jsonl, line 2: ") and words in str(error.value)
