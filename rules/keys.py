"""Frozen dataclasses used over and over as cache keys (the odds look a blow, a sheet or a state up many times).

A frozen dataclass hashes all its fields on every lookup, its nested dataclasses included; ``cached_hash`` works
the hash out once and keeps it on the instance.  Put it in the class body as ``__hash__ = cached_hash`` (the
dataclass then keeps it); equality is still field by field, and ``replace`` makes a fresh instance, hash unset.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def cached_hash(self: Any) -> int:
    kept: int | None = self.__dict__.get("_hash")
    if kept is None:
        kept = hash(tuple(getattr(self, field.name) for field in fields(self)))
        object.__setattr__(self, "_hash", kept)
    return kept
