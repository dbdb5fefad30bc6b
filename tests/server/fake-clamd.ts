/**
 * A stand-in for clamd on a Unix socket, speaking its INSTREAM protocol (zINSTREAM\0, then chunks
 * each after a 4-byte big-endian length, ended by a zero length): it answers FOUND when the
 * stream holds `marker`, OK otherwise, or never answers at all (`hang`), as a stuck scan would.
 */
import net from 'node:net';

export interface FakeClamd {
  socket: string;
  /** Connections received so far. */
  connections: () => number;
  close(): Promise<void>;
}

export const startFakeClamd = async (socket: string, opts: { marker?: string; hang?: boolean } = {}): Promise<FakeClamd> => {
  let count = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((conn) => {
    count++;
    open.add(conn);
    conn.on('close', () => open.delete(conn));
    let buf = Buffer.alloc(0);
    let body = Buffer.alloc(0);
    let commandRead = false;
    conn.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (!commandRead) {
        const end = buf.indexOf(0);
        if (end < 0) return;
        if (buf.subarray(0, end).toString() !== 'zINSTREAM') return void conn.end('UNKNOWN COMMAND\0');
        commandRead = true;
        buf = buf.subarray(end + 1);
      }
      while (buf.length >= 4) {
        const len = buf.readUInt32BE(0);
        if (len === 0) {
          if (opts.hang) return;
          const found = opts.marker && body.includes(Buffer.from(opts.marker));
          return void conn.end(found ? 'stream: Fake.Marker FOUND\0' : 'stream: OK\0');
        }
        if (buf.length < 4 + len) return;
        body = Buffer.concat([body, buf.subarray(4, 4 + len)]);
        buf = buf.subarray(4 + len);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    socket,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of open) c.destroy();
        server.close(() => resolve());
      }),
  };
};
