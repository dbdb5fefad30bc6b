/** A staff account as the console's staff screen shows it: no secret, its state now, its last sign-in. */
import type { StaffAccount } from '@core/contract/staff-accounts';
import type { StaffRecord } from '../store/staff';
import { lockedUntilOf, staffState } from './accounts';

export const accountView = (s: StaffRecord, now: Date, lastSignInAt: string | null): StaffAccount => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role,
  teams: s.teams,
  state: staffState(s, now),
  disabledAt: s.disabledAt,
  lockedUntil: lockedUntilOf(s, now),
  lastSignInAt,
  createdAt: s.createdAt,
});
