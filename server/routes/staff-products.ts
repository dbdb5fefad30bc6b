/**
 * Payment services, products and tax rates in the console (core/contract/staff-products.ts). Each
 * save is the importer's (importPaymentPartIn) in one transaction with its config.save audit row;
 * refused, it writes nothing. Services are not held by teams (team_targets knows forms and
 * calendars only), so the role alone decides: member and admin.
 */
import { Temporal } from 'temporal-polyfill';
import type { Kysely, Transaction } from 'kysely';
import { staffPaymentCatalogue, staffPaymentServiceSave, staffTaxRateAdd } from '@core/contract/staff-products';
import { todayInTokyo } from '@core/ja/date-input';
import { refuse } from '@core/refusals';
import { taxRateEditable, withTaxRate } from '@core/rules/tax';
import type { RouteContext } from '../route-context';
import type { Database } from '../store/schema';
import { listStoredServices, storedTaxSetting } from '../store/payment-catalogue';
import { BundleError, importPaymentPartIn } from '../forms/import';
import { configObjectOf } from '../forms/config-json';
import { auditFromOf } from '../staff/guard';
import { recordAudit } from '../audit/record';

const SOURCE = 'console';

const catalogueOf = async (db: Kysely<Database> | Transaction<Database>) => {
  const [services, tax] = await Promise.all([listStoredServices(db), storedTaxSetting(db)]);
  return { services, taxSetting: tax !== null && typeof tax === 'object' ? (tax as Record<string, unknown>) : null, today: todayInTokyo().toString() };
};

/** The importer's problems as issues: `console: paymentServices[0].products[1].price: …` → products[1].price. */
const issuesOf = (problems: readonly string[]) =>
  problems.slice(0, 100).map((p) => {
    const rest = p.replace(`${SOURCE}: `, '').replace(/^paymentServices\[0\]\.?/, '');
    const at = rest.indexOf(': ');
    return at < 0 ? { path: '$', message: rest } : { path: rest.slice(0, at) || '$', message: rest.slice(at + 2) };
  });

const asImport = async (run: () => Promise<void>) => {
  try {
    await run();
  } catch (e) {
    if (e instanceof BundleError) throw refuse('config_invalid', undefined, { issues: issuesOf(e.problems) });
    throw e;
  }
};

export const registerStaffProductRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  ctx.route(staffPaymentCatalogue, async () => ({ result: 'OK' as const, data: await catalogueOf(store.db) }));

  ctx.route(staffPaymentServiceSave, async ({ staff, params, body, c, commit }) => {
    const service = configObjectOf(body.serviceJson);
    if (service['serviceId'] !== params.serviceId) throw refuse('config_invalid', undefined, { issues: [{ path: 'serviceId', message: `serviceId は ${params.serviceId} にしてください` }] });
    const now = new Date();
    return commit(async (trx) => {
      await asImport(() => importPaymentPartIn(trx, { service }, SOURCE, now.toISOString()));
      const products = Array.isArray(service['products']) ? service['products'].length : 0;
      await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'config.save', targets: { kind: 'payment_service', ids: [params.serviceId] }, from: auditFromOf(c, config.trustProxy), detail: { what: 'payment-service', products } }, now);
      return { result: 'OK' as const, data: await catalogueOf(trx) };
    });
  });

  ctx.route(staffTaxRateAdd, async ({ staff, body, c, commit }) => {
    const today = todayInTokyo();
    if (!taxRateEditable(Temporal.PlainDate.from(body.applyDate), today)) throw refuse('tax_rate_past', { today: today.toString() });
    const now = new Date();
    return commit(async (trx) => {
      const before = await storedTaxSetting(trx);
      if (before === null || typeof before !== 'object') throw refuse('tax_setting_missing');
      const setting = before as { taxRates?: { applyDate: string; value: number }[] };
      const taxRates = withTaxRate(setting.taxRates ?? [], { applyDate: body.applyDate, value: body.value });
      await asImport(() => importPaymentPartIn(trx, { taxSetting: { ...setting, taxRates } }, SOURCE, now.toISOString()));
      const replaced = (setting.taxRates ?? []).find((r) => r.applyDate === body.applyDate) ?? null;
      await recordAudit(
        trx,
        { actor: { kind: 'staff', id: staff.id }, action: 'config.save', targets: { kind: 'tax_setting', ids: ['taxSetting'] }, from: auditFromOf(c, config.trustProxy), detail: { what: 'tax-rate', applyDate: body.applyDate, value: body.value, replaced: replaced?.value ?? null } },
        now,
      );
      return { result: 'OK' as const, data: await catalogueOf(trx) };
    });
  });
};
