/** The payment catalogue as the console reads and saves it (core/contract/staff-products.ts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffPaymentCatalogue, staffPaymentServiceSave, staffTaxRateAdd } from '@core/contract/staff-products';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;
const KEY = ['staff', 'payment-catalogue'] as const;

export const useCatalogue = (enabled: boolean) => useQuery({ queryKey: KEY, queryFn: async () => unwrap(await call(staffPaymentCatalogue, {}, once)), enabled });

export const useServiceSave = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (service: Record<string, unknown>) => unwrap(await call(staffPaymentServiceSave, { params: { serviceId: String(service['serviceId']) }, body: { serviceJson: JSON.stringify(service) } }, once)),
    onSuccess: (answer) => queryClient.setQueryData(KEY, answer),
  });
};

export const useTaxRateAdd = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { applyDate: string; value: number }) => unwrap(await call(staffTaxRateAdd, { body }, once)),
    onSuccess: (answer) => queryClient.setQueryData(KEY, answer),
  });
};

/** A product as the bundle holds it (server/forms/payment-bundle.ts), read loosely for the table. */
export interface ProductLine {
  productId: string;
  productName: string;
  price: number;
  taxableType: number;
  order: number;
  productCategories: { id: string; name: string }[];
}

export const productsOf = (service: Record<string, unknown>): ProductLine[] => (Array.isArray(service['products']) ? (service['products'] as ProductLine[]) : []);
