/**
 * Location (位置情報, spec 02 §2): the address, latitude and longitude, and the buttons 地図を見る
 * (the map dialog, location-map.tsx, loaded with Leaflet only when opened), とりけし and
 * 位置情報を入力 (the device's position). Either way the address comes from reverse geocoding.
 */
import { Alert, Button, Group, Input, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormValue } from '@core/items/define';
import { parseLocationValue } from '@core/items/location';
import { jaScreens } from '../messages/ja-screens';
import { devicePosition, LocationError, locationValueAt } from './location-address';
import { textOf } from './parts';
import type { ItemProps, ItemUi } from './types';
import { laterComponent } from '../lib/later-component';

const LocationMap = laterComponent(() => import('./location-map').then((m) => m.LocationMap));

export function LocationItem(p: ItemProps<'location'>) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const value = parseLocationValue(textOf(p.value));

  const fromDevice = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const at = await devicePosition();
      p.onChange(await locationValueAt(at.lat, at.lng));
    } catch (e) {
      setProblem(e instanceof LocationError ? e.message : jaScreens.location.deviceError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label={p.label} description={p.description} error={p.error} labelProps={{ htmlFor: p.id }}>
      {value && (
        <Paper withBorder p="xs" mt={4} data-testid="location-value">
          <Text size="sm">
            {jaScreens.location.address}: <span data-testid="location-address">{value.address}</span>
          </Text>
          <Text size="sm">
            {jaScreens.location.lat}: <span data-testid="location-lat">{value.lat}</span>
          </Text>
          <Text size="sm">
            {jaScreens.location.lng}: <span data-testid="location-lng">{value.lng}</span>
          </Text>
        </Paper>
      )}
      <Group mt={6} gap="xs">
        <Button id={p.id} variant="light" onClick={() => setOpen(true)} disabled={p.readOnly} data-testid="location-map-open">
          {jaScreens.location.showMap}
        </Button>
        {value && !p.readOnly && (
          <Button variant="subtle" onClick={() => p.onChange(undefined)} data-testid="location-clear">
            {jaScreens.location.clear}
          </Button>
        )}
        <Button variant="light" onClick={() => void fromDevice()} loading={busy} disabled={p.readOnly} data-testid="location-device">
          {jaScreens.location.useDevice}
        </Button>
      </Group>
      {problem && (
        <Alert color="red" mt={6} role="alert" data-testid="location-problem">
          {problem}
        </Alert>
      )}
      {open && (
        <LocationMap
          value={value}
          zoom={p.item.zoom}
          center={p.item.center}
          onSet={(v) => {
            p.onChange(v);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </Input.Wrapper>
  );
}

/** The confirmation shows the address, not the stored coordinates. */
export const locationDisplay = (value: FormValue): string => {
  const v = typeof value === 'string' ? parseLocationValue(value) : null;
  return v ? v.address : textOf(value);
};

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'location'> = { Component: LocationItem, showErrorOnChange: true, display: locationDisplay };
