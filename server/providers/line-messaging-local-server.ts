/**
 * The Messaging API stand-in as an HTTP server of its own, on loopback: several server processes
 * (LINE_MESSAGING_API_URL) then talk to one LINE, as they would in production.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { LOCAL_CONTROL_PATH } from '../config';
import { createLocalMessagingApi, type LocalMessagingOptions } from './line-messaging-local';

export interface RunningMessagingApi {
  /** Its base URL, for LINE_MESSAGING_API_URL; the control endpoints are under `${url}/__control`. */
  url: string;
  stop(): Promise<void>;
}

export const startLocalMessagingApi = async (opts: LocalMessagingOptions & { port?: number; host?: string } = {}): Promise<RunningMessagingApi> => {
  const api = createLocalMessagingApi(opts);
  const app = new Hono();
  app.route('/', api.api);
  app.route(LOCAL_CONTROL_PATH, api.control);
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  const host = opts.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        api.close();
        server.close(() => resolve());
        // A held answer's connection or a client's keep-alive one would keep close() waiting.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
};
