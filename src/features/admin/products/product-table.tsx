/** 商品: a service's products in their order with price, tax class and categories. */
import { Table } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import type { ProductLine } from './product-queries';

const t = jaConsole.products;

export function ProductTable({ products }: { products: readonly ProductLine[] }) {
  return (
    <Table striped withTableBorder data-testid="product-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.order}</Table.Th>
          <Table.Th>{t.productId}</Table.Th>
          <Table.Th>{t.productName}</Table.Th>
          <Table.Th>{t.price}</Table.Th>
          <Table.Th>{t.taxable}</Table.Th>
          <Table.Th>{t.categories}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {products.map((p) => (
          <Table.Tr key={p.productId} data-testid="product-row" data-id={p.productId}>
            <Table.Td>{p.order}</Table.Td>
            <Table.Td>{p.productId}</Table.Td>
            <Table.Td>{p.productName}</Table.Td>
            <Table.Td>{p.price.toLocaleString('ja-JP')}</Table.Td>
            <Table.Td>{t.taxableTypes[p.taxableType === 1 ? 1 : 0]}</Table.Td>
            <Table.Td>{(p.productCategories ?? []).map((c) => c.name).join('、')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
