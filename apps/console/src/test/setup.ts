import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { featureTextsReady, i18n } from '../lib/i18n';
import { reloadSession } from '../lib/session';
import { resetTimeZone } from '../lib/time-zone';
import { clearToasts } from '../lib/toast';

// findBy* and waitFor wait for what they look for; on a loaded 2-core machine a lazy chunk or a mocked answer can take
// longer than the library's 1 s default to show, so the wait (not an assertion about time) is generous
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver, which every browser the console runs in has: a page whose chart or map mounted after
// its spec stopped looking (ECharts is a lazy chunk) threw 'ResizeObserver is not defined' as an unhandled rejection,
// failing a run now and then. A do-nothing one for every spec; `stubLayout` (test/layout.ts) still stubs its own.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom has no canvas context (getContext answers null): a chart of the lazy ECharts chunk that mounted late drew onto
// null and threw 'reading clearRect' when its spec unmounted it, failing a run now and then (CI of stop 28). A context
// that draws nothing, one per canvas, for every spec; `stubMap` (test/layout.ts) still stubs its own.
const noCanvas = (): unknown =>
  new Proxy(function () {} as unknown as Record<PropertyKey, unknown>, {
    get: (held, key) => {
      if (key in held) return held[key];
      if (key === 'measureText') return (s: string) => ({ width: String(s).length * 7 });
      if (key === Symbol.toPrimitive) return () => 0;
      if (key === 'then') return undefined;
      return noCanvas();
    },
    apply: () => noCanvas(),
  });
const contexts = new WeakMap<HTMLCanvasElement, unknown>();
HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
  if (!contexts.has(this)) contexts.set(this, noCanvas());
  return contexts.get(this);
} as never;

// every spec renders with all of its texts, as a signed-in page does
beforeAll(() => featureTextsReady);

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
