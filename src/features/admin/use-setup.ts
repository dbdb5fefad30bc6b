/**
 * The set-up link (`npm run staff:add` prints it): the token rides in the URL's fragment, so no
 * server log or Referer sees it. Opening it asks the server whose link it is and for a new TOTP
 * secret; completing sends the password and either the secret and the first code or a passkey
 * made just then (its options asked for at that moment), and shows the recovery codes the server
 * answers, once. The password rule is checked here first, so no passkey is made for a password
 * the server would refuse.
 */
import { useEffect, useState } from 'react';
import { staffSetupComplete, staffSetupPasskeyOptions, staffSetupStart } from '@core/contract/staff';
import { refusalText } from '@core/refusals';
import { passwordRefusal } from '@core/rules/staff';
import { call, unwrap } from '../../lib/api';
import { isApiClientError } from '../../lib/api-error';
import { ja } from '../../messages/ja';
import { jaConsole } from '../../messages/ja-console';
import { makePasskey, passkeyErrorText, passkeysSupported } from './passkey';

type Account = { email: string; name: string; totpSecret: string; otpauthUri: string };
export type SetupFactor = 'totp' | 'passkey';

const tokenOfHash = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, '')).get('token');
const messageOf = (e: unknown) => (isApiClientError(e) ? e.errorMessage : ja.errors.network);

/** The set-up's second factor sent with the password: the app's first code, or a passkey made now. */
const secondFactor = async (token: string, account: Account, factor: SetupFactor, code: string) => {
  if (factor === 'totp') return { totpSecret: account.totpSecret, code };
  const { options } = unwrap(await call(staffSetupPasskeyOptions, { body: { token } }, once));
  return { passkey: await makePasskey(options), passkeyName: jaConsole.passkey.name };
};
const once = { retry: { maxAttempts: 1 } } as const;

export const useSetup = () => {
  const [token] = useState(() => tokenOfHash(window.location.hash));
  const [account, setAccount] = useState<Account | null>(null);
  const [loadError, setLoadError] = useState<string | null>(token ? null : jaConsole.setup.noToken);
  const [password, setPassword] = useState('');
  const [passwordAgain, setPasswordAgain] = useState('');
  const [code, setCode] = useState('');
  const [factor, setFactor] = useState<SetupFactor>('totp');
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
    const weak = passwordRefusal(password, account);
    if (weak) {
      setError(refusalText(weak));
      return;
    }
    if (factor === 'passkey' && !passkeysSupported()) {
      setError(jaConsole.passkey.unsupported);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const done = unwrap(await call(staffSetupComplete, { body: { token, password, ...(await secondFactor(token, account, factor, code)) } }, once));
      setRecoveryCodes(done.recoveryCodes);
      // The link is used up: the fragment leaves the address bar and the history entry.
      window.history.replaceState(window.history.state, '', window.location.pathname);
    } catch (e) {
      setError(factor === 'passkey' ? passkeyErrorText(e) : messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return { account, loadError, password, setPassword, passwordAgain, setPasswordAgain, factor, setFactor, code, setCode, error, busy, submit, recoveryCodes };
};
