import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiEnvelope } from '@newsroom/contract';
import { toast } from 'sonner';
import { FALLBACK_ERROR } from '../../lib/api.ts';

interface AdminMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<ApiEnvelope<TData>>;
  /** Lists made stale by this change; each key is a prefix. */
  invalidates: QueryKey[];
  onSuccess?: (envelope: ApiEnvelope<TData>, variables: TVariables) => void;
}

/**
 * A back-office change with the spec's feedback: a pending toast while it runs, dismissed when it
 * ends; the response's message on success, else the server's message or 'Something is wrong'.
 * The lists it touches are refetched either way.
 */
export function useAdminMutation<TVariables, TData>({
  mutationFn,
  invalidates,
  onSuccess,
}: AdminMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: () => ({ toastId: toast.loading('Please wait...') }),
    onSuccess: (envelope, variables, context) => {
      toast.dismiss(context?.toastId);
      toast.success(envelope.message);
      onSuccess?.(envelope, variables);
    },
    onError: (error, _variables, context) => {
      toast.dismiss(context?.toastId);
      toast.error(error instanceof Error && error.message ? error.message : FALLBACK_ERROR);
    },
    onSettled: () =>
      Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
