// The baseline of `npm run bench`: answers served from memory by bare Node http, with the
// headers a page carries. Usage: node bench/bare-server.mjs MANIFEST PORT, where MANIFEST is a
// JSON file mapping a path (or "*", for any other) to { file, encoding? }: the bytes to answer
// with, and the content-encoding they are in.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [manifest, port] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(manifest, 'utf8'))).map(([path, { file, encoding }]) => {
    const body = readFileSync(file);
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-cache, private',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    };
    return [path, { body, headers }];
  }),
);
http
  .createServer((request, response) => {
    const { body, headers } = answers.get(request.url) ?? answers.get('*');
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
