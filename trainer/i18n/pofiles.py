"""Gettext catalogues of the translations: the template `messages.pot` written from
the English catalogue, and each language's `locale/<lang>.po` read back as messages.

An entry's `msgctxt` is the message key and its `msgid` the English text; a plural
message has `msgid` (the English `one` form), `msgid_plural` (`other`) and one
`msgstr[i]` per form of the language's `Plural-Forms` header (Babel's, from CLDR).
The runtime keeps plural messages as dicts of CLDR categories, as in `en.py`: each
form index is mapped to the categories whose numbers the header sends to it.

>>> categories_by_index("ru")
{0: ['one'], 1: ['few'], 2: ['many', 'other']}
>>> categories_by_index("fi")
{0: ['one'], 1: ['other']}
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Optional, Union

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

Template = Union[str, Mapping[str, str]]

HERE = Path(__file__).resolve().parent
LOCALE_DIR = HERE / "locale"
TEMPLATE = HERE / "messages.pot"
PROJECT = "allfives-trainer"
TRANSLATOR = "The All Fives trainer authors"
HEADER = ("# {what} of the All Fives trainer.\n"
          "# The source is trainer/i18n/en.py: `python -m trainer.i18n update` brings this file up\n"
          "# to it, `python -m trainer.i18n check` lists what is missing, fuzzy or mismatched.\n#")
# a fixed date: the files change only when their messages do
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
# the numbers that decide which CLDR category each gettext form stands for
SAMPLES = (*range(0, 200), 1000, 1001, 1002, 1005, 10**6, 2 * 10**6)
CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")


def fields(template: str) -> set[str]:
    """The named fields of a format template.

    >>> sorted(fields("{tile} on the {side} end, {{literal}}"))
    ['side', 'tile']
    """
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError:
        return {"<unreadable template>"}


def template_fields(template: Template) -> set[str]:
    """The fields of a message, every plural form together."""
    if isinstance(template, str):
        return fields(template)
    return set().union(*(fields(form) for form in template.values()))


def po_path(lang: str) -> Path:
    return LOCALE_DIR / f"{lang}.po"


def po_languages() -> list[str]:
    """The languages with a `.po` catalogue, by code."""
    return sorted(path.stem for path in LOCALE_DIR.glob("*.po")) if LOCALE_DIR.is_dir() else []


@cache
def plural_function(lang: str) -> Callable[[int], int]:
    """The gettext form index of a count in `lang` (its Plural-Forms expression)."""
    return gettext.c2py(get_plural(lang).plural_expr)


@cache
def categories_by_index(lang: str) -> dict[int, list[str]]:
    """Which CLDR categories each gettext form index stands for in `lang`; a category
    no sample number reaches (Russian `other`, for fractions) joins the last form."""
    locale = Locale.parse(lang)
    choose = plural_function(lang)
    found: dict[int, list[str]] = {}
    for number in SAMPLES:
        category = str(locale.plural_form(number))
        index = choose(number)
        if category not in found.setdefault(index, []):
            found[index].append(category)
    seen = {category for categories in found.values() for category in categories}
    last = get_plural(lang).num_plurals - 1
    for category in CATEGORY_ORDER:
        if category not in seen and category in locale.plural_form.tags | {"other"}:
            found.setdefault(last, []).append(category)
    return {index: sorted(found[index], key=CATEGORY_ORDER.index) for index in sorted(found)}


def forms_to_categories(lang: str, forms: tuple[str, ...]) -> dict[str, str]:
    """A plural translation's forms, by index, as a dict of CLDR categories."""
    out: dict[str, str] = {}
    for index, categories in categories_by_index(lang).items():
        if index < len(forms) and forms[index]:
            for category in categories:
                out[category] = forms[index]
    return out


def categories_to_forms(lang: str, template: Mapping[str, str]) -> tuple[str, ...]:
    """A dict of CLDR categories as the language's gettext forms (missing: empty)."""
    by_index = categories_by_index(lang)
    count = get_plural(lang).num_plurals
    return tuple(next((template[c] for c in by_index.get(index, []) if c in template),
                      template.get("other", "")) for index in range(count))


# ----- the template -----
def _comment(template: Template) -> list[str]:
    names = sorted(template_fields(template))
    return [f"fields: {', '.join('{' + name + '}' for name in names)}"] if names else []


def template_catalog(messages: Mapping[str, Template]) -> Catalog:
    """The English catalogue as a gettext template: context = key, id = English."""
    catalog = Catalog(project=PROJECT, version="1", creation_date=STAMP, revision_date=STAMP,
                      copyright_holder=TRANSLATOR, msgid_bugs_address="", fuzzy=False,
                      charset="utf-8", header_comment=HEADER.format(what="Message template"))
    for key, template in messages.items():
        if isinstance(template, str):
            catalog.add(template, context=key, auto_comments=_comment(template))
        else:
            one = template.get("one", template.get("other", ""))
            catalog.add((one, template.get("other", one)), context=key, auto_comments=_comment(template))
    return catalog


def to_text(catalog: Catalog) -> str:
    """A catalogue as .po (or .pot) text, lines unwrapped. Templates are brace formats
    only: Babel's guess of `python-format` (from a `%` in "{percent}% right") is dropped."""
    for message in catalog:
        message.flags.discard("python-format")
    buffer = BytesIO()
    write_po(buffer, catalog, width=0, omit_header=False, include_previous=True,
             ignore_obsolete=True)
    return buffer.getvalue().decode("utf-8")


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` unless the file already holds it; whether it was written."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


# ----- a language's catalogue -----
def load(path: Path, lang: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, abort_invalid=False)


def new_catalog(lang: str) -> Catalog:
    return Catalog(locale=lang, project=PROJECT, version="1", creation_date=STAMP,
                   revision_date=STAMP, language_team=f"{native_name(lang)} translators",
                   last_translator=TRANSLATOR, copyright_holder=TRANSLATOR, msgid_bugs_address="",
                   fuzzy=False, charset="utf-8",
                   header_comment=HEADER.format(what=f"{native_name(lang)} ({lang}) translation"))


def entries(catalog: Catalog) -> Iterator[Message]:
    """The messages of a catalogue, the header left out."""
    for message in catalog:
        if message.id:
            yield message


def merged(lang: str, template: Catalog, existing: Optional[Catalog]) -> Catalog:
    """`lang`'s catalogue brought up to the template, entry by entry (by key): a kept
    translation whose English changed becomes fuzzy (the old English kept as previous
    msgid), a new key is empty, a key no longer in English is dropped."""
    out = new_catalog(lang)
    old = {m.context: m for m in entries(existing)} if existing is not None else {}
    for message in entries(template):
        before = old.get(message.context)
        plural = isinstance(message.id, tuple)
        blank: Union[str, tuple[str, ...]] = ("",) * get_plural(lang).num_plurals if plural else ""
        string_: Union[str, tuple[str, ...]] = blank
        flags: set[str] = set()
        previous: list[str] = []
        if before is not None and isinstance(before.id, tuple) == plural:
            string_ = _resized(before.string, blank)
            if "fuzzy" in before.flags or before.id != message.id:
                if any(string_ if isinstance(string_, tuple) else [string_]):
                    flags.add("fuzzy")
                    previous = _previous(before)
        out.add(message.id, string_, context=message.context, auto_comments=message.auto_comments,
                user_comments=before.user_comments if before is not None else (), flags=flags,
                previous_id=previous)
    return out


def _previous(before: Message) -> list[str]:
    """The English a fuzzy translation was made from (kept across updates)."""
    if "fuzzy" in before.flags and before.previous_id:
        return [str(text) for text in before.previous_id]
    return [str(text) for text in before.id] if isinstance(before.id, (tuple, list)) else [str(before.id)]


def _resized(value: object, blank: Union[str, tuple[str, ...]]) -> Union[str, tuple[str, ...]]:
    if isinstance(blank, str):
        return value if isinstance(value, str) else ""
    forms = list(value) if isinstance(value, (tuple, list)) else []
    forms = [str(form or "") for form in forms][:len(blank)]
    return tuple(forms + [""] * (len(blank) - len(forms)))


def messages(catalog: Catalog, lang: str) -> dict[str, Template]:
    """The usable translations of a catalogue, key -> template: fuzzy and empty
    entries are left out (they fall back to English)."""
    out: dict[str, Template] = {}
    for message in entries(catalog):
        if not message.context or "fuzzy" in message.flags:
            continue
        if isinstance(message.string, (tuple, list)):
            strings = tuple(str(s or "") for s in message.string)
            if len(strings) == get_plural(lang).num_plurals and all(strings):
                out[message.context] = forms_to_categories(lang, strings)
        elif isinstance(message.string, str) and message.string:
            out[message.context] = message.string
    return out


@cache
def translations(lang: str) -> Mapping[str, Template]:
    """`lang`'s translations from `locale/<lang>.po`, read once (empty if absent)."""
    path = po_path(lang)
    if not path.is_file():
        return {}
    try:
        found = messages(load(path, lang), lang)
    except (OSError, ValueError):
        return {}
    from trainer.i18n.en import MESSAGES as english

    # a translation asking for a field the English does not fill would print it raw
    return {key: template for key, template in found.items()
            if key in english and template_fields(template) <= template_fields(english[key])}


def native_name(lang: str) -> str:
    """The language's name in itself, capitalised: `Русский`, `Suomi`."""
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (ValueError, TypeError):
        return lang
    return name[:1].upper() + name[1:]
