import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_MESSAGES,
  ErrorCode,
  REQUEST_ORIGIN_CONSOLE,
  REQUEST_ORIGIN_HEADER,
  type ImportItem,
  type UploadResponse,
} from '@tracker/contract';
import { API_PREFIX, apiCall, ApiError, endSession } from '../../../lib/api-client';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { getSession } from '../../../lib/session';
import { serverErrorToast } from '../../../lib/toast';

/** Headers of every call (§7): the session, the request origin and the UI language. */
function headers(): Record<string, string> {
  const h: Record<string, string> = {
    [REQUEST_ORIGIN_HEADER]: REQUEST_ORIGIN_CONSOLE,
    'accept-language': currentLanguage(),
  };
  const s = getSession();
  if (s) h.authorization = `Bearer ${s.token}`;
  return h;
}

async function failure(res: Response): Promise<ApiError> {
  let body: { error?: string; code?: string; errors?: { field: string; message: string }[] } = {};
  try {
    body = await res.json();
  } catch {
    // not JSON
  }
  const code = (Object.values(ErrorCode) as string[]).includes(body.code ?? '') ? (body.code as ErrorCode) : ErrorCode.Internal;
  const err = new ApiError(res.status, code, body.error ?? ERROR_MESSAGES[currentLanguage()][code], body.errors ?? []);
  if (res.status === 401 && getSession()) {
    endSession();
    serverErrorToast(err.message);
  }
  return err;
}

/** Multipart upload of a file with form fields; the api's client speaks JSON only. */
export async function postFile<T>(path: string, file: File, fields: Record<string, string | number | undefined>): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.set(k, String(v));
  form.set('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}`, { method: 'POST', headers: { ...headers(), accept: 'application/json' }, body: form });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/** Downloads a file answer (CSV, help file) with the session and saves it under its name. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}`, { headers: headers() });
  } catch {
    serverErrorToast(i18n.t('errors.network'));
    return;
  }
  if (!res.ok) {
    const err = await failure(res);
    if (res.status !== 401) serverErrorToast(err.messages);
    return;
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  let name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  if (utf8) {
    try {
      name = decodeURIComponent(utf8);
    } catch {
      // keep the ASCII name
    }
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const importKeys = {
  all: ['imports'] as const,
  list: (page: number, date: string) => ['imports', 'list', page, date] as const,
  errors: (id: number, page: number) => ['imports', 'errors', id, page] as const,
  help: ['imports', 'help'] as const,
};

export const isRunning = (i: Pick<ImportItem, 'status'>) => i.status === 'QUEUED' || i.status === 'RUNNING';

/** Polled every second while an import on the page is queued or running, so progress moves live. */
export const RUNNING_POLL_MS = 1000;

export const importListOptions = (page: number, date: string) =>
  queryOptions({
    queryKey: importKeys.list(page, date),
    queryFn: ({ signal }) => apiCall('importList', { query: { page, date: date || undefined }, signal }),
  });

export function useImportList(page: number, date: string) {
  return useQuery({
    ...importListOptions(page, date),
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

export function useUpload(mass: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: Record<string, string | number | undefined> }) =>
      postFile<UploadResponse>(mass ? '/import/upload/mass' : '/import/upload', file, fields),
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
export const useDeviceTypes = () => useQuery({ queryKey: ['lists', 'deviceTypes'], queryFn: ({ signal }) => apiCall('deviceTypes', { signal }) });
export const useDeployments = () => useQuery({ queryKey: ['lists', 'deployments'], queryFn: ({ signal }) => apiCall('deploymentList', { signal }) });

export function useHelpFile() {
  return useQuery({ queryKey: importKeys.help, queryFn: ({ signal }) => apiCall('importHelp', { signal }) });
}

export function useHelpUpload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => postFile<{ model: { id: number } }>('/import/upload/help', file, {}),
    onSuccess: () => void qc.invalidateQueries({ queryKey: importKeys.help }),
  });
}
