/** The payments list's filters: payment states (toggles, several at once), pay method, form, completed days. */
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { PAY_METHODS } from '@core/contract/payment-codes';
import { PAYMENT_STATUS_LABELS } from '@core/ja/payment-status';
import type { PaymentStatus } from '@core/contract/payment';
import { jaConsole } from '../../../messages/ja-console';
import { payMethodLabel } from './payment-labels';
import type { PaymentsFilter } from './payment-queries';

const t = jaConsole.payments;

export function PaymentFilters(p: { draft: PaymentsFilter; setDraft: (f: PaymentsFilter) => void; forms: { surveyId: string; title: string }[]; apply: () => void; clear: () => void }) {
  const { draft, setDraft } = p;
  const set = (patch: Partial<PaymentsFilter>) => setDraft({ ...draft, ...patch });
  const toggle = (s: PaymentStatus) => set({ status: draft.status.includes(s) ? draft.status.filter((x) => x !== s) : [...draft.status, s].sort() });
  return (
    <Paper withBorder p="sm" component="form" aria-label={t.apply} onSubmit={(e) => { e.preventDefault(); p.apply(); }}>
      <Stack gap="xs">
        <Group gap={6} role="group" aria-label={t.status}>
          <Text size="sm" fw={500} mr={4}>
            {t.status}
          </Text>
          {PAYMENT_STATUS_LABELS.map((label, s) => (
            <Button key={label} size="compact-sm" variant={draft.status.includes(s as PaymentStatus) ? 'filled' : 'default'} aria-pressed={draft.status.includes(s as PaymentStatus)} onClick={() => toggle(s as PaymentStatus)}>
              {label}
            </Button>
          ))}
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t.payMethod}
            data={[{ value: '', label: t.anyMethod }, ...PAY_METHODS.map((m) => ({ value: m, label: payMethodLabel(m) }))]}
            value={draft.payMethod}
            onChange={(e) => set({ payMethod: e.currentTarget.value as PaymentsFilter['payMethod'] })}
            w={220}
          />
          <NativeSelect
            label={t.form}
            data={[{ value: '', label: t.allForms }, ...p.forms.map((f) => ({ value: f.surveyId, label: f.title }))]}
            value={draft.surveyId}
            onChange={(e) => set({ surveyId: e.currentTarget.value })}
            w={220}
          />
          <TextInput type="date" label={t.from} value={draft.completedFrom} onChange={(e) => set({ completedFrom: e.currentTarget.value })} w={150} />
          <TextInput type="date" label={t.to} value={draft.completedTo} onChange={(e) => set({ completedTo: e.currentTarget.value })} w={150} />
          <Button type="submit">{t.apply}</Button>
          <Button variant="default" onClick={p.clear}>
            {t.clear}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
