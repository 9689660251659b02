// The baseline of `npm run bench`: the given file served from memory by bare Node http, with
// the headers a page carries. Usage: node bench/bare-server.mjs FILE PORT
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const body = readFileSync(file);
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-cache, private',
    });
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
