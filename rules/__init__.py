"""Woundbook's rule engine: damage resolution and wound tracking, pure Python.

The page talks to it through :func:`rules.api.call` (JSON text in and out);
a terminal through ``python -m rules call METHOD JSON``.
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["__version__"]
