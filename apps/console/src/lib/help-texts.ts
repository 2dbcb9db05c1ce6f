import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@tracker/contract';
import { apiCall } from './api-client';

const key = (prefix: string, language: string) => ['helpTexts', prefix, language] as const;

/** The stored help texts under a locale path prefix (one call per screen), by locale path. */
export function useHelpTexts(prefix: string, language: Language) {
  return useQuery({
    queryKey: key(prefix, language),
    queryFn: async () => new Map((await apiCall('helpTexts', { query: { prefix, language } })).map((h) => [h.locale_path, h.text])),
    staleTime: 5 * 60_000,
  });
}

/** Sets a help text (role 1). §8 "Help text save failure: only logged, with no user message". */
export function useSaveHelpText(prefix: string, language: Language) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ localePath, text }: { localePath: string; text: string }) =>
      apiCall('helpTextSave', { query: { localePath }, body: { translateText: text, language }, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(prefix, language) }),
    onError: (e) => console.error('help text not saved', e),
  });
}
