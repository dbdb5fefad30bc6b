/**
 * Virus scanning. The built-in scanner looks for byte signatures: the EICAR test file, markup
 * that would make an image or PDF a polyglot a browser could run, PDF active content, and an
 * operator's list (SCAN_SIGNATURES_FILE, `name:hex` lines). With CLAMD_SOCKET set, clamd scans
 * too (INSTREAM protocol), after the built-in scanner found nothing.
 */
import fs from 'node:fs';
import net from 'node:net';
import type { Readable } from 'node:stream';

export type Verdict = { verdict: 'clean' } | { verdict: 'infected'; name: string };

export interface Scanner {
  /** Throws when the scan could not be done (clamd unreachable): the file then ends Error. */
  scan(open: () => Readable): Promise<Verdict>;
}

interface Signature {
  name: string;
  bytes: Buffer;
  /** ASCII letters match either case. */
  foldCase: boolean;
}

const text = (name: string, s: string, foldCase = false): Signature => ({
  name,
  bytes: Buffer.from(foldCase ? s.toLowerCase() : s, 'latin1'),
  foldCase,
});

/**
 * Built in. Markup signatures are long enough (≥ 6 bytes) that compressed image data does not
 * hit them by chance; the EICAR one is the test file's distinctive middle.
 */
export const BUILT_IN_SIGNATURES: Signature[] = [
  text('Eicar-Test-Signature', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE'),
  text('Html.Polyglot.Script', '<script', true),
  text('Html.Polyglot.Doctype', '<!doctype html', true),
  text('Html.Polyglot.Html', '<html>', true),
  text('Html.Polyglot.Html', '<html ', true),
  text('Html.Polyglot.Iframe', '<iframe', true),
  text('Html.Polyglot.Svg', '<svg xmlns', true),
  text('Php.Polyglot', '<?php', true),
  text('Pdf.ActiveContent.JavaScript', '/JavaScript'),
  text('Pdf.ActiveContent.Launch', '/Launch'),
  text('Pdf.ActiveContent.EmbeddedFile', '/EmbeddedFile'),
];

/** `name:hex` per line; # comments and blank lines ignored. */
export const parseSignatureList = (body: string): Signature[] =>
  body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l, i) => {
      const m = /^([^:]+):([0-9a-fA-F]{8,})$/.exec(l);
      if (!m || m[2]!.length % 2 !== 0) throw new Error(`SCAN_SIGNATURES_FILE line ${i + 1}: write name:hex (at least 4 bytes)`);
      return { name: m[1]!, bytes: Buffer.from(m[2]!, 'hex'), foldCase: false };
    });

const lowerAscii = (buf: Buffer): Buffer => {
  const out = Buffer.from(buf);
  for (let i = 0; i < out.length; i++) {
    const b = out[i]!;
    if (b >= 0x41 && b <= 0x5a) out[i] = b + 0x20;
  }
  return out;
};

export const createSignatureScanner = (extra: Signature[] = []): Scanner => {
  const sigs = [...BUILT_IN_SIGNATURES, ...extra];
  const overlap = Math.max(...sigs.map((s) => s.bytes.length)) - 1;
  return {
    async scan(open) {
      // Chunks overlap by the longest signature less one, so none hides across a boundary.
      let tail = Buffer.alloc(0);
      for await (const chunk of open()) {
        const buf = Buffer.concat([tail, chunk as Buffer]);
        const folded = lowerAscii(buf);
        for (const s of sigs) {
          if ((s.foldCase ? folded : buf).includes(s.bytes)) return { verdict: 'infected', name: s.name };
        }
        tail = buf.subarray(Math.max(0, buf.length - overlap));
      }
      return { verdict: 'clean' };
    },
  };
};

/** clamd at a Unix socket path, or host:port. */
export const createClamdScanner = (socket: string): Scanner => ({
  scan: (open) =>
    new Promise<Verdict>((resolve, reject) => {
      const m = /^([^/:]+):(\d+)$/.exec(socket);
      const conn = m ? net.connect(Number(m[2]), m[1]) : net.connect(socket);
      let reply = '';
      conn.setTimeout(60_000, () => conn.destroy(new Error('clamd timed out')));
      conn.on('error', reject);
      conn.on('data', (d) => (reply += d.toString('utf8')));
      conn.on('end', () => {
        const line = reply.replace(/\0/g, '').trim();
        const found = /^stream: (.+) FOUND$/.exec(line);
        if (found) resolve({ verdict: 'infected', name: found[1]! });
        else if (line === 'stream: OK') resolve({ verdict: 'clean' });
        else reject(new Error(`clamd: ${line || 'no answer'}`));
      });
      conn.once('connect', () => {
        void (async () => {
          conn.write('zINSTREAM\0');
          for await (const chunk of open()) {
            const len = Buffer.alloc(4);
            len.writeUInt32BE((chunk as Buffer).length);
            conn.write(len);
            conn.write(chunk as Buffer);
          }
          conn.write(Buffer.alloc(4));
        })().catch((e: unknown) => conn.destroy(e as Error));
      });
    }),
});

/** The built-in scanner, then clamd when configured: infected by either is infected. */
export const buildScanner = (opts: { signaturesFile?: string | undefined; clamdSocket?: string | undefined }): Scanner => {
  const builtIn = createSignatureScanner(opts.signaturesFile ? parseSignatureList(fs.readFileSync(opts.signaturesFile, 'utf8')) : []);
  const clamd = opts.clamdSocket ? createClamdScanner(opts.clamdSocket) : null;
  return {
    async scan(open) {
      const v = await builtIn.scan(open);
      if (v.verdict === 'infected' || !clamd) return v;
      return clamd.scan(open);
    },
  };
};
