/**
 * Virus scanning. The built-in scanner looks for byte signatures: the EICAR test file, markup
 * that would make an image or PDF a polyglot a browser could run (tags and event handlers, not
 * only fixed strings), PDF active content (also behind name escapes and inside compressed
 * streams: pdf-scan.ts), and an operator's list (SCAN_SIGNATURES_FILE, `name:hex` lines). With CLAMD_SOCKET set, clamd scans
 * too (INSTREAM protocol), after the built-in scanner found nothing.
 */
import fs from 'node:fs';
import net from 'node:net';
import type { Readable } from 'node:stream';
import { DecompressionBomb, decodeNames, inflatedStreams, isPdf } from './pdf-scan';

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

/**
 * Markup that makes an image or PDF something a browser could run, however it is spelled: any
 * svg tag (`<svg/onload=…>` has no xmlns), and any tag with an event handler attribute
 * (`<img src=x onerror=…>`, `<body onload=…>`). A tag start, a name, then `on…=` within the tag:
 * compressed image data does not spell that by chance.
 */
const MARKUP: { name: string; pattern: RegExp }[] = [
  { name: 'Html.Polyglot.Svg', pattern: /<svg[\s/>]/i },
  { name: 'Html.Polyglot.EventHandler', pattern: /<[a-z][a-z0-9-]*[\s/][^<>]{0,512}?\bon[a-z]{3,}\s*=/i },
];
/** Longest stretch a markup match spans, for the overlap between chunks. */
const MARKUP_SPAN = 600;

/** PDF active content, searched in decoded names and inflated streams too. */
const PDF_ACTIVE = BUILT_IN_SIGNATURES.filter((s) => s.name.startsWith('Pdf.'));

const matchIn = (buf: Buffer, sigs: readonly Signature[]): string | null => {
  const folded = lowerAscii(buf);
  for (const s of sigs) if ((s.foldCase ? folded : buf).includes(s.bytes)) return s.name;
  const text = buf.toString('latin1');
  for (const m of MARKUP) if (m.pattern.test(text)) return m.name;
  return null;
};

/** A PDF's names decoded and its streams inflated, searched again (pdf-scan.ts). */
const pdfFinding = (pdf: Buffer, sigs: readonly Signature[]): string | null => {
  const found = matchIn(decodeNames(pdf), sigs);
  if (found) return found;
  try {
    for (const inflated of inflatedStreams(pdf)) {
      const inner = matchIn(decodeNames(inflated), [...PDF_ACTIVE, ...sigs]);
      if (inner) return inner;
    }
  } catch (e) {
    if (e instanceof DecompressionBomb) return 'Pdf.DecompressionBomb';
    throw e;
  }
  return null;
};

export const createSignatureScanner = (extra: Signature[] = []): Scanner => {
  const sigs = [...BUILT_IN_SIGNATURES, ...extra];
  const overlap = Math.max(MARKUP_SPAN, ...sigs.map((s) => s.bytes.length)) - 1;
  return {
    async scan(open) {
      // Chunks overlap by the longest signature less one, so none hides across a boundary.
      let tail = Buffer.alloc(0);
      // A PDF is also read whole (at most the upload limit) for its names and streams.
      let pdf: Buffer[] | null = null;
      let first = true;
      for await (const chunk of open()) {
        if (first && isPdf(chunk as Buffer)) pdf = [];
        first = false;
        pdf?.push(chunk as Buffer);
        const buf = Buffer.concat([tail, chunk as Buffer]);
        const found = matchIn(buf, sigs);
        if (found) return { verdict: 'infected', name: found };
        tail = buf.subarray(Math.max(0, buf.length - overlap));
      }
      const found = pdf ? pdfFinding(Buffer.concat(pdf), sigs) : null;
      return found ? { verdict: 'infected', name: found } : { verdict: 'clean' };
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
