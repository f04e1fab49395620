"""What a translation must satisfy: every key of the English catalogue translated,
nothing fuzzy, the same fields as the English, a form for each of the language's
plurals, and the `.po` file in step with the English it was made from.

>>> problems("en")
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from babel.messages.plurals import get_plural

from trainer.i18n import en
from trainer.i18n import pofiles as po

# numbers every language's plural forms are tried on
PLURAL_PROBES = (0, 1, 2, 5, 21, 22, 25)


@dataclass(frozen=True)
class Problem:
    """One fault of one language's catalogue."""

    lang: str
    key: str
    what: str

    def __str__(self) -> str:
        return f"{self.lang}: {self.key}: {self.what}"


def _expected(template: po.Template) -> set[str]:
    return po.template_fields(template)


def problems(lang: str, english: Mapping[str, po.Template] = en.MESSAGES) -> list[Problem]:
    """Every fault of `lang`'s `.po` catalogue against the English one (none for `en`)."""
    if lang == "en":
        return []
    path = po.po_path(lang)
    if not path.is_file():
        return [Problem(lang, "*", f"no catalogue {path.name}")]
    catalog = po.load(path, lang)
    found: list[Problem] = []
    header = get_plural(lang)
    if catalog.num_plurals != header.num_plurals:
        found.append(Problem(lang, "*", f"Plural-Forms has {catalog.num_plurals} forms, "
                                        f"CLDR has {header.num_plurals}"))
    by_key = {message.context: message for message in po.entries(catalog)}
    template = po.template_catalog(english)
    for source in po.entries(template):
        key = str(source.context)
        message = by_key.get(key)
        wanted = _expected(english[key])
        if message is None:
            found.append(Problem(lang, key, "missing"))
            continue
        if message.id != source.id:
            found.append(Problem(lang, key, "made from other English text: run update"))
        if "fuzzy" in message.flags:
            found.append(Problem(lang, key, "fuzzy"))
        strings = list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]
        if isinstance(source.id, tuple) != isinstance(message.id, tuple):
            found.append(Problem(lang, key, "plural in one catalogue, not in the other"))
            continue
        if not all(strings):
            found.append(Problem(lang, key, "untranslated"))
            continue
        plural = isinstance(source.id, tuple)
        for form in strings:
            have = po.fields(str(form))
            # a plural form may leave the count itself out ("the latest answer")
            if have != wanted and not (plural and have == wanted - {"n"}):
                found.append(Problem(lang, key, f"fields {sorted(have)} where English has {sorted(wanted)}"))
    for extra in by_key.keys() - english.keys():
        found.append(Problem(lang, str(extra), "not in the English catalogue"))
    return found


def plural_table(lang: str, key: str) -> dict[int, str]:
    """`tn(key, n, lang)` for each probe number: what a reviewer checks by eye."""
    from trainer.i18n import tn

    return {n: tn(key, n, lang) for n in PLURAL_PROBES}
