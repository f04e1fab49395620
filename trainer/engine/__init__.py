"""The rules engine: tiles, rule sets, layouts, moves and their names, positions,
deals and matches, game records, and what a record tells of the hidden hands (voids).

It may import `trainer.errors` and `trainer.i18n`, nothing else of the trainer.
"""
