"""The text the learner reads: one catalogue per language, English first.

The source catalogue is the module `trainer.i18n.en`: `NAME` (the language's own
name) and `MESSAGES`, a dict of message keys to `str.format` templates with named
fields. A message that depends on a number is a dict of CLDR plural categories
(`one`, `few`, `many`, `other`, ...) to templates, read with `tn()`, which picks the
language's form by Babel's plural rules. The other languages are gettext catalogues,
`locale/<lang>.po` (see `pofiles.py`; `python -m trainer.i18n` extracts, updates and
checks them); a module `trainer.i18n.<lang>` shaped like `en` would serve too.
Adding a language is adding a catalogue: no page or trainer code changes. A key
missing from a language (or fuzzy there) falls back to English; a key missing from
English comes out as `[key]`, never as an exception.

>>> t("total.right", count=12)
'Right: the count is 12.'
>>> t("total.right", lang="xx", count=12)  # no such catalogue: English
'Right: the count is 12.'
>>> t("no.such.key")
'[no.such.key]'
>>> t("total.right")  # a value not given stays visible, it does not raise
'Right: the count is {count}.'
>>> tn("plural.days", 1), tn("plural.days", 5)
('1 day', '5 days')
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import Optional, Union

from babel import Locale, UnknownLocaleError
from babel.numbers import format_percent, get_decimal_symbol, get_group_symbol

from trainer.i18n import pofiles as po

Template = Union[str, Mapping[str, str]]

DEFAULT = "en"
_LANG = re.compile(r"[a-z]{2,3}")


class _Keep(dict[str, object]):
    """Format values; a field with no value is printed as written (`{name}`)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def normalize(lang: str) -> str:
    """`es-MX`, `ES` or `es_mx` -> `es`; anything unreadable -> the default.

    >>> normalize("es-MX"), normalize("FI"), normalize("../etc"), normalize("")
    ('es', 'fi', 'en', 'en')
    """
    primary = re.split(r"[-_]", lang.strip().lower(), maxsplit=1)[0] if isinstance(lang, str) else ""
    return primary if _LANG.fullmatch(primary) else DEFAULT


@cache
def _module(lang: str) -> Optional[ModuleType]:
    try:
        return importlib.import_module(f"{__name__}.{lang}")
    except ImportError:
        return None


def catalogue(lang: str = DEFAULT) -> Mapping[str, Template]:
    """The messages of one language (empty when there is no such catalogue)."""
    code = normalize(lang)
    module = _module(code)
    messages = getattr(module, "MESSAGES", None) if module is not None else None
    if isinstance(messages, Mapping):
        return messages
    return po.translations(code)


def languages() -> dict[str, str]:
    """Every catalogue shipped, code -> the language's own name, English first.

    >>> languages()["en"]
    'English'
    """
    modules = {m.name for m in pkgutil.iter_modules(__path__) if _LANG.fullmatch(m.name)}
    codes = sorted(modules | set(po.po_languages()))
    codes.sort(key=lambda code: code != DEFAULT)
    found: dict[str, str] = {}
    for code in codes:
        module = _module(code) if code in modules else None
        if module is not None:
            found[code] = str(getattr(module, "NAME", code))
        elif code not in modules:
            found[code] = po.native_name(code)
    return found


def has(key: str, lang: str = DEFAULT) -> bool:
    """Whether `lang`'s own catalogue holds `key` (no fallback)."""
    return key in catalogue(lang)


def _fill(template: str, values: dict[str, object]) -> Optional[str]:
    try:
        return template.format_map(_Keep(values))
    except (ValueError, IndexError, AttributeError, KeyError, TypeError):
        return None


@cache
def plural_category(lang: str, count: int) -> str:
    """The CLDR plural category of `count` in `lang` (Babel's rules).

    >>> [plural_category("ru", n) for n in (1, 2, 5, 21)]
    ['one', 'few', 'many', 'one']
    """
    try:
        return str(Locale.parse(normalize(lang)).plural_form(abs(count)))
    except (UnknownLocaleError, ValueError, TypeError):
        return "one" if count == 1 else "other"


def _pick(template: Template, lang: str, count: Optional[int]) -> Optional[str]:
    if isinstance(template, str):
        return template
    if isinstance(template, Mapping):
        form = plural_category(lang, count) if count is not None else "other"
        chosen = template.get(form, template.get("other"))
        return chosen if isinstance(chosen, str) else None
    return None


DECIMAL = re.compile(r"[+\-]?\d+\.\d+(?: ± \d+\.\d+)?")  # a figure as the pages write it: "-9.6 ± 3.2"


@cache
def decimal_symbol(lang: str) -> str:
    """The language's decimal separator (Babel's): "," in Spanish, "." in English."""
    try:
        return str(get_decimal_symbol(normalize(lang)))
    except (UnknownLocaleError, ValueError, TypeError):
        return "."


@cache
def group_symbol(lang: str) -> str:
    """The language's thousands separator (Babel's): "," in English, a no-break space in
    Russian."""
    try:
        return str(get_group_symbol(normalize(lang)))
    except (UnknownLocaleError, ValueError, TypeError):
        return ","


def percent(whole: Union[int, str], lang: str = DEFAULT) -> str:
    """A share in percent as the language writes it (Babel): "50%" in English, "50 %"
    (a no-break space) in Spanish; `whole` may be a chart's placeholder such as "%{y}".

    >>> percent(50), percent(50, "es"), percent("%{y}", "ru")
    ('50%', '50\xa0%', '%{y}\xa0%')
    """
    try:
        shape = str(format_percent(0.5, locale=normalize(lang)))
    except (UnknownLocaleError, ValueError, TypeError):
        shape = "50%"
    return shape.replace("50", str(whole), 1)


class Typed(str):
    """Text the learner typed, echoed in a message: never rewritten as a figure."""


def localized(value: object, lang: str) -> object:
    """A figure filled into a message, written with the language's decimal separator.

    >>> localized("-9.6 ± 3.2", "es"), localized(2.5, "fi"), localized("6-4@W", "ru"), localized(" 1.5", "es")
    ('-9,6 ± 3,2', '2,5', '6-4@W', ' 1.5')
    """
    mark = decimal_symbol(lang)
    if mark == "." or isinstance(value, (bool, Typed)):
        return value
    if isinstance(value, float):
        value = str(value)
    if isinstance(value, str) and DECIMAL.fullmatch(value):
        return value.replace(".", mark)
    return value


def _lookup(key: str, lang: str, count: Optional[int], values: dict[str, object]) -> str:
    for code in (normalize(lang), DEFAULT):
        template = catalogue(code).get(key)
        if template is not None:
            chosen = _pick(template, code, count)
            shown = {name: localized(value, code) for name, value in values.items()}
            text = _fill(chosen, shown) if chosen is not None else None
            if text is not None:
                return text
    return f"[{key}]"


def t(key: str, lang: str = DEFAULT, **values: object) -> str:
    """The message `key` in `lang` filled with `values`: falls back to English, and to
    `[key]` for a key no catalogue knows. Never raises for a missing key or value."""
    return _lookup(key, lang, None, values)


def tn(key: str, count: int, lang: str = DEFAULT, **values: object) -> str:
    """The plural message `key` for `count` in `lang`; `{n}` is the count itself.

    >>> tn("plural.points", 0), tn("plural.points", 1)
    ('0 points', '1 point')
    >>> [tn("plural.points", n, "ru") for n in (1, 2, 5, 21)]
    ['1 очко', '2 очка', '5 очков', '21 очко']
    """
    return _lookup(key, lang, count, {"n": count, **values})


def join(items: list[str], lang: str = DEFAULT) -> str:
    """A list for a sentence: `a, b and c` in English.

    >>> join(["east", "west", "north"]), join(["east"]), join([])
    ('east, west and north', 'east', '')
    """
    if len(items) <= 1:
        return "".join(items)
    head = t("list.separator", lang).join(items[:-1])
    return t("list.last", lang, head=head, last=items[-1])
