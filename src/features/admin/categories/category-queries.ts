/** The category tree as staff read it, and one edit of it at a time. Memory only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCategoryEdit, staffCategoryTree, type CategoryEdit } from '@core/contract/staff-categories';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;
const KEY = ['staff', 'categories'] as const;

export const useCategoryTree = (enabled: boolean) =>
  useQuery({ queryKey: KEY, queryFn: async () => unwrap(await call(staffCategoryTree, {}, once)), enabled });

export const useCategoryEdit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: CategoryEdit) => unwrap(await call(staffCategoryEdit, { body: edit }, once)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
};

export type CategoryEditor = ReturnType<typeof useCategoryEdit>;
