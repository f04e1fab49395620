"""`python -m trainer.i18n extract|update|check|plurals [LANG...]`: the translators' tools.

- extract: write `messages.pot` from the English catalogue `en.py`;
- update: bring each `locale/<lang>.po` up to it (new keys empty, changed English fuzzy;
  a new language's file is created), then extract;
- check: list every missing, fuzzy or mismatched entry; exit status 1 if any;
- plurals: print each plural message for 0, 1, 2, 5, 21, 22 and 25.
"""

from __future__ import annotations

import sys
from typing import Optional

from trainer.i18n import en, languages
from trainer.i18n import pofiles as po
from trainer.i18n.checks import problems


def extract() -> bool:
    return po.write_if_changed(po.TEMPLATE, po.to_text(po.template_catalog(en.MESSAGES)))


def update(langs: list[str]) -> None:
    template = po.template_catalog(en.MESSAGES)
    for lang in langs:
        path = po.po_path(lang)
        existing = po.load(path, lang) if path.is_file() else None
        changed = po.write_if_changed(path, po.to_text(po.merged(lang, template, existing)))
        print(f"{path.name}: {'updated' if changed else 'unchanged'}")


def main(argv: Optional[list[str]] = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("extract", "update", "check", "plurals"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, langs = args[0], args[1:] or [code for code in languages() if code != "en"]
    if command == "extract":
        print(f"{po.TEMPLATE.name}: {'written' if extract() else 'unchanged'}")
    elif command == "update":
        extract()
        update(langs)
    elif command == "check":
        found = [problem for lang in langs for problem in problems(lang)]
        for problem in found:
            print(problem)
        total = len(po.template_catalog(en.MESSAGES)) - 0
        for lang in langs:
            bad = {p.key for p in found if p.lang == lang}
            print(f"{lang}: {total - len(bad)} of {total} messages complete", file=sys.stderr)
        return 1 if found else 0
    else:
        from trainer.i18n.checks import plural_table

        plural_keys = [key for key, value in en.MESSAGES.items() if not isinstance(value, str)]
        for lang in langs:
            for key in plural_keys:
                print(lang, key, " | ".join(plural_table(lang, key).values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
