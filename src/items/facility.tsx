/**
 * Facility (施設検索, spec 02 §2): the chosen facility (name, address, phone) and the button that
 * opens the search dialog (facility-dialog.tsx, loaded on the first tap so forms without the item
 * never carry it). The search needs the network; a facility is then part of the answer like any value.
 */
import { Button, Group, Input, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormValue } from '@core/items/define';
import { formatFacilityValue, parseFacilityValue } from '@core/items/facility';
import { useFormEngine } from '../form/engine-context';
import { fill } from '../messages/fill';
import { jaScreens } from '../messages/ja-screens';
import { textOf } from './parts';
import type { ItemProps, ItemUi } from './types';
import { laterComponent } from '../lib/later-component';

const FacilityDialog = laterComponent(() => import('./facility-dialog').then((m) => m.FacilityDialog));

export function FacilityItem(p: ItemProps<'facility'>) {
  const { plan } = useFormEngine();
  const [open, setOpen] = useState(false);
  const chosen = parseFacilityValue(textOf(p.value));
  return (
    <Input.Wrapper label={p.label} description={p.description} error={p.error} labelProps={{ htmlFor: p.id }}>
      {chosen && (
        <Paper withBorder p="xs" mt={4} data-testid="facility-value">
          <Text fw={600}>{chosen.name}</Text>
          {chosen.address && <Text size="sm">{chosen.address}</Text>}
          {chosen.phone && <Text size="sm">{chosen.phone}</Text>}
        </Paper>
      )}
      <Group mt={6} gap="xs">
        {/* The item's label points here (htmlFor) and would name the button after the item alone. */}
        <Button
          id={p.id}
          variant="light"
          onClick={() => setOpen(true)}
          disabled={p.readOnly}
          aria-label={fill(jaScreens.facility.buttonName, { action: chosen ? jaScreens.facility.change : jaScreens.facility.search, title: p.item.title })}
          data-testid="facility-open"
        >
          {chosen ? jaScreens.facility.change : jaScreens.facility.search}
        </Button>
        {chosen && !p.readOnly && (
          <Button variant="subtle" onClick={() => p.onChange(undefined)} data-testid="facility-clear">
            {jaScreens.facility.clear}
          </Button>
        )}
      </Group>
      {open && (
        <FacilityDialog
          surveyId={plan.surveyId}
          itemKey={p.item.itemKey}
          defaultPrefecture={p.item.defaultPrefecture}
          onPick={(v) => {
            p.onChange(formatFacilityValue(v));
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </Input.Wrapper>
  );
}

/** The confirmation's text of a chosen facility. */
export const facilityDisplay = (value: FormValue): string => {
  const v = typeof value === 'string' ? parseFacilityValue(value) : null;
  return v ? [v.name, v.address, v.phone].filter((s) => s !== '').join(' / ') : textOf(value);
};

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'facility'> = { Component: FacilityItem, showErrorOnChange: true, display: facilityDisplay };
