/**
 * The facility search dialog (spec 02 §2, §5, §8): prefecture (47) and a required keyword, the
 * results of POST /survey-results/place-google, or a facility typed by name when none fits; then a
 * confirmation before the facility becomes the answer. The phone is normalised as the spec says
 * (+81 → 0, no spaces or hyphens).
 */
import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { surveyResultsPlaceGoogle, type Place } from '@core/contract/facility';
import type { FacilityValue } from '@core/items/facility';
import { normalizePhone } from '@core/ja/phone';
import { PREFECTURES } from '@core/ja/prefectures';
import { call } from '../lib/api';
import { ja } from '../messages/ja';
import { jaScreens } from '../messages/ja-screens';

type Search = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; places: Place[] } | { kind: 'error' };

const PREFECTURE_OPTIONS = [{ value: '', label: ja.items.selectPlaceholder }, ...PREFECTURES.map((p) => ({ value: p.name, label: p.name }))];

export const facilityOf = (place: Place): FacilityValue => ({
  name: place.displayName,
  address: place.shortFormattedAddress,
  phone: normalizePhone((place.internationalPhoneNumber ?? '').trim()),
});

export function FacilityDialog(props: {
  surveyId: string;
  itemKey: string;
  defaultPrefecture: string | undefined;
  onPick: (v: FacilityValue) => void;
  onClose: () => void;
}) {
  const [prefecture, setPrefecture] = useState(props.defaultPrefecture ?? '');
  const [keyword, setKeyword] = useState('');
  const [errors, setErrors] = useState<{ prefecture?: string; keyword?: string; direct?: string }>({});
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const [direct, setDirect] = useState('');
  const [chosen, setChosen] = useState<FacilityValue | null>(null);

  const run = async (e: FormEvent) => {
    e.preventDefault();
    const query = keyword.trim();
    const missing = { ...(prefecture ? {} : { prefecture: ja.validation.required }), ...(query ? {} : { keyword: ja.validation.required }) };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSearch({ kind: 'loading' });
    try {
      const answer = await call(surveyResultsPlaceGoogle, { body: { surveyId: props.surveyId, itemKey: props.itemKey, query, prefecture } });
      setSearch(answer.result === 'OK' ? { kind: 'done', places: answer.results.places } : { kind: 'error' });
    } catch {
      setSearch({ kind: 'error' });
    }
  };

  const useDirect = () => {
    const name = direct.trim();
    if (!name) {
      setErrors((x) => ({ ...x, direct: jaScreens.facility.searchError }));
      return;
    }
    setErrors((x) => ({ ...x, direct: undefined }));
    setChosen({ name, address: '', phone: '' });
  };

  return (
    <Modal opened onClose={props.onClose} title={chosen ? jaScreens.facility.confirmTitle : jaScreens.facility.dialogTitle} size={500} centered>
      {chosen ? (
        <Stack gap="xs" data-testid="facility-confirm">
          <Text size="sm" c="dimmed">{jaScreens.facility.name}</Text>
          <Text fw={600}>{chosen.name}</Text>
          {chosen.address && (
            <>
              <Text size="sm" c="dimmed">{jaScreens.facility.address}</Text>
              <Text>{chosen.address}</Text>
            </>
          )}
          {chosen.phone && (
            <>
              <Text size="sm" c="dimmed">{jaScreens.facility.phone}</Text>
              <Text data-testid="facility-confirm-phone">{chosen.phone}</Text>
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setChosen(null)}>{jaScreens.facility.back}</Button>
            <Button onClick={() => props.onPick(chosen)} data-testid="facility-confirm-ok">{jaScreens.facility.confirm}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <form onSubmit={(e) => void run(e)} noValidate>
            <Stack gap="xs">
              <NativeSelect label={jaScreens.facility.prefecture} data={PREFECTURE_OPTIONS} value={prefecture} onChange={(e) => setPrefecture(e.currentTarget.value)} error={errors.prefecture} />
              <TextInput
                label={jaScreens.facility.keyword}
                placeholder={jaScreens.facility.keywordPlaceholder}
                value={keyword}
                onChange={(e) => setKeyword(e.currentTarget.value)}
                error={errors.keyword}
              />
              <Button type="submit" loading={search.kind === 'loading'} data-testid="facility-search">{jaScreens.facility.submit}</Button>
            </Stack>
          </form>
          {search.kind === 'loading' && <Loader size="sm" aria-label={jaScreens.facility.searching} />}
          {search.kind === 'error' && <Alert color="red" role="alert">{jaScreens.facility.searchError}</Alert>}
          {search.kind === 'done' && search.places.length === 0 && <Text role="status" data-testid="facility-none">{jaScreens.facility.notFound}</Text>}
          {search.kind === 'done' && search.places.length > 0 && (
            <Stack gap={4} role="list" aria-label={jaScreens.facility.results}>
              {search.places.map((place, i) => (
                <UnstyledButton
                  key={`${place.displayName}-${i}`}
                  role="listitem"
                  onClick={() => setChosen(facilityOf(place))}
                  data-testid="facility-result"
                  p="xs"
                  style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
                >
                  <Text fw={600}>{place.displayName}</Text>
                  <Text size="sm">{place.shortFormattedAddress}</Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
          {/* A rule, not Mantine's Divider: its stylesheet is not in the app's (src/app/mantine.css). */}
          <hr style={{ border: 0, borderTop: '1px solid var(--mantine-color-gray-3)', margin: '4px 0', width: '100%' }} />
          <TextInput label={jaScreens.facility.direct} value={direct} onChange={(e) => setDirect(e.currentTarget.value)} error={errors.direct} />
          <Button variant="light" onClick={useDirect} data-testid="facility-direct">{jaScreens.facility.directUse}</Button>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>{jaScreens.facility.cancel}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
