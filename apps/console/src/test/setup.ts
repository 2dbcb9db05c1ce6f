import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../lib/i18n';
import { reloadSession } from '../lib/session';
import { resetTimeZone } from '../lib/time-zone';
import { clearToasts } from '../lib/toast';

// findBy* and waitFor wait for what they look for; on a loaded 2-core machine a lazy chunk or a mocked answer can take
// longer than the library's 1 s default to show, so the wait (not an assertion about time) is generous
configure({ asyncUtilTimeout: 10_000 });

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
