"""gunicorn settings for referee (read by ``gunicorn -c gunicorn.conf.py wsgi:app``).

Workers are gevent's (one greenlet per connection): a phone that stalls mid-request on club
Wi-Fi, or one holding a live-updates stream open, costs a greenlet and a socket,
not a whole worker. gunicorn monkey-patches the worker before it imports the app, so the
app's threading state (peewee's connection per thread, locks, sleeps) becomes per greenlet;
psycopg 3 (>= 3.1.14) then waits on the event loop by itself. Never set ``preload_app``: the
app would be imported before the patching.

Environment:

- ``BIND`` — address to listen on (default 127.0.0.1:8000);
- ``WEB_CONCURRENCY`` — worker processes (default 2: one per core of a small server);
- ``WORKER_CONNECTIONS`` — open connections per worker (default 12,000, lowered to fit the
  open-files limit, see below);
- ``BACKLOG`` — connections the kernel queues before they are accepted (default 4096);
- ``KEEPALIVE`` — seconds to wait for a request's headers (default 5, see below);
- ``GRACEFUL_TIMEOUT`` — seconds requests in flight get on SIGTERM (default 10);
- ``WORKER_TIMEOUT`` — seconds a worker's event loop may be blocked or frozen before the
  master replaces it (default 20);
- ``ACCESS_LOG`` — access log file (default "-", stdout);
- ``REFEREE_GC_FREEZE_SECONDS`` and ``REFEREE_GC_FULL_SECONDS`` — how often a worker moves
  what is alive out of the garbage collector's passes, and makes its one full pass (default
  10 and 900; 0 leaves CPython's own policy: see ``referee.collector``);
- ``CERTFILE`` and ``KEYFILE`` — serve https with this certificate (PEM, the chain after the
  server's own) and its private key (default: plain http; docs/operations.md, "HTTPS at the
  club");
- ``FORWARDED_ALLOW_IPS`` — read by gunicorn itself: the addresses of a reverse proxy whose
  ``X-Forwarded-Proto: https`` is trusted (default 127.0.0.1,::1).

The request body has its own time limit in the app (``REFEREE_BODY_TIMEOUT``, default 20 s;
gunicorn has none under gevent): a body that trickles in more slowly gets 408.
"""

import os
import resource

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gevent"

# Connections one worker holds open at once: every phone at a table keeps a live-updates
# stream open while it watches, plus its short requests. Past this the worker stops
# accepting (the kernel's backlog queues the rest), so the app admits streams only up to
# REFEREE_STREAMS_PER_WORKER (two thirds of this unless set, docs/security.md): the last third
# stays free for /healthz, /readyz, writes and reads, whatever the streams do. Each connection
# is a file descriptor: the open-files limit is raised here to its hard limit (20,000 on our
# servers), and worker_connections kept 1,000 below it (database connections, log and
# metrics files, the listening socket).

_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
if _hard == resource.RLIM_INFINITY or _soft < _hard:
    _wanted = _hard if _hard != resource.RLIM_INFINITY else 65536
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (_wanted, _hard))
        _soft = _wanted
    except (ValueError, OSError):
        pass
worker_connections = min(int(os.environ.get("WORKER_CONNECTIONS", "12000")),
                         max(100, _soft - 1000))
os.environ.setdefault("REFEREE_STREAMS_PER_WORKER", str(worker_connections * 2 // 3))

# Connections the kernel queues for the workers to accept (capped by net.core.somaxconn,
# 4096 by default): a burst of reconnections (every phone at once after a restart, or a
# flood) waits here rather than have its SYNs dropped and retried a second later.
backlog = int(os.environ.get("BACKLOG", "4096"))

# Under gevent this is the time allowed to read a request's line and headers (each request
# of a connection, the first one too; gunicorn's gevent worker wraps that read in a timeout),
# and how long an idle connection waits for its next request. 5 s: a phone on a weak Wi-Fi
# signal gets a few hundred bytes through in that time even with retransmissions, and a
# client that sends half a header and stops (idle, broken or hostile) holds a connection for
# 5 s at most, so a flood of them cannot fill worker_connections for long (docs/security.md).
# A phone between taps opens a new connection after 5 s idle (the page's writes retry on
# their own). Never 0: with keep-alive off gunicorn reads the first request's headers with no
# time limit.
keepalive = max(1, int(os.environ.get("KEEPALIVE", "5")))

# Under gevent this is not a request's time limit: the worker tells the master it is alive
# once a second from its event loop, and a worker silent for 20 s (the loop blocked by some
# CPU-bound or blocking call) is killed and replaced. Requests are short; streams are long
# and that is fine, they yield to the loop.
# It is also the bound on a worker frozen while it holds SQLite's write lock: the others' writes
# wait REFEREE_SQLITE_LOCK_WAIT (then 503 database-busy) until the master replaces it.
timeout = int(os.environ.get("WORKER_TIMEOUT", "20"))

# On SIGTERM (a deploy): stop accepting, give requests in flight 10 s to finish, then close
# what is left (a live-updates stream reconnects by itself with Last-Event-ID).
graceful_timeout = int(os.environ.get("GRACEFUL_TIMEOUT", "10"))

# TLS: gunicorn serves https itself when both are set (the request's scheme is then https,
# so the app sends Strict-Transport-Security). Behind a reverse proxy that ends TLS, leave
# them unset: the proxy's X-Forwarded-Proto is trusted from FORWARDED_ALLOW_IPS.
if os.environ.get("CERTFILE") or os.environ.get("KEYFILE"):
    certfile = os.environ.get("CERTFILE", "")
    keyfile = os.environ.get("KEYFILE", "")
    if not (certfile and keyfile):
        raise SystemExit("referee cannot start: set both CERTFILE and KEYFILE to serve https")

accesslog = os.environ.get("ACCESS_LOG", "-")
errorlog = "-"
# The control socket lives in $HOME, which a service user (the Docker image) may not have.
control_socket_disable = True

# Metrics (/metrics, docs/operations.md): every worker counts in files of one folder, which
# /metrics adds up (prometheus-client's multiprocess mode). A fresh folder per server start,
# made here in the master before any worker starts, unless the environment names one.
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    import tempfile

    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="referee-metrics-")


# The garbage collector (referee.collector): a worker holding thousands of streams tracks
# hundreds of thousands of objects, and CPython's full pass over them stopped the worker for
# 150-450 ms about once a minute, delaying every event due meanwhile. Each worker freezes
# what is alive every 10 s (the collector's passes then see only what is new) and makes its
# full pass every 15 minutes.
_gc_freeze_seconds = float(os.environ.get("REFEREE_GC_FREEZE_SECONDS", "10"))
_gc_full_seconds = float(os.environ.get("REFEREE_GC_FULL_SECONDS", "900"))


def post_worker_init(worker):
    """The worker has loaded the app: from now on its garbage collector runs as
    referee.collector says (unless REFEREE_GC_FREEZE_SECONDS is 0)."""
    if _gc_freeze_seconds > 0:
        from referee.collector import Collector

        Collector(_gc_freeze_seconds, max(_gc_full_seconds, _gc_freeze_seconds)).start()


def child_exit(server, worker):
    """A worker is gone: its live gauges (open streams) no longer count."""
    from referee.metrics import worker_exited

    worker_exited(worker.pid)
