/**
 * The location item's map dialog (spec 02 §2: width 500, zoom 15, at least 300px high, Cancel and
 * Set). Leaflet is imported here only, so it loads with the dialog and never with the first
 * screen. Tiles come from the server's setting (/app-config mapTiles: MAP_TILE_URL). A tap puts
 * the marker; 設定 takes the marker's position (or the map's centre when nothing was tapped, so a
 * keyboard user pans with the arrows and sets) and reads its address.
 */
import 'leaflet/dist/leaflet.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { LocationValue } from '@core/items/location';
import { DEFAULT_MAP_CENTRE } from '@core/ja/prefectures';
import { appConfigQueryKey, fetchAppConfig } from '../lib/app-config';
import { jaScreens } from '../messages/ja-screens';
import { LocationError, locationValueAt } from './location-address';

const MARKER = L.divIcon({
  className: 'location-marker',
  html: '<div style="width:18px;height:18px;border-radius:50%;background:#e03131;border:3px solid #fff;box-shadow:0 0 3px #000"></div>',
  iconSize: [24, 24],
  iconAnchor: [12, 12],
});

export function LocationMap(props: {
  value: LocationValue | null;
  zoom: number;
  center: { lat: number; lng: number } | undefined;
  onSet: (value: string) => void;
  onClose: () => void;
}) {
  const settings = useQuery({ queryKey: appConfigQueryKey, queryFn: ({ signal }) => fetchAppConfig(signal) });
  const tiles = settings.data?.mapTiles;
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    if (!container || !tiles) return;
    const start = props.value ?? props.center ?? DEFAULT_MAP_CENTRE;
    const m = L.map(container, { zoomControl: true, keyboard: true }).setView([start.lat, start.lng], props.zoom);
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    if (props.value) marker.current = L.marker([props.value.lat, props.value.lng], { icon: MARKER, title: jaScreens.location.marker }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => {
      if (marker.current) marker.current.setLatLng(e.latlng);
      else marker.current = L.marker(e.latlng, { icon: MARKER, title: jaScreens.location.marker }).addTo(m);
    });
    map.current = m;
    // The dialog opens with a transition: measure again once it has its size.
    const t = setTimeout(() => m.invalidateSize(), 250);
    return () => {
      clearTimeout(t);
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once per container and tile setting; later prop changes do not move it.
  }, [container, tiles]);

  const set = async () => {
    const at = marker.current?.getLatLng() ?? map.current?.getCenter();
    if (!at) return;
    setBusy(true);
    setProblem(undefined);
    try {
      props.onSet(await locationValueAt(at.lat, at.lng));
    } catch (e) {
      setProblem(e instanceof LocationError ? e.message : jaScreens.location.geocodeError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={jaScreens.location.dialogTitle} size={500} centered>
      <Stack gap="xs">
        <Text size="sm">{jaScreens.location.hint}</Text>
        <div
          ref={setContainer}
          role="application"
          aria-label={jaScreens.location.mapLabel}
          data-testid="location-map"
          style={{ width: '100%', minHeight: 300, height: 300 }}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {jaScreens.location.cancel}
          </Button>
          <Button onClick={() => void set()} loading={busy} disabled={!tiles} data-testid="location-set">
            {jaScreens.location.set}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
