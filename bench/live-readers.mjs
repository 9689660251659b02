// Readers of a live page for bench/live.mjs, run as a process of their own so that receiving
// thousands of events cannot delay the benchmark's writer: it opens READERS event streams of
// BASE + PATH (spread over the bases given, comma-separated), a few at a time, says 'ready' when
// all are open, then notes when each reader first sees each marker `live-bench-<n>` (the clock
// is performance.timeOrigin + performance.now(), comparable across processes). On 'stop' it
// writes { opened, failed, arrivals: { n: [ms, …] } } as JSON to OUT and exits.
import { writeFileSync } from 'node:fs';
import net from 'node:net';

const [bases, path, readersArg, out] = process.argv.slice(2);
const targets = bases.split(',').map((base) => new URL(base));
const readers = Number(readersArg);
const MARKER = 'live-bench-';
const now = () => performance.timeOrigin + performance.now();

/** Arrival times per marker number. */
const arrivals = {};
const sockets = [];
let opened = 0;
let failed = 0;

function open(target) {
  return new Promise((resolve) => {
    const socket = net.connect(Number(target.port), target.hostname);
    let started = false;
    const seen = new Set();
    socket.setEncoding('utf8');
    socket.on('connect', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${target.host}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk) => {
      if (!started) {
        started = true;
        if (chunk.startsWith('HTTP/1.1 200')) opened += 1;
        else failed += 1;
        resolve();
      }
      for (let at = chunk.indexOf(MARKER); at >= 0; at = chunk.indexOf(MARKER, at + 1)) {
        const n = Number.parseInt(chunk.slice(at + MARKER.length, at + MARKER.length + 8), 10);
        if (seen.has(n)) continue;
        seen.add(n);
        (arrivals[n] ??= []).push(now());
      }
    });
    socket.on('error', () => {
      if (!started) {
        started = true;
        failed += 1;
        resolve();
      }
    });
    sockets.push(socket);
  });
}

for (let i = 0; i < readers; i += 100) {
  const batch = Array.from({ length: Math.min(100, readers - i) }, (_, k) =>
    open(targets[(i + k) % targets.length]),
  );
  await Promise.all(batch);
}
process.send?.({ ready: true, opened, failed });
process.on('message', (message) => {
  if (message !== 'stop') return;
  for (const socket of sockets) socket.destroy();
  writeFileSync(out, JSON.stringify({ opened, failed, arrivals }));
  process.exit(0);
});
