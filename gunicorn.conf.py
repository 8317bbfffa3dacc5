"""gunicorn settings for referee (read by ``gunicorn -c gunicorn.conf.py wsgi:app``).

Environment: BIND (default 127.0.0.1:8000), WEB_CONCURRENCY (workers, default 2),
GUNICORN_THREADS (threads per worker, default 1), ACCESS_LOG (default "-", stdout).
"""

import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
accesslog = os.environ.get("ACCESS_LOG", "-")
errorlog = "-"
timeout = 30
graceful_timeout = 10
# The control socket lives in $HOME, which a service user (the Docker image) may not have.
control_socket_disable = True
