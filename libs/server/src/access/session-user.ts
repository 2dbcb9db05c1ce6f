import type { Language, RoleId } from '@tracker/contract';

export type SessionUser = {
  sessionId: string;
  userId: number;
  username: string;
  role: RoleId;
  operators: number[];
  whiteLabels: number[];
  types: number[];
  language: Language;
  expDate: Date;
};
