/** Small files for the upload tests: clean ones, and the hostile ones the server must never serve. */
import { Buffer } from 'node:buffer';

export const cleanPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
/** The EICAR test file behind a PDF header: the type check passes, the scan must not. */
export const eicarPdf = Buffer.from(`%PDF-1.4\n${EICAR}\n%%EOF\n`, 'latin1');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR = Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex');
export const cleanPng = Buffer.concat([PNG_SIGNATURE, IHDR, Buffer.from('0000000049454e44ae426082', 'hex')]);
/** A PNG a browser sniffing it would run as HTML. */
export const polyglotPng = Buffer.concat([PNG_SIGNATURE, IHDR, Buffer.from('<html><body><SCRIPT>alert(document.cookie)</SCRIPT></body></html>')]);
