import { describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import { COMMON_PASSWORDS } from '@core/rules/common-passwords';
import {
  LOCKOUT,
  PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
  afterFailure,
  canDo,
  inTeam,
  isLocked,
  passwordRefusal,
  type StaffAction,
} from '@core/rules/staff';

const person = { email: 'Hanako.Yamada@city.example.jp', name: '山田 花子' };

describe('roles', () => {
  // The whole table, so a changed permission fails here and is seen in review.
  const expected: Record<(typeof STAFF_ROLES)[number], StaffAction[]> = {
    admin: ['read', 'handle', 'export', 'refund', 'configure', 'manageStaff', 'readAudit', 'maintain'],
    member: ['read', 'handle', 'export', 'refund', 'configure'],
    operator: ['read', 'handle', 'export'],
    guest: ['read'],
  };
  const actions: StaffAction[] = ['read', 'handle', 'export', 'refund', 'configure', 'manageStaff', 'readAudit', 'maintain'];
  for (const role of STAFF_ROLES) {
    for (const action of actions) {
      it(`${role} ${expected[role].includes(action) ? 'may' : 'may not'} ${action}`, () => {
        expect(canDo(role, action)).toBe(expected[role].includes(action));
      });
    }
  }

  it('teams: an admin reaches every form, anyone else only those sharing a team', () => {
    expect(inTeam({ role: 'admin', teams: [] }, ['健康課'])).toBe(true);
    expect(inTeam({ role: 'admin', teams: [] }, [])).toBe(true);
    for (const role of ['member', 'operator', 'guest'] as const) {
      expect(inTeam({ role, teams: ['健康課', '子育て'] }, ['子育て'])).toBe(true);
      expect(inTeam({ role, teams: ['健康課'] }, ['税務課'])).toBe(false);
      expect(inTeam({ role, teams: ['健康課'] }, [])).toBe(false);
      expect(inTeam({ role, teams: [] }, ['健康課'])).toBe(false);
    }
  });
});

describe('password policy', () => {
  it(`refuses fewer than ${PASSWORD_MIN_LENGTH} characters, counted as characters`, () => {
    expect(passwordRefusal('Tq8#vLw2!pZ', person)).toBe('password_too_short');
    expect(passwordRefusal('Tq8#vLw2!pZx', person)).toBeNull();
    // Twelve kanji are twelve characters (36 bytes in UTF-8).
    expect(passwordRefusal('春夏秋冬東西南北上下左右', person)).toBeNull();
    expect(passwordRefusal('春夏秋冬東西南北上下左', person)).toBe('password_too_short');
  });

  it('refuses an absurd length', () => {
    expect(passwordRefusal('x7'.repeat(200), person)).toBe('password_too_long');
  });

  it('refuses the common passwords of the bundled list, with digits and symbols around them', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThan(300);
    for (const p of ['password1234', 'Password1234!', 'qwertyuiopasdfghjkl', '1q2w3e4r5t6y', '!!sakura2024!!', 'ILOVEYOU2025', 'ｐａｓｓｗｏｒｄ１２３４']) {
      expect(passwordRefusal(p, person), p).toBe('password_common');
    }
  });

  it('refuses runs and repeats', () => {
    for (const p of ['123456789012', '098765432109', 'aaaaaaaaaaaa', 'abcdefghijklm', '1234567890123']) {
      expect(passwordRefusal(p, person), p).toBe('password_common');
    }
  });

  it('refuses the email, its local part and the name as password, whatever the case', () => {
    expect(passwordRefusal('hanako.yamada@city.example.jp', person)).toBe('password_personal');
    expect(passwordRefusal('HANAKO.YAMADA', person)).toBe('password_personal');
    expect(passwordRefusal('Hanako.Yamada2024', person)).toBe('password_personal');
    expect(passwordRefusal('yamada hanako', { email: 'h@city.example.jp', name: 'Yamada Hanako' })).toBe('password_personal');
  });

  it('accepts a long passphrase', () => {
    expect(passwordRefusal('correct horse battery staple', person)).toBeNull();
    expect(passwordRefusal('さくら市の窓口は九時から開きます', person)).toBeNull();
  });

  it('refuses with codes of the catalogue, whose texts are Japanese', () => {
    expect(refusalText('password_too_short')).toBe('パスワードは12文字以上にしてください。');
    expect(refusalText('password_common')).toMatch(/よく使われるパスワード/);
    expect(refusalText('password_personal')).toMatch(/メールアドレスや氏名/);
  });
});

describe('lockout', () => {
  const t0 = Date.UTC(2026, 11, 2, 0, 0, 0);

  it(`locks on the ${LOCKOUT.failures}th failure in a row, for 15 minutes`, () => {
    let failed = 0;
    for (let i = 1; i < LOCKOUT.failures; i++) {
      const r = afterFailure(failed, t0);
      expect(r).toEqual({ failedCount: i, lockedUntilMs: null });
      failed = r.failedCount;
    }
    const lock = afterFailure(failed, t0);
    expect(lock).toEqual({ failedCount: 0, lockedUntilMs: t0 + 15 * 60 * 1000 });
    expect(isLocked(lock.lockedUntilMs, t0)).toBe(true);
    expect(isLocked(lock.lockedUntilMs, t0 + 15 * 60 * 1000 - 1)).toBe(true);
    expect(isLocked(lock.lockedUntilMs, t0 + 15 * 60 * 1000)).toBe(false);
    expect(isLocked(null, t0)).toBe(false);
  });
});
