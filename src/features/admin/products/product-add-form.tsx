/**
 * 商品を追加する: one product appended to the service and the service saved whole, so the
 * server's importer checks it with the rest (a duplicate id, a price out of range are its refusals).
 */
import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { TAXABLE_TYPE } from '@core/contract/payment-codes';
import { jaConsole } from '../../../messages/ja-console';
import { productsOf, useServiceSave } from './product-queries';
import { SaveProblems } from './save-problems';

const t = jaConsole.products;
const TAXABLE_OPTIONS = Object.values(TAXABLE_TYPE).map((v) => ({ value: String(v), label: t.taxableTypes[v] }));

export function ProductAddForm({ service }: { service: Record<string, unknown> }) {
  const save = useServiceSave();
  const [f, setF] = useState({ productId: '', productName: '', price: '', taxableType: '0', categoryId: '', categoryName: '' });
  const set = (k: keyof typeof f) => (e: { currentTarget: { value: string } }) => setF({ ...f, [k]: e.currentTarget.value });
  const products = productsOf(service);
  const order = products.reduce((max, p) => Math.max(max, p.order), 0) + 1;
  const send = () => {
    const category = f.categoryId.trim() ? [{ id: f.categoryId.trim(), name: f.categoryName.trim() || f.categoryId.trim() }] : [];
    const product = { productId: f.productId.trim(), productName: f.productName.trim(), price: Number(f.price), taxableType: Number(f.taxableType), order, productCategories: category };
    save.mutate({ ...service, products: [...products, product] }, { onSuccess: () => setF({ ...f, productId: '', productName: '', price: '' }) });
  };
  return (
    <Stack gap="xs" data-testid="product-add">
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t.productId} value={f.productId} onChange={set('productId')} w={160} required />
        <TextInput label={t.productName} value={f.productName} onChange={set('productName')} w={240} required />
        <TextInput label={t.price} inputMode="numeric" value={f.price} onChange={set('price')} w={120} required />
        <NativeSelect label={t.taxable} data={TAXABLE_OPTIONS} value={f.taxableType} onChange={set('taxableType')} w={120} />
        <TextInput label={t.categoryId} value={f.categoryId} onChange={set('categoryId')} w={140} />
        <TextInput label={t.categoryName} value={f.categoryName} onChange={set('categoryName')} w={160} />
        <Button onClick={send} loading={save.isPending} disabled={!f.productId.trim() || !f.productName.trim() || !/^\d+$/.test(f.price.trim())}>
          {t.add}
        </Button>
      </Group>
      <SaveProblems error={save.error} />
      {save.isSuccess ? (
        <Text size="sm" role="status">
          {t.saved}
        </Text>
      ) : null}
    </Stack>
  );
}
