import { useSyncExternalStore } from 'react';
import { TOAST_MS } from '@tracker/contract';

/** §8: error toasts are titled "Error" (5 s from the server, 2 s local), success toasts "Successfull". */
export type ToastKind = 'error' | 'success';
/** `requestId`: the api's id of the failed request, shown for a support agent to quote (docs/operations.md "Logs"). */
export type Toast = { id: number; kind: ToastKind; message: string; ms: number; requestId?: string };

let seq = 0;
let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

function push(kind: ToastKind, message: string, ms: number, requestId?: string): number {
  const id = ++seq;
  toasts = [...toasts, { id, kind, message, ms, ...(requestId ? { requestId } : {}) }];
  timers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  );
  emit();
  return id;
}

/** An error the server reported: a list of messages is joined by line breaks; with the request's id when known. */
export function serverErrorToast(message: string | readonly string[], requestId?: string): number {
  return push('error', Array.isArray(message) ? message.join('\n') : String(message), TOAST_MS.serverError, requestId);
}

/** An error found in the browser (validation before sending). */
export function localErrorToast(message: string): number {
  return push('error', message, TOAST_MS.localError);
}

export function successToast(message: string): number {
  return push('success', message, TOAST_MS.success);
}

export function dismissToast(id: number): void {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
  const next = toasts.filter((x) => x.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

export function clearToasts(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  toasts = [];
  emit();
}

const getToasts = () => toasts;
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
