/**
 * The set-up link (`npm run staff:add` prints it): the token rides in the URL's fragment, so no
 * server log or Referer sees it. Opening it asks the server whose link it is and for a new TOTP
 * secret; completing sends the password, the secret and the first code, and shows the recovery
 * codes the server answers, once.
 */
import { useEffect, useState } from 'react';
import { staffSetupComplete, staffSetupStart } from '@core/contract/staff';
import { call, unwrap } from '../../lib/api';
import { isApiClientError } from '../../lib/api-error';
import { ja } from '../../messages/ja';
import { jaConsole } from '../../messages/ja-console';

type Account = { email: string; name: string; totpSecret: string; otpauthUri: string };

const tokenOfHash = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, '')).get('token');
const messageOf = (e: unknown) => (isApiClientError(e) ? e.errorMessage : ja.errors.network);
const once = { retry: { maxAttempts: 1 } } as const;

export const useSetup = () => {
  const [token] = useState(() => tokenOfHash(window.location.hash));
  const [account, setAccount] = useState<Account | null>(null);
  const [loadError, setLoadError] = useState<string | null>(token ? null : jaConsole.setup.noToken);
  const [password, setPassword] = useState('');
  const [passwordAgain, setPasswordAgain] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    call(staffSetupStart, { body: { token } }, once)
      .then((a) => live && setAccount(unwrap(a)))
      .catch((e: unknown) => live && setLoadError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [token]);

  const submit = async () => {
    if (!token || !account || busy) return;
    if (password !== passwordAgain) {
      setError(jaConsole.setup.mismatch);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const done = unwrap(await call(staffSetupComplete, { body: { token, password, totpSecret: account.totpSecret, code } }, once));
      setRecoveryCodes(done.recoveryCodes);
      // The link is used up: the fragment leaves the address bar and the history entry.
      window.history.replaceState(window.history.state, '', window.location.pathname);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return { account, loadError, password, setPassword, passwordAgain, setPasswordAgain, code, setCode, error, busy, submit, recoveryCodes };
};
