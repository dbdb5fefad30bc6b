/**
 * The rules of issue 58's catalogue screens, stated once in core/rules: the last admin kept, the
 * member numbering floor, and which tax rates may still be added or replaced.
 */
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { lowersNumbering, numberingFloor } from '@core/rules/member-number';
import { removesLastAdmin } from '@core/rules/staff';
import { taxRateEditable, withTaxRate } from '@core/rules/tax';
import { kioskListState } from '@core/rules/kiosk-enrolment';

describe('removesLastAdmin', () => {
  const admin = { role: 'admin' as const, disabled: false };
  it('refuses demoting or disabling the only active admin, and only that', () => {
    expect(removesLastAdmin(admin, { role: 'member', disabled: false }, 0)).toBe(true);
    expect(removesLastAdmin(admin, { role: 'admin', disabled: true }, 0)).toBe(true);
    expect(removesLastAdmin(admin, { role: 'member', disabled: false }, 1)).toBe(false);
    expect(removesLastAdmin(admin, { role: 'admin', disabled: false }, 0)).toBe(false);
    expect(removesLastAdmin({ role: 'member', disabled: false }, { role: 'guest', disabled: true }, 0)).toBe(false);
    expect(removesLastAdmin({ role: 'admin', disabled: true }, { role: 'member', disabled: true }, 0)).toBe(false);
  });
});

describe('member numbering floor', () => {
  it('is the greater of the configured and the last given number; a save below it lowers', () => {
    expect(numberingFloor(10, null)).toBe(10);
    expect(numberingFloor(10, 25)).toBe(25);
    expect(numberingFloor(undefined, null)).toBe(0);
    expect(lowersNumbering(24, 25)).toBe(true);
    expect(lowersNumbering(25, 25)).toBe(false);
    expect(lowersNumbering(undefined, 1)).toBe(true);
  });
});

describe('tax rates', () => {
  const today = Temporal.PlainDate.from('2026-12-03');
  it('only a rate from a later day may be added or replaced', () => {
    expect(taxRateEditable(Temporal.PlainDate.from('2026-12-04'), today)).toBe(true);
    expect(taxRateEditable(today, today)).toBe(false);
    expect(taxRateEditable(Temporal.PlainDate.from('2019-10-01'), today)).toBe(false);
  });
  it('adds or replaces by date, sorted', () => {
    const rates = [{ applyDate: '2019-10-01', value: 10 }, { applyDate: '2027-04-01', value: 12 }];
    expect(withTaxRate(rates, { applyDate: '2027-04-01', value: 11 })).toEqual([{ applyDate: '2019-10-01', value: 10 }, { applyDate: '2027-04-01', value: 11 }]);
    expect(withTaxRate(rates, { applyDate: '2026-12-04', value: 8 }).map((r) => r.applyDate)).toEqual(['2019-10-01', '2026-12-04', '2027-04-01']);
  });
});

describe('kioskListState', () => {
  it('reads 停止 over everything, then whether a tablet holds a credential', () => {
    expect(kioskListState({ revokedAt: '2026-12-03T00:00:00Z', hasToken: true })).toBe('revoked');
    expect(kioskListState({ revokedAt: null, hasToken: true })).toBe('active');
    expect(kioskListState({ revokedAt: null, hasToken: false })).toBe('pending');
  });
});
