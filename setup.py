"""Builds the engine's fast internal path (a small C extension); metadata is in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("trainer._fast", ["trainer/_fast.c"], extra_compile_args=["-O2"])])
