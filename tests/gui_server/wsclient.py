"""A small WebSocket client (RFC 6455, text frames) on Python's standard
library, for testing `rulezero gui` without a browser."""
import base64
import json
import os
import socket
import struct
import time


class WebSocket:
    def __init__(self, host, port, path="/ws", headers=None, timeout=30):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        for name, value in (headers or {}).items():
            lines = [line for line in lines if not line.lower().startswith(name.lower() + ":")]
            lines.append(f"{name}: {value}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            response += chunk
        head, _, self.buffer = response.partition(b"\r\n\r\n")
        self.status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/") else 0
        if self.status != 101:
            self.sock.close()
            raise ConnectionRefusedError(f"upgrade refused: {head[:80]!r}")

    def send_raw(self, payload, opcode=1, fin=True):
        """One frame (masked, as a client must); fin=False starts or continues
        a fragmented message (continuation frames have opcode 0)."""
        mask = os.urandom(4)
        n = len(payload)
        header = bytes([(0x80 if fin else 0) | opcode])
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, obj):
        self.send_raw(json.dumps(obj).encode())

    def send_fragments(self, parts, opcode=1):
        """One message in several frames: the first with the opcode, the
        others continuation frames, FIN on the last only."""
        for i, part in enumerate(parts):
            self.send_raw(part, opcode=opcode if i == 0 else 0, fin=i == len(parts) - 1)

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("connection closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def recv(self, deadline=None):
        """The next text message as a Python object (answers pings); with a
        deadline (time.monotonic()), socket.timeout once it has passed, pings
        or not. The socket's own timeout is the same afterwards."""
        timeout = self.sock.gettimeout()
        try:
            return self._recv(deadline)
        finally:
            self.sock.settimeout(timeout)

    def _recv(self, deadline):
        while True:
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise socket.timeout("nothing but pings until the deadline")
                self.sock.settimeout(left)
            b0, b1 = self._read(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            if opcode == 9:
                self.send_raw(payload, opcode=10)
            elif opcode == 8:
                raise EOFError("closed by the server")
            elif opcode in (1, 2):
                return json.loads(payload)

    def recv_type(self, kind):
        """Skips messages until one of this type."""
        while True:
            msg = self.recv()
            if msg.get("type") == kind:
                return msg

    def close(self):
        try:
            self.send_raw(b"", opcode=8)
        except OSError:
            pass
        self.sock.close()
