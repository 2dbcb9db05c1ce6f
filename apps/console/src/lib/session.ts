import { useSyncExternalStore } from 'react';
import { isRoleId, sessionInfo, type RoleId, type SessionInfo, type TokenResponse } from '@tracker/contract';

/**
 * The signed-in session (§3 "User session"). The spec keeps role, operators and white labels in cookies; we keep
 * them in localStorage beside the token instead: the api never reads them from the client (it derives them from
 * the token), so they are a display cache only, refreshed from GET /local/role on app load.
 */
export type Session = Omit<SessionInfo, 'role'> & { role: RoleId; token: string; expDate: string };

export const SESSION_KEY = 'tracker.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    const r = sessionInfo.safeParse(parsed);
    const extra = parsed as { token?: unknown; expDate?: unknown };
    if (!r.success || typeof extra.token !== 'string' || typeof extra.expDate !== 'string') return null;
    const role = r.data.role;
    if (!isRoleId(role)) return null;
    return { ...r.data, role, token: extra.token, expDate: extra.expDate };
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(model: TokenResponse['model']): Session {
  const { isAuth: _isAuth, role, ...rest } = model;
  // the contract's schema infers `role` as number; the union of role literals is what it checks
  if (!isRoleId(role)) throw new Error(`unknown role ${role}`);
  current = { ...rest, role };
  localStorage.setItem(SESSION_KEY, JSON.stringify(current));
  emit();
  return current;
}

/** Applies a fresh GET /local/role answer (role, operators, white labels may have changed since sign-in). */
export function updateSessionInfo(info: SessionInfo): void {
  const role = info.role;
  if (!current || !isRoleId(role)) return;
  current = { ...current, ...info, role };
  localStorage.setItem(SESSION_KEY, JSON.stringify(current));
  emit();
}

export function clearSession(): void {
  current = null;
  localStorage.removeItem(SESSION_KEY);
  emit();
}

/** Re-reads storage (tests, and another tab signing in or out). */
export function reloadSession(): void {
  current = read();
  emit();
}

export function isExpired(session: Pick<Session, 'expDate'>, now: number = Date.now()): boolean {
  const t = Date.parse(session.expDate);
  return Number.isNaN(t) || t <= now;
}

export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_KEY) reloadSession();
  });
}
