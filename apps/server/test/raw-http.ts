import net from 'node:net';

/*
 * HTTP/1.1 over a plain socket, for what a well-behaved client never sends: malformed request
 * lines, bodies cut short, pipelined requests after a refused body. Only a real socket shows
 * how the server's parser and connection handling behave.
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Exchange {
  responses: RawResponse[];
  /** The server closed the connection. */
  closed: boolean;
  /** Neither the expected answers nor a close came within the bound: a hung connection. */
  hung: boolean;
}

export interface ExchangeOptions {
  /** How many answers to wait for (a request and pipelined ones after it). */
  expect: number;
  /** Methods of the requests in order; answers to HEAD have no body. */
  methods?: string[];
  timeoutMs?: number;
}

/** Builds a request; `content-length` is added for a body unless a framing header is given. */
export function request(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body: Buffer | string = '',
): Buffer {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const framed = Object.keys(headers).some((name) =>
    ['content-length', 'transfer-encoding'].includes(name.toLowerCase()),
  );
  const all: Record<string, string> = { host: '127.0.0.1', ...headers };
  if (!framed && bytes.length > 0) all['content-length'] = String(bytes.length);
  const head = Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(`${method} ${target} HTTP/1.1\r\n${head}\r\n`), bytes]);
}

/** Parses as many whole responses as `data` holds; returns them and the bytes they used. */
function parseResponses(data: Buffer, methods: string[], start: number) {
  const responses: RawResponse[] = [];
  let offset = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', offset);
    if (end < 0) break;
    const [statusLine = '', ...lines] = data.subarray(offset, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    // An interim answer (100 Continue) precedes the real one.
    if (status >= 100 && status < 200) {
      offset = end + 4;
      continue;
    }
    const bodyless =
      methods[start + responses.length] === 'HEAD' || status === 204 || status === 304;
    const length = bodyless ? 0 : Number(headers['content-length'] ?? 0);
    if (headers['transfer-encoding'] === 'chunked' && !bodyless) {
      const chunked = readChunked(data, end + 4);
      if (!chunked) break;
      responses.push({ status, headers, body: chunked.body });
      offset = chunked.next;
      continue;
    }
    if (data.length < end + 4 + length) break;
    responses.push({ status, headers, body: data.subarray(end + 4, end + 4 + length) });
    offset = end + 4 + length;
  }
  return { responses, used: offset };
}

function readChunked(data: Buffer, from: number): { body: Buffer; next: number } | null {
  const parts: Buffer[] = [];
  let offset = from;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) return null;
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (data.length < lineEnd + 2 + size + 2) return null;
    if (size === 0) return { body: Buffer.concat(parts), next: lineEnd + 4 };
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/**
 * Writes `writes` to a new connection (each after the answers it waits for) and collects the
 * answers until `expect` have come, the server closes, or `timeoutMs` passes.
 */
export function exchange(
  port: number,
  writes: { data: Buffer | string; afterAnswers?: number }[],
  options: ExchangeOptions,
): Promise<Exchange> {
  const { expect, methods = [], timeoutMs = 5000 } = options;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const responses: RawResponse[] = [];
    let pending = Buffer.alloc(0);
    let next = 0;
    const finish = (result: Omit<Exchange, 'responses'>) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses, ...result });
    };
    const writeDue = () => {
      while (next < writes.length && (writes[next]?.afterAnswers ?? 0) <= responses.length) {
        socket.write(writes[next++]?.data ?? '');
      }
    };
    const timer = setTimeout(() => finish({ closed: false, hung: true }), timeoutMs);
    socket.on('connect', writeDue);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const parsed = parseResponses(pending, methods, responses.length);
      responses.push(...parsed.responses);
      pending = pending.subarray(parsed.used);
      if (responses.length >= expect) finish({ closed: false, hung: false });
      else writeDue();
    });
    // A reset after the answer arrived is a close like any other.
    socket.on('error', () => undefined);
    socket.on('close', () => finish({ closed: true, hung: false }));
  });
}
