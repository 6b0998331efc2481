// One HTTP/1.1 keep-alive connection to 127.0.0.1 for a bench client that sends one request at a time,
// as a browser tab does, written straight on a TCP socket. node:http's Agent and streams cost the driver
// about 0.2 ms of CPU per request; at 2,000 saves/s on a 2-core machine that is a fifth of it, taken
// from the API being measured. This does only what the bench needs: requests with a JSON body or none,
// answers with a Content-Length (what Fastify sends for JSON), no pipelining. A connection that the
// server closes (or that cannot be opened) fails the request under way with the socket's error code
// (ECONNREFUSED, ECONNRESET, or ECLOSED), and the next request opens a new one.
import { connect } from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

/** The answer's status, headers (lower-case names) and body length, once its head is complete; null before. */
function headOf(buffer) {
  const end = buffer.indexOf(HEAD_END);
  if (end < 0) return null;
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const status = Number(lines[0].slice(9, 12));
  const headers = {};
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':');
    headers[lines[i].slice(0, colon).trim().toLowerCase()] = lines[i].slice(colon + 1).trim();
  }
  if (headers['transfer-encoding']) throw new Error(`the bench client reads Content-Length bodies only, not ${headers['transfer-encoding']}`);
  return { status, headers, bodyStart: end + 4, length: Number(headers['content-length'] ?? 0) };
}

/** A connection to `port`; `request(method, path, token, body)` resolves with `{ status, json }`. */
export function keepAliveConnection(port) {
  let socket = null;
  let waiting = null; // { resolve, reject, on: the socket it was written to }
  let chunks = [];
  let received = 0;
  let head = null;

  const settle = (outcome, value) => {
    const pending = waiting;
    waiting = null;
    chunks = [];
    received = 0;
    head = null;
    pending?.[outcome](value);
  };

  function onData(chunk) {
    chunks.push(chunk);
    received += chunk.length;
    const buffer = chunks.length === 1 ? chunk : Buffer.concat(chunks, received);
    chunks = [buffer];
    try {
      head ??= headOf(buffer);
    } catch (error) {
      socket.destroy();
      return settle('reject', error);
    }
    if (!head || received < head.bodyStart + head.length) return;
    let json = null;
    try {
      json = JSON.parse(buffer.toString('utf8', head.bodyStart, head.bodyStart + head.length));
    } catch {
      // not JSON: the status tells
    }
    if (head.headers.connection === 'close') {
      socket.destroy();
      socket = null;
    }
    settle('resolve', { status: head.status, json });
  }

  function open() {
    const opened = connect({ host: '127.0.0.1', port, noDelay: true });
    // The first of 'error' and 'close' ends this socket and the request under way on it; only one can be.
    let ended = false;
    const end = (error) => {
      if (ended) return;
      ended = true;
      if (socket === opened) socket = null;
      if (waiting?.on === opened) settle('reject', error);
    };
    opened.on('data', onData);
    opened.on('error', end);
    opened.on('close', () => end(Object.assign(new Error('the server closed the connection'), { code: 'ECLOSED' })));
    return opened;
  }

  return {
    request(method, path, token, body) {
      if (waiting) return Promise.reject(new Error('one request at a time'));
      const payload = body === undefined ? '' : JSON.stringify(body);
      socket ??= open();
      const message =
        `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bearer ${token}\r\naccept: application/json\r\n` +
        (body === undefined ? (method === 'GET' ? '' : 'content-length: 0\r\n') : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`) +
        `\r\n${payload}`;
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject, on: socket };
        socket.write(message);
      });
    },
    close() {
      socket?.destroy();
      socket = null;
    },
  };
}
