"""One vocabulary, one register and the typography of numbers, in every translation.

Each language has a rules file, `tests/i18n_style/<lang>.toml`:

    address = "tú"              # the form of address the language uses (for the report)
    units = ["s", "min"]        # optional: units of its own, besides those below
    [[forbidden]]               # a variant of a glossary term that no message may hold
    pattern = '\\bmulas?\\b'      # Python regex, matched case-insensitively on each message
    use = "ruleta"              # the glossary's word (docs/glossary-<lang>.md)
    why = "..."                 # why the variant is wrong
    example = "La mula ..."     # optional: a message the pattern must catch
    except = ["some.key"]       # optional: messages the pattern does not apply to
    [[register]]                # forms of the other register: none allowed
    pattern = '\\busted(es)?\\b'
    [latin]
    allowed = ["All Fives", "Muggins"]   # Latin-script words allowed inside a sentence
    english = ["boneyard", ...]          # Latin-script languages: English words no message may hold

Every message is checked in every plural form, with each `{field}` written as `{}`.
The players' other names of the glossary (`glossary.<term>.aka`) exist to name the
variants, so the forbidden patterns do not apply to them; everything else does.
- A Cyrillic language may hold no Latin-script word but `allowed`, move and position
  codes (6-4@E, 5-5:5-2:::, ?N, d-d:E:W:N:S), a side letter (E, W, N, S), a strftime
  directive (%d), a file extension (.txt); a Latin-script one no word of `english`.
- A number (or a field) and "%" are parted as the language's own typography parts them
  (Babel's `format_percent`): no space in English, a no-break space (U+00A0, or U+202F)
  elsewhere; a number and a unit (s, min, h, KB, ...) by a no-break space everywhere.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.numbers import format_percent

from trainer.i18n import catalogue, en

RULES_DIR = Path(__file__).resolve().parent / "i18n_style"
LANGS = ("es", "fi", "ru", "mk")  # every translation has a rules file
CYRILLIC = frozenset({"ru", "mk"})
PRESENT = tuple(sorted(path.stem for path in RULES_DIR.glob("*.toml")))
NO_BREAK = ("\u00a0", "\u202f")
# units written after a number in the catalogues (seconds, minutes, hours, file sizes)
LATIN_UNITS = ("s", "ms", "min", "h", "KB", "kB", "MB", "px")
CYRILLIC_UNITS = ("с", "мс", "мин", "ч", "сек", "КБ", "Кб", "кБ", "МБ")

FIELD = re.compile(r"\{\w*\}")
# a figure that stands alone (not the pips of a tile code such as 6-4, nor a position code)
NUMBER = r"(?:(?<![\w\-:@,/?.])\d+(?:[.,]\d+)?|\{\})"
# what may hold Latin letters in a Cyrillic sentence without being a word of it
CODES = re.compile(
    r"(?<![\w])[0-6dab?][0-6dabEWNS?:,/\-+@]*[\-:@?][0-6dabEWNS?:,/\-+@]*"  # 6-4@E, 5-5:5-2:::, ?N, a-b
    r"|%[a-zA-Z]"                                                           # %d %m
    r"|(?<![\w.])\.[a-z]{2,4}\b"                                            # .txt .json
    r"|\b[EWNS]\b"                                                          # side letters
)
LATIN_WORD = re.compile(r"[A-Za-z]+(?:[-'’][A-Za-z0-9]+)*")


@dataclass(frozen=True)
class Forbidden:
    pattern: re.Pattern[str]
    use: str
    why: str
    example: str = ""
    exempt: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rules:
    lang: str
    address: str
    forbidden: tuple[Forbidden, ...]
    register: tuple[re.Pattern[str], ...]
    allowed: tuple[str, ...]
    english: tuple[str, ...]
    units: tuple[str, ...]


def rules_from(lang: str, data: Mapping[str, object]) -> Rules:
    """A rules file's contents, checked for shape: every pattern compiles, every
    forbidden variant names the word to use and why."""
    def table(name: str) -> list[Mapping[str, object]]:
        found = data.get(name, [])
        assert isinstance(found, list) and all(isinstance(item, dict) for item in found), name
        return found

    forbidden = []
    for item in table("forbidden"):
        pattern, use, why = item.get("pattern"), item.get("use"), item.get("why")
        assert isinstance(pattern, str) and isinstance(use, str) and isinstance(why, str), item
        assert use and why, item
        exempt = item.get("except", [])
        assert isinstance(exempt, list), item
        forbidden.append(Forbidden(re.compile(pattern, re.IGNORECASE), use, why, str(item.get("example", "")),
                                   tuple(map(str, exempt))))
    register = []
    for item in table("register"):
        assert isinstance(item.get("pattern"), str), item
        register.append(re.compile(str(item["pattern"]), re.IGNORECASE))
    latin = data.get("latin", {})
    assert isinstance(latin, dict)
    units = data.get("units", [])
    assert isinstance(units, list)
    address = data.get("address", "")
    assert isinstance(address, str) and address, f"{lang}: no address (the register)"
    return Rules(lang, address, tuple(forbidden), tuple(register),
                 tuple(map(str, latin.get("allowed", []))), tuple(map(str, latin.get("english", []))),
                 tuple(map(str, units)))


def load_rules(lang: str) -> Rules:
    with (RULES_DIR / f"{lang}.toml").open("rb") as handle:
        return rules_from(lang, tomllib.load(handle))


def messages(lang: str, named: bool = False) -> Iterator[tuple[str, str]]:
    """(key, text) for every message of `lang`, each plural form on its own, with its
    fields written as `{}` (`named`: as they are, `{who}`)."""
    for key, template in catalogue(lang).items():
        forms = [template] if isinstance(template, str) else list(dict.fromkeys(template.values()))
        for form in forms:
            yield key, form if named else FIELD.sub("{}", form)


def is_aka(key: str) -> bool:
    return key.startswith("glossary.") and key.endswith(".aka")


# ----- the checks: each takes one message and returns what is wrong with it -----
def forbidden_problems(rules: Rules, key: str, text: str) -> list[str]:
    if is_aka(key):
        return []
    bare = FIELD.sub("{}", text)  # a rule may name a field ({who}) or not ({})
    return [f"{key}: «{found.group(0)}» where the glossary says «{rule.use}» ({rule.why})"
            for rule in rules.forbidden if key not in rule.exempt
            for found in [rule.pattern.search(text) or rule.pattern.search(bare)] if found]


def register_problems(rules: Rules, key: str, text: str) -> list[str]:
    return [f"{key}: «{found.group(0)}» is not {rules.address}"
            for pattern in rules.register for found in [pattern.search(text)] if found]


def _without(text: str, phrases: tuple[str, ...]) -> str:
    for phrase in sorted(phrases, key=len, reverse=True):
        spaced = r"[ \u00a0\u202f]".join(map(re.escape, phrase.split(" ")))  # "All Fives" may be unbreakable
        text = re.sub(rf"(?<![\w]){spaced}(?![\w])", " ", text)
    return text


def latin_problems(rules: Rules, key: str, text: str) -> list[str]:
    bare = CODES.sub(" ", _without(text, rules.allowed).replace("{}", " "))
    if rules.lang in CYRILLIC:
        return [f"{key}: Latin-script word «{word}»" for word in LATIN_WORD.findall(bare)]
    english = {word.lower() for word in rules.english}
    return [f"{key}: English word «{word}»" for word in LATIN_WORD.findall(bare) if word.lower() in english]


def percent_space(lang: str) -> str:
    """What the language puts between a number and "%" (Babel): "" in English."""
    return str(format_percent(0.5, locale=lang)).replace("50", "").replace("%", "")


def spacing_problems(lang: str, key: str, text: str, extra_units: tuple[str, ...] = ()) -> list[str]:
    found = []
    wanted = percent_space(lang)
    for match in re.finditer(NUMBER + r"([ \t\u00a0\u202f]*)%", text):
        space = match.group(1)
        if (space != "") if wanted == "" else (space not in NO_BREAK):
            found.append(f"{key}: «{match.group(0)}»: {lang} writes a number and % with "
                         + ("no space" if wanted == "" else "a no-break space (U+00A0 or U+202F)"))
    units = LATIN_UNITS + CYRILLIC_UNITS + extra_units  # a Cyrillic text may write KB, a Latin one never с
    alternatives = "|".join(re.escape(unit) for unit in sorted(set(units), key=len, reverse=True))
    for match in re.finditer(NUMBER + rf"([ \t\u00a0\u202f]*)({alternatives})(?![\w])", text):
        if match.group(1) not in NO_BREAK:
            found.append(f"{key}: «{match.group(0)}»: a number and its unit need a no-break space")
    return found


def _report(found: list[str]) -> str:
    return "\n".join(found[:40]) + f"\n({len(found)} problems)"


# ----- the catalogues -----
@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_has_its_rules(lang: str) -> None:
    assert lang in PRESENT, f"no {RULES_DIR.name}/{lang}.toml: write the rules of {lang} in it"
    rules = load_rules(lang)
    assert rules.forbidden and rules.register, lang


@pytest.mark.parametrize("lang", PRESENT)
def test_the_rules_hold_together(lang: str) -> None:
    """Each variant's example is caught, and the glossary's own word is not forbidden."""
    rules = load_rules(lang)
    for rule in rules.forbidden:
        if rule.example:
            assert rule.pattern.search(rule.example), (lang, rule.pattern.pattern, rule.example)
        assert not rule.pattern.search(rule.use), (lang, rule.pattern.pattern, rule.use)


@pytest.mark.parametrize("lang", PRESENT)
def test_no_message_holds_a_forbidden_variant(lang: str) -> None:
    rules = load_rules(lang)
    found = [problem for key, text in messages(lang, named=True)
             for problem in forbidden_problems(rules, key, text)]
    assert not found, _report(found)


@pytest.mark.parametrize("lang", PRESENT)
def test_one_register(lang: str) -> None:
    rules = load_rules(lang)
    found = [problem for key, text in messages(lang) for problem in register_problems(rules, key, text)]
    assert not found, _report(found)


@pytest.mark.parametrize("lang", PRESENT)
def test_no_latin_script_word_but_the_allowed_ones(lang: str) -> None:
    rules = load_rules(lang)
    found = [problem for key, text in messages(lang) for problem in latin_problems(rules, key, text)]
    assert not found, _report(found)


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_numbers_keep_their_per_cent_and_units(lang: str) -> None:
    extra = load_rules(lang).units if lang in PRESENT else ()
    found = [problem for key, text in messages(lang) for problem in spacing_problems(lang, key, text, extra)]
    assert not found, _report(found)


def test_the_english_catalogue_is_checked_too() -> None:
    """The per-cent and unit check reads English itself: its figures are there."""
    texts = dict(messages("en"))
    assert "{}%" in texts["progress.metric_right"] and "{}\u00a0s" in texts["run.remaining"]
    assert set(dict(messages("es"))) == set(en.MESSAGES)


# ----- each check catches a planted bad message -----
SPANISH = rules_from("es", {
    "address": "tú",
    "forbidden": [{"pattern": r"\bmulas?\b", "use": "ruleta", "why": "the spinner is «ruleta»"}],
    "register": [{"pattern": r"\busted(es)?\b"}],
    "latin": {"allowed": ["All Fives", "Muggins"], "english": ["boneyard", "spinner"]},
})
RUSSIAN = rules_from("ru", {
    "address": "вы",
    "forbidden": [{"pattern": r"\bкон[аеуы]\b", "use": "рука", "why": "a hand is «рука»"}],
    "register": [{"pattern": r"\bты\b"}],
    "latin": {"allowed": ["All Fives", "Muggins", "JSON"]},
})


def test_a_forbidden_variant_is_caught() -> None:
    assert forbidden_problems(SPANISH, "puzzles.tag.spinner", "abrir la mula")
    assert forbidden_problems(SPANISH, "x", "Las MULAS cuentan")  # any case, any plural
    assert forbidden_problems(RUSSIAN, "puzzles.most_now_exact", "до конца коны")
    assert not forbidden_problems(SPANISH, "x", "abrir la ruleta; estimular")
    assert not forbidden_problems(SPANISH, "glossary.double.aka", "mula")  # the players' other names
    rule = Forbidden(re.compile("mula", re.I), "ruleta", "why", exempt=("some.key",))
    assert not forbidden_problems(Rules("es", "tú", (rule,), (), (), (), ()), "some.key", "mula")


def test_the_other_register_is_caught() -> None:
    assert register_problems(SPANISH, "x", "Si usted juega 6-4")
    assert register_problems(RUSSIAN, "x", "Ты выиграл")
    assert not register_problems(SPANISH, "x", "Si juegas 6-4")
    if "es" in PRESENT:  # the shipped Spanish rules: usted's imperative, vosotros
        spanish = load_rules("es")
        assert register_problems(spanish, "x", "Pulse el botón.")
        assert register_problems(spanish, "x", "Jugáis")
        assert not register_problems(spanish, "x", "la que haga más pequeño lo máximo")


def test_a_latin_script_word_inside_a_sentence_is_caught() -> None:
    assert latin_problems(RUSSIAN, "x", "Возьмите плитку из boneyard.")
    assert latin_problems(RUSSIAN, "x", "Играем с Muggins и Sniff")
    assert latin_problems(SPANISH, "x", "Saca una ficha del boneyard.")
    assert latin_problems(SPANISH, "x", "La Spinner cuenta")
    for fine in ("Ход {} (6-4@E), затем 5-5:5-2:5-3::.", "All Fives с Muggins: JSON", "All\u00a0Fives",
                 "?N, N от 0 до 28", "d-d:E:W:N:S, a-b, 6-4", "%d.%m", "(.txt)", "E, W, N и S"):
        assert not latin_problems(RUSSIAN, "x", FIELD.sub("{}", fine)), fine
    assert not latin_problems(SPANISH, "x", "All Fives se juega con Muggins: 6-4@E")


def test_per_cent_and_unit_spacing_is_caught() -> None:
    nbsp = "\u00a0"
    assert spacing_problems("es", "x", "({} %)")  # an ordinary space
    assert spacing_problems("es", "x", "con el 95%")  # none
    assert spacing_problems("fi", "x", "95 %:n")
    assert spacing_problems("en", "x", "95 % right")
    assert spacing_problems("en", "x", "{} s left") and spacing_problems("en", "x", "at most {} KB")
    assert spacing_problems("es", "x", "dentro de 5min") and spacing_problems("ru", "x", "через {} мин")
    assert spacing_problems("fi", "x", "{} kt", ("kt",))
    for lang, fine in (("es", f"({{}}{nbsp}%)"), ("fi", f"95{nbsp}%:n"), ("en", "95% right"),
                       ("ru", "95\u202f%"), ("en", f"{{}}{nbsp}s left"), ("ru", f"через {{}}{nbsp}мин"),
                       ("es", "6-4 s"), ("es", "{} segundos"), ("en", "the {} sides"), ("ru", "с 6-4 с")):
        assert not spacing_problems(lang, "x", fine), (lang, fine)


def test_a_rule_that_names_a_field_catches_the_message_as_shipped() -> None:
    """Messages are checked with their fields as written ({who}) and as `{}`: a rule
    that names a field catches a real message, and one written with `{}` still does."""
    spanish = load_rules("es")
    for text in ("{who} tiene {n}", "Leído así, {move} sale mejor que {other} por {diff} puntos",
                 "{move} sale por delante de {other} por {diff}"):
        assert forbidden_problems(spanish, "x", text), text
    assert not forbidden_problems(spanish, "x", "{who}: {n}")
    macedonian = load_rules("mk")
    assert register_problems(macedonian, "x", "Отвори ја масата")
    assert not register_problems(macedonian, "x", "Отворете ја масата")

