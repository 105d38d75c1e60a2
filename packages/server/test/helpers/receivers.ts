// Local HTTP receivers for webhook tests: node:http on 127.0.0.1, a random port, a handler per test,
// and every request kept (method, path, headers, body) so a test can check what arrived, and how often.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: Received, res: http.ServerResponse) => void;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** `host`: any 127.x.y.z address works on Linux (a second loopback address for redirect tests). */
export async function startReceiver(handler: Handler = (_req, res) => res.end('ok'), host = '127.0.0.1'): Promise<Receiver> {
  let current = handler;
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      current(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    received,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON with a status. */
export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
