"""A TCP proxy in front of the database server, for fault tests: it can freeze (keep every
connection open and pass nothing, as a SIGSTOPped server does) and thaw."""

from __future__ import annotations

import socket
import threading
from contextlib import suppress


class FreezableProxy:
    """Listens on 127.0.0.1:<port> and forwards every connection to ``target`` (host, port)."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.flowing = threading.Event()
        self.flowing.set()
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def freeze(self) -> None:
        """Pass no more bytes either way (connections stay open)."""
        self.flowing.clear()

    def thaw(self) -> None:
        self.flowing.set()

    def close(self) -> None:
        self.closed = True
        self.flowing.set()
        with suppress(OSError):
            self.listener.close()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.flowing.wait()
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            while not self.closed:
                data = source.recv(65536)
                if not data:
                    break
                self.flowing.wait()
                sink.sendall(data)
        with suppress(OSError):
            sink.shutdown(socket.SHUT_WR)


class CommitReplyDropper(FreezableProxy):
    """A proxy in front of PostgreSQL that, once armed, forwards the next ``COMMIT`` it sees
    and then drops the server's reply and closes the connection: the write is stored, and
    the client never hears so."""

    COMMIT = b"Q\x00\x00\x00\x0bCOMMIT\x00"  # the simple-query message psycopg sends

    def __init__(self, target: tuple[str, int]) -> None:
        self.armed = threading.Event()
        self.fired = threading.Event()
        self._cut: set[int] = set()
        super().__init__(target)

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            while not self.closed:
                data = source.recv(65536)
                if not data:
                    break
                if id(source) in self._cut or id(sink) in self._cut:
                    break  # the reply to the COMMIT: never delivered
                if self.armed.is_set() and self.COMMIT in data:
                    self.armed.clear()
                    self._cut.update((id(source), id(sink)))
                    sink.sendall(data)  # the server gets the COMMIT …
                    self.fired.set()
                    continue
                sink.sendall(data)
        for end in (source, sink):
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
