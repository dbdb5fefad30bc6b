/** For tests of the whole app: a resident signed in as LINE login leaves them, on an empty device. */
import { saveSession } from '../../src/lib/session';
import { makeIdToken } from './fake-clock';
import { clearDevice } from './offline-helpers';

/** Signs `userId` in with an ID token valid for the next hour. */
export const signInResident = (userId = 'U1', displayName = '山田 花子', profile: { pictureUrl?: string } = {}): void =>
  saveSession({
    idToken: makeIdToken({ sub: userId, exp: Math.floor(Date.now() / 1000) + 3600 }),
    accessToken: 'a',
    profile: { userId, displayName, ...profile },
  });

/** An empty tab and device (storage, cached configs, drafts, outbox), then signInResident. */
export const freshDeviceWithResident = async (userId = 'U1', displayName = '山田 花子'): Promise<void> => {
  localStorage.clear();
  sessionStorage.clear();
  await clearDevice();
  signInResident(userId, displayName);
};
