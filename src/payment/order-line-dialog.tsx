/**
 * The order-line dialog (spec 02 §2, §4, §5): product category, product, quantity and the line's
 * amount in yen, with キャンセル, 削除 (changing a line only) and 保存. A fixed-shape form, so it is
 * a TanStack Form. Changing the category resets the product and the quantity (1); the quantity is
 * a half-width integer of at least 1; the purchase limit counts every line, the edited one with
 * its new quantity instead of its old one.
 */
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@tanstack/react-form';
import { PAY_TYPE, type PaymentProduct, type PaymentService, type TaxSetting } from '@core/contract/payment';
import { todayInTokyo } from '@core/ja/date-input';
import { isQuantity, QUANTITY_PATTERN, type OrderLine } from '@core/items/select-products';
import { exceedsPurchaseLimit } from '@core/rules/tax';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import { jaScreens } from '../messages/ja-screens';
import { priceLines, yen } from './order-view';

export const ORDER_DIALOG_WIDTH = 430;

export interface OrderLineDialogProps {
  /** The products offered, in display order. */
  products: readonly PaymentProduct[];
  purchaseLimit: number;
  lines: readonly OrderLine[];
  /** The line being changed (0-based), or null for a new one. */
  editing: number | null;
  service: PaymentService;
  rule: TaxSetting | null;
  onClose: () => void;
  onSave: (lines: OrderLine[]) => void;
}

interface LineForm {
  categoryId: string;
  productId: string;
  quantity: string;
}

/** The categories the products carry, in first-seen order. */
const categoriesOf = (products: readonly PaymentProduct[]) => {
  const seen = new Map<string, string>();
  for (const p of products) for (const c of p.productCategories) if (!seen.has(c.id)) seen.set(c.id, c.name);
  return [...seen].map(([id, name]) => ({ id, name }));
};

const inCategory = (products: readonly PaymentProduct[], categoryId: string) =>
  categoryId === '' ? products : products.filter((p) => p.productCategories.some((c) => c.id === categoryId));

/** The quantity's message, or undefined when it is one. */
export const quantityError = (text: string): string | undefined => {
  const t = text.trim();
  return QUANTITY_PATTERN.test(t) && isQuantity(Number(t)) ? undefined : ja.validation.quantityInteger;
};

export function OrderLineDialog(props: OrderLineDialogProps) {
  const { products, lines, editing, purchaseLimit } = props;
  const current = editing === null ? undefined : lines[editing];
  const categories = categoriesOf(products);
  const form = useForm({
    defaultValues: {
      categoryId: current?.productCategoryId ?? '',
      productId: current?.productId ?? '',
      quantity: String(current?.count ?? 1),
    } satisfies LineForm as LineForm,
    validators: {
      onSubmit: ({ value }) => {
        if (value.productId === '') return { fields: { productId: ja.validation.required } };
        const q = quantityError(value.quantity);
        if (q) return { fields: { quantity: q } };
        const counts = lines.map((l, n) => (n === editing ? Number(value.quantity) : l.count));
        if (editing === null) counts.push(Number(value.quantity));
        if (exceedsPurchaseLimit(purchaseLimit, counts)) return { fields: { quantity: fill(ja.validation.purchaseLimit, { limit: purchaseLimit }) } };
        return undefined;
      },
    },
    onSubmit: ({ value }) => {
      const product = products.find((p) => p.productId === value.productId);
      if (!product) return;
      const category = product.productCategories.find((c) => c.id === value.categoryId) ?? null;
      const line: OrderLine = {
        productId: product.productId,
        productName: product.productName,
        productCategoryId: category?.id ?? null,
        productCategoryName: category?.name ?? null,
        count: Number(value.quantity.trim()),
      };
      const next = [...lines];
      if (editing === null) next.push(line);
      else next[editing] = line;
      props.onSave(next);
    },
  });

  const remove = () => {
    if (editing === null) return;
    // detailId is the position, so the lines after it renumber themselves (spec 02 §3).
    props.onSave(lines.filter((_, n) => n !== editing));
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      size={ORDER_DIALOG_WIDTH}
      title={editing === null ? jaScreens.payment.dialogTitleNew : jaScreens.payment.dialogTitleEdit}
      centered
      data-testid="order-line-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          void form.handleSubmit();
        }}
      >
        <Stack gap="sm">
          {categories.length > 0 ? (
            <form.Field
              name="categoryId"
              listeners={{
                // Spec 02 §4: a new category resets the product, the quantity (1) and so the amount.
                onChange: () => {
                  form.setFieldValue('productId', '');
                  form.setFieldValue('quantity', '1');
                },
              }}
            >
              {(field) => (
                <NativeSelect
                  label={jaScreens.payment.category}
                  value={field.state.value}
                  onChange={(e) => field.handleChange(e.currentTarget.value)}
                  data={[{ value: '', label: jaScreens.payment.categoryAll }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
                  data-testid="order-category"
                />
              )}
            </form.Field>
          ) : null}
          <form.Subscribe selector={(s) => s.values.categoryId}>
            {(categoryId) => (
              <form.Field name="productId">
                {(field) => (
                  <NativeSelect
                    label={jaScreens.payment.product}
                    value={field.state.value}
                    onChange={(e) => field.handleChange(e.currentTarget.value)}
                    error={field.state.meta.errors[0] as string | undefined}
                    data={[
                      { value: '', label: jaScreens.payment.productPlaceholder },
                      ...inCategory(products, categoryId).map((p) => ({ value: p.productId, label: p.productName })),
                    ]}
                    data-testid="order-product"
                  />
                )}
              </form.Field>
            )}
          </form.Subscribe>
          <form.Field name="quantity" validators={{ onChange: ({ value }) => quantityError(value) }}>
            {(field) => (
              <TextInput
                label={jaScreens.payment.quantity}
                inputMode="numeric"
                value={field.state.value}
                onChange={(e) => field.handleChange(e.currentTarget.value)}
                onBlur={field.handleBlur}
                error={field.state.meta.errors[0] as string | undefined}
                data-testid="order-quantity"
              />
            )}
          </form.Field>
          <form.Subscribe selector={(s) => [s.values.productId, s.values.quantity] as const}>
            {([productId, quantity]) => {
              const product = products.find((p) => p.productId === productId);
              const count = quantityError(quantity) ? null : Number(quantity.trim());
              const priced =
                product && count !== null
                  ? priceLines([{ productId, productName: product.productName, productCategoryId: null, productCategoryName: null, count }], props.service, props.rule, PAY_TYPE.cashless, todayInTokyo())
                  : null;
              const amount = priced && 'order' in priced && priced.order ? yen(priced.order.details[0]?.amount ?? 0) : '--';
              return (
                <div>
                  <Text size="sm" fw={500}>
                    {jaScreens.payment.amountYen}
                  </Text>
                  <Text data-testid="order-amount">{amount}</Text>
                </div>
              );
            }}
          </form.Subscribe>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={props.onClose} data-testid="order-cancel">
              {jaScreens.payment.cancel}
            </Button>
            {editing === null ? null : (
              <Button color="red" variant="light" onClick={remove} data-testid="order-remove">
                {jaScreens.payment.remove}
              </Button>
            )}
            <Button type="submit" data-testid="order-save">
              {jaScreens.payment.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
