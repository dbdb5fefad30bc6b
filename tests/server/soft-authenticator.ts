/**
 * A software WebAuthn authenticator for server tests: an ES256 key made with node:crypto, 'none'
 * attestation, the authenticator data and attestation object laid out and CBOR-encoded as the
 * WebAuthn spec says (§6.1, §6.5), and signatures over authenticatorData ‖ SHA-256(clientDataJSON).
 * Each answer can lie about its origin, RP ID or counter, for the refusals to be tested.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface Lie {
  origin?: string;
  rpId?: string;
  counter?: number;
  type?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  counter = 0;

  constructor(
    readonly origin: string,
    readonly rpId: string = new URL(origin).hostname,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }

  /** The answer to navigator.credentials.create() for these options. */
  register(options: { challenge: string }, lie: Lie = {}) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    // attestedCredentialData: AAGUID (zeros: 'none'), credential id length and id, COSE key.
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey]);
    const authData = this.authData(lie.rpId ?? this.rpId, FLAG_UP | FLAG_UV | FLAG_AT, lie.counter ?? this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData(lie.type ?? 'webauthn.create', options.challenge, lie.origin ?? this.origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to navigator.credentials.get(): the counter moves on by one unless told otherwise. */
  assert(options: { challenge: string }, lie: Lie = {}) {
    const counter = lie.counter ?? this.counter + 1;
    if (lie.counter === undefined) this.counter = counter;
    const authData = this.authData(lie.rpId ?? this.rpId, FLAG_UP | FLAG_UV, counter);
    const clientDataJSON = this.clientData(lie.type ?? 'webauthn.get', options.challenge, lie.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON, authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
    };
  }
}
