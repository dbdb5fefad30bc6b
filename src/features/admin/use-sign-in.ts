/**
 * The local sign-in: email and password, then the second factor when the server asks for it
 * (staff_second_factor_required), in one form. The server's refusal texts are shown as they are.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { staffSignIn } from '@core/contract/staff';
import { call, unwrap } from '../../lib/api';
import { isApiClientError } from '../../lib/api-error';
import { ja } from '../../messages/ja';
import { staffMeQuery } from './staff-queries';

export const useSignIn = (onSignedIn: () => void) => {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const me = unwrap(await call(staffSignIn, { body: { email, password, ...(needsCode ? { code } : {}) } }, { retry: { maxAttempts: 1 } }));
      queryClient.setQueryData(staffMeQuery.queryKey, me);
      onSignedIn();
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

  return { email, setEmail, password, setPassword, code, setCode, needsCode, error, busy, submit };
};
