import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../lib/i18n';
import { reloadSession } from '../lib/session';
import { resetTimeZone } from '../lib/time-zone';
import { clearToasts } from '../lib/toast';

beforeEach(async () => {
  localStorage.clear();
  reloadSession();
  resetTimeZone();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  reloadSession();
});
