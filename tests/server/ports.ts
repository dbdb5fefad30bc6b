/** Ports for the servers the suites start, in this process or as child processes. */
import net from 'node:net';

/** Whether something may listen on the port now. */
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/**
 * A port free now, picked below Linux's ephemeral range (32768–60999): the suites run side by side
 * and open many outgoing connections, and one of those could take a port from that range between
 * this check and the server's listen.
 */
export const freePort = async (): Promise<number> => {
  for (let i = 0; i < 100; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000');
};
