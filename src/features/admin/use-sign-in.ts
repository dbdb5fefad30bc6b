/**
 * The local sign-in: email and password, then the second factor when the server asks for it
 * (staff_second_factor_required), in one form: a code typed, or a passkey (its options asked for
 * with the password, its signature sent back). The server's refusal texts are shown as they are.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { staffPasskeySignIn, staffPasskeySignInOptions, staffSignIn, type StaffMe } from '@core/contract/staff';
import { call, unwrap } from '../../lib/api';
import { isApiClientError } from '../../lib/api-error';
import { ja } from '../../messages/ja';
import { passkeyErrorText, passkeysSupported, signWithPasskey } from './passkey';
import { staffMeQuery } from './staff-queries';

const once = { retry: { maxAttempts: 1 } } as const;

export const useSignIn = (onSignedIn: () => void) => {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signedIn = (me: StaffMe) => {
    queryClient.setQueryData(staffMeQuery.queryKey, me);
    onSignedIn();
  };

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      signedIn(unwrap(await call(staffSignIn, { body: { email, password, ...(needsCode ? { code } : {}) } }, once)));
    } catch (e) {
      if (isApiClientError(e) && e.code === 'staff_second_factor_required') {
        setNeedsCode(true);
        if (needsCode) setError(e.errorMessage);
      } else {
        setError(isApiClientError(e) ? e.errorMessage : ja.errors.network);
        setCode('');
      }
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { options } = unwrap(await call(staffPasskeySignInOptions, { body: { email, password } }, once));
      const response = await signWithPasskey(options);
      signedIn(unwrap(await call(staffPasskeySignIn, { body: { email, response } }, once)));
    } catch (e) {
      setError(passkeyErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return { email, setEmail, password, setPassword, code, setCode, needsCode, error, busy, submit, withPasskey, passkeys: passkeysSupported() };
};
