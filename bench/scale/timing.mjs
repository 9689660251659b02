// Sequential HTTP timing: one request at a time over a kept-alive connection, so each figure is
// the latency of one read at the HTTP level, not a queue behind others.

/** p50 and p99 in ms (two decimals) of `count` calls of `read.url(i)`, and the statuses seen. */
export async function measure(base, read, count, token) {
  const headers = read.admin ? { authorization: `Bearer ${token}` } : {};
  const times = [];
  const statuses = new Map();
  const warmup = Math.min(10, count);
  for (let i = 0; i < count + warmup; i++) {
    const started = performance.now();
    const response = await fetch(base + read.url(i), { headers });
    await response.arrayBuffer();
    if (i >= warmup) times.push(performance.now() - started);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  const seen = [...statuses].map(([status, n]) =>
    statuses.size === 1 ? String(status) : `${status}×${n}`,
  );
  return { p50: at(0.5), p99: at(0.99), statuses: seen.join(' ') };
}

const WIDTHS = [36, 9, 9, 9];

export function printRow(cells, header = false) {
  const line = cells
    .map((cell, i) =>
      i === 0
        ? String(cell).padEnd(WIDTHS[0])
        : i < WIDTHS.length
          ? String(cell).padStart(WIDTHS[i])
          : `  ${cell}`,
    )
    .join(' ');
  console.log(line);
  if (header) console.log('-'.repeat(line.length + 10));
}

export async function waitFor(url, tries = 300) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}
