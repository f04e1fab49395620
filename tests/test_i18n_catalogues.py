"""The translations: gettext catalogues in step with the English source, complete,
with the same fields, real plural forms, and English wherever a translation is
missing or fuzzy."""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from trainer.i18n import catalogue, en, languages, t, tn
from trainer.i18n import pofiles as po
from trainer.i18n.checks import PLURAL_PROBES, problems

TRANSLATED = tuple(code for code in languages() if code != "en")  # every .po shipped
PLURAL_KEYS = [key for key, value in en.MESSAGES.items() if not isinstance(value, str)]


def test_the_five_languages_ship_with_their_own_names() -> None:
    assert languages() == {"en": "English", "es": "Español", "fi": "Suomi", "mk": "Македонски",
                           "ru": "Русский"}


def test_the_template_is_the_english_catalogue_as_it_is_now() -> None:
    """messages.pot is what `python -m trainer.i18n extract` writes from en.py today."""
    assert po.TEMPLATE.read_text(encoding="utf-8") == po.to_text(po.template_catalog(en.MESSAGES))
    with po.TEMPLATE.open("rb") as handle:
        template = read_po(handle)
    entries = {m.context: m for m in template if m.id}
    assert set(entries) == set(en.MESSAGES)
    for key in PLURAL_KEYS:
        singular, plural = entries[key].id
        assert (singular, plural) == (en.MESSAGES[key]["one"], en.MESSAGES[key]["other"])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_key_is_translated_with_the_same_fields(lang: str) -> None:
    found = problems(lang)
    assert not found, "\n".join(map(str, found[:40])) + f"\n({len(found)} problems)"
    assert set(catalogue(lang)) == set(en.MESSAGES)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_follow_the_files_own_header(lang: str) -> None:
    """tn() agrees, for 0, 1, 2, 5, 21, 22 and 25, with what gettext itself picks: the
    header's Plural-Forms formula applied to the file's msgstr[i]."""
    with po.po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    header = dict(catalog.mime_headers)["Plural-Forms"]
    formula = gettext.c2py(header.split("plural=", 1)[1].rstrip(";"))
    entries = {m.context: m for m in catalog if m.id}
    for key in PLURAL_KEYS:
        forms = entries[key].string
        assert len(forms) == catalog.num_plurals and all(forms), (lang, key)
        values = {name: f"<{name}>" for name in po.template_fields(en.MESSAGES[key]) - {"n"}}
        for n in PLURAL_PROBES:
            assert tn(key, n, lang, **values) == forms[formula(n)].format(n=n, **values), (lang, key, n)


EXPECTED = {  # plural.points for 0, 1, 2, 5, 21, 22, 25
    "es": ["0 puntos", "1 punto", "2 puntos", "5 puntos", "21 puntos", "22 puntos", "25 puntos"],
    "fi": ["0 pistettä", "1 piste", "2 pistettä", "5 pistettä", "21 pistettä", "22 pistettä", "25 pistettä"],
    "ru": ["0 очков", "1 очко", "2 очка", "5 очков", "21 очко", "22 очка", "25 очков"],
    "mk": ["0 поени", "1 поен", "2 поени", "5 поени", "21 поен", "22 поени", "25 поени"],
    "en": ["0 points", "1 point", "2 points", "5 points", "21 points", "22 points", "25 points"],
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_plural_forms_on_the_probe_numbers(lang: str) -> None:
    assert set(EXPECTED) == set(languages())  # every shipped language is probed
    assert [tn("plural.points", n, lang) for n in PLURAL_PROBES] == EXPECTED[lang]


def test_russian_days_and_tiles_take_three_forms() -> None:
    assert [tn("plural.days", n, "ru") for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)] == [
        "1 день", "2 дня", "5 дней", "11 дней", "12 дней", "21 день", "22 дня", "25 дней", "111 дней"]
    assert [tn("plural.tiles", n, "ru") for n in (1, 3, 14, 104)] == [
        "1 кость", "3 кости", "14 костей", "104 кости"]


def test_spanish_has_a_form_for_millions() -> None:
    assert tn("plural.points", 1_000_000, "es") == "1000000 de puntos"


def test_a_fuzzy_or_empty_entry_falls_back_to_english(tmp_path: Path) -> None:
    """A translation marked fuzzy (its English changed) or left empty is not used, nor is
    one that asks for a field the English does not fill."""
    text = po.po_path("es").read_text(encoding="utf-8")
    text = text.replace('msgctxt "total.right"\n', '#, fuzzy\nmsgctxt "total.right"\n', 1)
    text = text.replace('msgstr "Ejercicios"', 'msgstr ""')
    path = tmp_path / "es.po"
    path.write_text(text, encoding="utf-8")
    found = po.messages(po.load(path, "es"), "es")
    assert "total.right" not in found and found["total.wrong"].startswith("No del todo")
    assert "drills.title" not in found
    assert t("total.right", "es", count=5) == "Correcto: la suma es 5."  # the shipped file


def test_update_keeps_translations_and_marks_changed_english_fuzzy() -> None:
    english = dict(en.MESSAGES)
    english["total.right"] = "Correct: the count is {count}."
    english["brand.new"] = "A new message"
    del english["total.wrong"]
    merged = po.merged("ru", po.template_catalog(english), po.load(po.po_path("ru"), "ru"))
    entries = {m.context: m for m in po.entries(merged)}
    assert "fuzzy" in entries["total.right"].flags and entries["total.right"].string.startswith("Верно")
    assert entries["total.right"].previous_id == [en.MESSAGES["total.right"]]
    assert entries["brand.new"].string == "" and "total.wrong" not in entries
    assert entries["total.question"].string and not entries["total.question"].flags - {"python-brace-format"}
    assert "total.right" not in po.messages(merged, "ru")


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
@pytest.mark.parametrize("lang", TRANSLATED)
def test_gnu_msgfmt_accepts_each_catalogue(lang: str, tmp_path: Path) -> None:
    """The standard tool reads each file cleanly: headers, plural forms, brace formats."""
    done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "out.mo"),
                           str(po.po_path(lang))], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "untranslated" not in done.stderr and "fuzzy" not in done.stderr, done.stderr


def test_figures_are_written_with_each_languages_decimal_mark() -> None:
    from trainer.i18n import Typed, t
    marks = {"en": ".", "es": ",", "fi": ",", "ru": ",", "mk": ","}
    for lang, mark in marks.items():
        line = t("play.review_detail", lang, best="6-4 (6-4@W)", lost="9.6 ± 3.2", judged="40")
        assert f"9{mark}6 ± 3{mark}2" in line and "6-4@W" in line, line
        assert t("puzzles.bad_mode", lang, mode=Typed("1.5"), modes="a.b").count("1.5") == 1  # as typed
        assert "a.b" in t("puzzles.bad_mode", lang, mode="x", modes="a.b")  # not a figure: left alone


def test_a_drill_named_by_its_question_is_quoted_not_followed_by_more_punctuation() -> None:
    from trainer.i18n import t, tn
    for lang in ("en", "es", "fi", "ru", "mk"):
        for kind in ("total", "score", "round", "where"):
            title = t(f"drill.{kind}.title", lang)
            for line in (t("run.per_kind", lang, kind=title, right=1, answered=2),
                         t("puzzles.review_drill", lang, drill=title, level=1),
                         tn("queue.drill_group", 2, lang, drill=title, level=1)):
                assert title in line and not re.search(r"[?!.][:,]", line), line
