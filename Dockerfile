# referee: the API under gunicorn, SQLite in /data by default (set DATABASE_URL for PostgreSQL).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    BIND=0.0.0.0:8000 \
    DATABASE_URL=sqlite:////data/referee.db \
    REFEREE_LEDGER_KEY_FILE=/keys/ledger.key

# The ledger key apart from the database (docs/security.md); a key an earlier image left
# next to the database (/data/referee.db.ledger-key) is still read.
RUN useradd --create-home --uid 10001 referee && mkdir /data /keys \
    && chown referee /data /keys && chmod 700 /keys
WORKDIR /app
COPY pyproject.toml README.md constraints.txt ./
COPY referee ./referee
# referee/docs links to docs/ (the rules served at /rules/): the wheel takes the files.
COPY docs ./docs
# The exact versions CI tested (constraints.txt, refreshed by `make lock`).
RUN pip install -c constraints.txt '.[postgres]'
COPY wsgi.py gunicorn.conf.py ./

# By number, so that a runtime that refuses root by policy (runAsNonRoot) can tell.
USER 10001
EXPOSE 8000
VOLUME ["/data", "/keys"]
# Liveness (/healthz) on the port BIND names: a database fault makes /readyz say "not ready"
# (for load balancers), and must never get a healthy server restarted (docs/operations.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; port = os.environ.get('BIND', '0.0.0.0:8000').rsplit(':', 1)[1]; sys.exit(0 if urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=4).status == 200 else 1)"]
CMD ["sh", "-c", "flask --app wsgi db upgrade && exec gunicorn -c gunicorn.conf.py wsgi:app"]
