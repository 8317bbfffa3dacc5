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
        """Copy ``source`` to ``sink`` until either end closes or :meth:`_forward` says stop."""
        with suppress(OSError):
            from_server = source.getpeername()[:2] == self.target
            while not self.closed:
                data = source.recv(65536)
                if not data:
                    break
                self.flowing.wait()
                if not self._forward(data, sink, from_server):
                    break
        self._closed(source, sink)

    def _forward(self, data: bytes, sink: socket.socket, from_server: bool) -> bool:
        """Pass one chunk on; False ends the connection."""
        sink.sendall(data)
        return True

    def _closed(self, source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            sink.shutdown(socket.SHUT_WR)


class CommitReplyDropper(FreezableProxy):
    """A proxy in front of PostgreSQL that, once armed, drops the server's next reply to a
    ``COMMIT`` and closes that connection: the write is stored, and the client never hears so.

    It watches the server's side, the CommandComplete message tagged ``COMMIT``: the client's
    side does not always show the word, since psycopg prepares a statement it has sent five
    times (peewee's COMMIT among them) and then sends only the prepared statement's name.
    """

    COMMIT_DONE = b"C\x00\x00\x00\x0bCOMMIT\x00"  # CommandComplete, tag "COMMIT"

    def __init__(self, target: tuple[str, int]) -> None:
        self.armed = threading.Event()
        self.fired = threading.Event()
        super().__init__(target)

    def _forward(self, data: bytes, sink: socket.socket, from_server: bool) -> bool:
        if from_server and self.armed.is_set() and self.COMMIT_DONE in data:
            self.armed.clear()
            self.fired.set()
            return False  # the reply to the COMMIT: never delivered
        sink.sendall(data)
        return True

    def _closed(self, source: socket.socket, sink: socket.socket) -> None:
        for end in (source, sink):
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
