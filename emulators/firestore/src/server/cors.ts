/** The official emulator's CORS answers: any origin is echoed, credentials allowed. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const ALLOWED_METHODS = 'DELETE,GET,HEAD,PATCH,POST,PUT';

export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('access-control-allow-credentials', 'true');
  res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
  if (req.method === 'OPTIONS') {
    const requested = req.headers['access-control-request-headers'];
    if (requested !== undefined) res.setHeader('access-control-allow-headers', requested);
    if (req.headers['access-control-request-private-network'] !== undefined)
      res.setHeader('access-control-allow-private-network', 'true');
  }
}
