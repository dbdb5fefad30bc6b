/**
 * The pure parts of the file area: magic bytes, the signature scanner (a signature split across
 * two chunks included), signed URL grants, and the blob format's integrity.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bytesMatchType, sniffType } from '../../server/files/magic';
import { createSignatureScanner, parseSignatureList } from '../../server/files/scanner';
import { decryptStream, encryptStream, readBlobEnds, signGrant, verifyGrant } from '../../server/files/crypto';
import { signatureOf } from './fake-s3';
import { mulberry32 } from '../prng';
import { cleanPdf, cleanPng, eicarPdf, EICAR, polyglotPng } from './file-fixtures';

const chunks = (...parts: Buffer[]) => () => Readable.from(parts);

describe('magic bytes', () => {
  it('knows the accepted types by their first bytes, not their names', () => {
    expect(sniffType(cleanPng)).toBe('image/png');
    expect(sniffType(cleanPdf)).toBe('application/pdf');
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffType(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0', 'latin1'))).toBe('image/heif');
    expect(sniffType(Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0', 'latin1'))).toBeNull();
    expect(sniffType(Buffer.from('<html>'))).toBeNull();
    expect(bytesMatchType(Buffer.from('\0\0\0\x18ftypmif1', 'latin1'), 'image/heic')).toBe(true);
    expect(bytesMatchType(cleanPng, 'image/jpeg')).toBe(false);
  });
});

describe('signature scanner', () => {
  const scanner = createSignatureScanner(parseSignatureList('# ours\nTest.Marker:deadbeefcafe\n'));
  it('finds EICAR, polyglots and listed signatures; passes clean files', async () => {
    expect(await scanner.scan(chunks(eicarPdf))).toEqual({ verdict: 'infected', name: 'Eicar-Test-Signature' });
    expect((await scanner.scan(chunks(polyglotPng))).verdict).toBe('infected');
    expect(await scanner.scan(chunks(Buffer.from([1, 2, 0xde, 0xad, 0xbe, 0xef, 0xca, 0xfe])))).toEqual({ verdict: 'infected', name: 'Test.Marker' });
    expect(await scanner.scan(chunks(cleanPdf, cleanPng))).toEqual({ verdict: 'clean' });
  });
  it('finds a signature split across chunks', async () => {
    const text = Buffer.from(`%PDF-1.4\n${EICAR}`, 'latin1');
    for (const at of [12, 30, 50, text.length - 3]) {
      expect((await scanner.scan(chunks(text.subarray(0, at), text.subarray(at)))).verdict, `split at ${at}`).toBe('infected');
    }
    expect((await scanner.scan(chunks(Buffer.from('xx<scr'), Buffer.from('IPT>')))).verdict).toBe('infected');
  });
  it('refuses a signature list it cannot read', () => {
    expect(() => parseSignatureList('no colon here')).toThrow(/line 1/);
    expect(() => parseSignatureList('Short:abcd')).toThrow();
  });
});

describe('the scanner is not sidestepped (issue: escaped names, compressed streams, bare markup)', () => {
  const scanner = createSignatureScanner();
  const pdf = (body: string | Buffer) => Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\n%%EOF\n', 'latin1')]);
  const stream = (content: string, deflate = zlib.deflateSync) =>
    pdf(Buffer.concat([Buffer.from('1 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\r\n', 'latin1'), deflate(Buffer.from(content, 'latin1')), Buffer.from('\nendstream\nendobj', 'latin1')]));
  const png = (text: string) => Buffer.concat([cleanPng.subarray(0, 33), Buffer.from(text, 'latin1'), cleanPng.subarray(33)]);

  it.each([
    ['/J#61vaScript', pdf('1 0 obj << /S /J#61vaScript /JS (app.alert(1)) >> endobj'), 'Pdf.ActiveContent.JavaScript'],
    ['/L#61unch', pdf('<< /S /L#61unch /F (cmd.exe) >>'), 'Pdf.ActiveContent.Launch'],
    ['/E#6dbeddedFiles', pdf('<< /Names << /E#6dbeddedFiles 3 0 R >> >>'), 'Pdf.ActiveContent.EmbeddedFile'],
    ['/JavaScript in an object stream', stream('<< /S /JavaScript /JS (x) >>'), 'Pdf.ActiveContent.JavaScript'],
    ['an escaped /Launch in a raw deflate stream', stream('<< /S /#4c#61unch >>', zlib.deflateRawSync), 'Pdf.ActiveContent.Launch'],
    ['a PNG holding <svg/onload>', png('<svg/onload=alert(1)>'), 'Html.Polyglot.Svg'],
    ['a PNG holding <img onerror>', png('<img src=x onerror=alert(1)>'), 'Html.Polyglot.EventHandler'],
    ['a PNG holding <body onload>', png('<BODY onLoad = "alert(1)">'), 'Html.Polyglot.EventHandler'],
  ])('%s is refused', async (_name, bytes, found) => {
    expect(await scanner.scan(chunks(bytes))).toEqual({ verdict: 'infected', name: found });
    // Split anywhere, the same.
    const at = Math.floor(bytes.length / 2);
    expect((await scanner.scan(chunks(bytes.subarray(0, at), bytes.subarray(at)))).verdict).toBe('infected');
  });

  it('refuses a decompression bomb rather than inflating it', async () => {
    const bomb = stream('0'.repeat(80 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await scanner.scan(chunks(bomb))).toEqual({ verdict: 'infected', name: 'Pdf.DecompressionBomb' });
  });

  it('passes clean PDFs with compressed streams, escaped harmless names, and random image bytes', async () => {
    expect(await scanner.scan(chunks(stream('BT /F1 12 Tf (診断書 OK) Tj ET')))).toEqual({ verdict: 'clean' });
    expect(await scanner.scan(chunks(pdf('<< /Type /Font /Base#46ont /A#20B >>')))).toEqual({ verdict: 'clean' });
    const rnd = mulberry32(7);
    for (let i = 0; i < 20; i++) {
      const noise = Buffer.from(Array.from({ length: 256 * 1024 }, () => Math.floor(rnd() * 256)));
      expect((await scanner.scan(chunks(Buffer.concat([cleanPng.subarray(0, 33), noise])))).verdict, `noise ${i}`).toBe('clean');
    }
  });
});

describe('signed URL grants', () => {
  const key = crypto.randomBytes(32);
  const grant = { p: 'get' as const, f: 'file-1', u: 'U1', e: 1000 };
  it('verifies its own, refuses forged, foreign-keyed and expired ones', () => {
    const token = signGrant(key, grant);
    expect(verifyGrant(key, token, 999)).toEqual(grant);
    expect(verifyGrant(key, token, 1001)).toBeNull();
    expect(verifyGrant(crypto.randomBytes(32), token, 999)).toBeNull();
    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...grant, u: 'U2' })).toString('base64url');
    expect(verifyGrant(key, `${forged}.${mac}`, 999)).toBeNull();
    expect(verifyGrant(key, `${body}.${mac}.x`, 999)).toBeNull();
    expect(verifyGrant(key, 'garbage', 999)).toBeNull();
  });

  it('refuses every other spelling of its MAC, even one that decodes to the same bytes', () => {
    const token = signGrant(key, grant);
    const [body, mac] = token.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = mac.slice(-1);
    // The last character's two low bits are padding: these three spell the same 32 bytes.
    const twins = [0, 1, 2, 3].map((low) => alphabet[(alphabet.indexOf(last) & ~3) | low] as string).filter((c) => c !== last);
    expect(twins).toHaveLength(3);
    for (const c of twins) {
      expect(Buffer.from(`${mac.slice(0, -1)}${c}`, 'base64url').equals(Buffer.from(mac, 'base64url'))).toBe(true);
      expect(verifyGrant(key, `${body}.${mac.slice(0, -1)}${c}`, 999)).toBeNull();
    }
    expect(verifyGrant(key, `${body}.${mac}=`, 999)).toBeNull();
  });
});

describe('blobs at rest', () => {
  const key = crypto.randomBytes(32);
  const encrypt = async (plain: Buffer, fileId: string) => {
    const out: Buffer[] = [];
    for await (const c of Readable.from([plain]).pipe(encryptStream(key, fileId))) out.push(c as Buffer);
    return Buffer.concat(out);
  };
  const decrypt = async (blob: Buffer, fileId: string) => {
    const ends = await readBlobEnds((start, end) => Readable.from([blob.subarray(start, end + 1)]), blob.length);
    const out: Buffer[] = [];
    const d = decryptStream(key, fileId, ends.iv, ends.tag);
    for await (const c of Readable.from([blob.subarray(ends.cipherStart, ends.cipherEnd + 1)]).pipe(d)) out.push(c as Buffer);
    return Buffer.concat(out);
  };
  it('round-trips, holds no plain text, and refuses a tampered blob or another file id', async () => {
    const blob = await encrypt(cleanPdf, 'f1');
    expect(blob.includes(Buffer.from('Catalog'))).toBe(false);
    expect((await decrypt(blob, 'f1')).equals(cleanPdf)).toBe(true);
    await expect(decrypt(blob, 'f2')).rejects.toThrow();
    const tampered = Buffer.from(blob);
    tampered[30] = (tampered[30] as number) ^ 1;
    await expect(decrypt(tampered, 'f1')).rejects.toThrow();
  });
});

describe('SigV4', () => {
  it("signs AWS's published GET Object example as AWS does", () => {
    const { signature } = signatureOf(
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
      {
        method: 'GET',
        path: '/test.txt',
        query: {},
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
          'x-amz-date': '20130524T000000Z',
        },
      },
    );
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });
});
