"""referee: a scorekeeping and referee service for Pitch and Piquet.

The rules engines (:mod:`referee.piquet`, :mod:`referee.pitch`) are pure
Python; :mod:`referee.api` is the HTTP shell and :mod:`referee.store` the
ledger storage.
"""

__version__ = "0.1.0"

#: Version of the rules text the engines implement (shared/rules/*.md).
RULES_VERSION = "2026-11"
