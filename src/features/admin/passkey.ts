/**
 * The browser's side of a passkey (WebAuthn) through @simplewebauthn/browser: make one with the
 * server's options, or sign its challenge. What goes wrong on the device (the person closed the
 * prompt, the time ran out, no authenticator) becomes one of our texts; the server's refusals
 * keep theirs.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { isApiClientError } from '../../lib/api-error';
import { ja } from '../../messages/ja';
import { jaConsole } from '../../messages/ja-console';

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

export const makePasskey = (optionsJSON: PublicKeyCredentialCreationOptionsJSON) => startRegistration({ optionsJSON });

export const signWithPasskey = (optionsJSON: PublicKeyCredentialRequestOptionsJSON) => startAuthentication({ optionsJSON });

/** The text to show for a failed passkey step: the server's refusal, the network, or the device's. */
export const passkeyErrorText = (e: unknown): string => {
  if (isApiClientError(e)) return e.errorMessage;
  if (e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError')) return jaConsole.passkey.cancelled;
  if (e instanceof Error && e.name === 'InvalidStateError') return jaConsole.passkey.already;
  if (e instanceof TypeError) return ja.errors.network;
  return jaConsole.passkey.failed;
};
