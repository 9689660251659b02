// Sample readers for `npm run bench -- --mixed` (docs/decisions/077), run as a process of their
// own so the benchmark's other work cannot delay them: each keeps one connection and asks for
// the next of the paths every few milliseconds, timing each answer on the monotonic clock, until
// it is sent a message; then it prints the latencies and the answers per path as JSON on stdout.
// Usage: node bench/probe-readers.mjs BASE READERS PAUSE_MS PATH...
import http from 'node:http';

const [base, readers, pauseMs, ...paths] = process.argv.slice(2);
const latencies = [];
/** Answers per path, in the order given. */
const answered = paths.map(() => 0);
let errors = 0;
let running = true;
process.on('message', () => (running = false));

function get(agent, path) {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      })
      .on('error', reject);
  });
}

async function reader(offset) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let n = offset; running; n++) {
    const started = performance.now();
    try {
      const status = await get(agent, paths[n % paths.length]);
      answered[n % paths.length] += 1;
      if (status === 200) latencies.push(performance.now() - started);
      else errors += 1;
    } catch {
      errors += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, Number(pauseMs)));
  }
  agent.destroy();
}

process.send?.('ready');
await Promise.all(Array.from({ length: Number(readers) }, (_, i) => reader(i)));
process.stdout.write(JSON.stringify({ latencies, answered, errors }), () => process.disconnect?.());
