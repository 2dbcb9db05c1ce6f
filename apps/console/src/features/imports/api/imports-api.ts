import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportItem, ImportKind, UploadResponse } from '@tracker/contract';
import { apiCall, downloadFile, uploadFile } from '../../../lib/api-client';

export const importKeys = {
  all: ['imports'] as const,
  list: (page: number, date: string, tz: string) => ['imports', 'list', page, date, tz] as const,
  errors: (id: number, page: number) => ['imports', 'errors', id, page] as const,
  help: ['imports', 'help'] as const,
};

export const isRunning = (i: Pick<ImportItem, 'status'>) => i.status === 'QUEUED' || i.status === 'RUNNING';

/** Polled every second while an import on the page is queued or running, so progress moves live. */
export const RUNNING_POLL_MS = 1000;

/** `date` is a day of the chosen time zone `tz` (the list shows its times in that zone). */
export const getImportListQueryOptions = (page: number, date: string, tz: string) =>
  queryOptions({
    queryKey: importKeys.list(page, date, tz),
    queryFn: ({ signal }) => apiCall('importList', { query: { page, ...(date ? { date, tz } : {}) }, signal }),
  });

export function useImportList(page: number, date: string, tz: string) {
  return useQuery({
    ...getImportListQueryOptions(page, date, tz),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some(isRunning) ? RUNNING_POLL_MS : false),
  });
}

/** Follows one import until it is FINISHED or FAILED (asked for by id: others' uploads may push it off page 0). */
export function useImportProgress(id: number | null) {
  const q = useQuery({
    queryKey: ['imports', 'one', id ?? 0] as const,
    queryFn: ({ signal }) => apiCall('importList', { query: { page: 0, id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const data = query.state.data;
      const item = data?.items.find((i) => i.id === id);
      // an import that does not exist (any more) is not waited for
      return data && !item ? false : !item || isRunning(item) ? RUNNING_POLL_MS : false;
    },
  });
  return q.data?.items.find((i) => i.id === id) ?? null;
}

export function useImportErrors(id: number | null, page: number) {
  return useQuery({
    queryKey: importKeys.errors(id ?? 0, page),
    queryFn: ({ signal }) => apiCall('importErrors', { query: { id: id!, page }, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useUploadMutation(mass: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: Record<string, string | number | undefined> }) =>
      uploadFile<UploadResponse>(mass ? '/import/upload/mass' : '/import/upload', file, fields),
    onSuccess: () => void qc.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** The import's CSV with an error column: generate a hash, then download by hash (§4 exports). */
export async function downloadReport(importId: number) {
  let hash: string;
  try {
    ({ hash } = await apiCall('importCsvGenerate', { query: { import_id: importId } }));
  } catch {
    return; // the api client has toasted the error
  }
  await downloadFile(`/csv/import?hash=${hash}`, `import-${importId}-report.csv`);
}

export const useServers = () => useQuery({ queryKey: ['lists', 'servers'], queryFn: ({ signal }) => apiCall('importServers', { signal }) });
export const useVoipCentrals = () => useQuery({ queryKey: ['lists', 'voipCentrals'], queryFn: ({ signal }) => apiCall('voipCentralList', { signal }) });
/** the shared list (lib/lists.ts) */
export { useDeviceTypes } from '../../../lib/lists';
export const useDeployments = () => useQuery({ queryKey: ['lists', 'deployments'], queryFn: ({ signal }) => apiCall('deploymentList', { signal }) });

export function useHelpFile() {
  return useQuery({ queryKey: importKeys.help, queryFn: ({ signal }) => apiCall('importHelp', { signal }) });
}

export function useHelpUploadMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<{ model: { id: number } }>('/import/upload/help', file, {}),
    onSuccess: () => void qc.invalidateQueries({ queryKey: importKeys.help }),
  });
}


/** The routes of one record entered by hand, by import kind. */
const RECORD_ROUTE = { SIM: 'importSim', DEVICE: 'importDevice', DEVICE_AND_SIM: 'importDeviceAndSim', FACTORY_DEVICE: 'importFactoryDevice' } as const;

/** One record of a kind entered by hand (POST /import/sim, /device, /deviceAndSim, /factoryDevice); the form says a refusal itself (§8). */
export const useImportRecordMutation = (kind: Exclude<ImportKind, 'MASS'>) =>
  useMutation({ mutationFn: (body: unknown) => apiCall(RECORD_ROUTE[kind], { body: body as never, toast: false }) });
