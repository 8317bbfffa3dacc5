"""WSGI entry point for gunicorn: ``gunicorn wsgi:app``."""

import sys

from referee.api import create_app
from referee.api.limits import SettingError
from referee.store.keys import LedgerKeyError

try:
    app = create_app()
except (LedgerKeyError, SettingError) as error:  # a clear start-up error, not a traceback
    print(f"referee cannot start: {error}", file=sys.stderr)
    raise SystemExit(3) from None
