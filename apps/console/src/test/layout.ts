import { vi } from 'vitest';

/**
 * jsdom has no layout: gives every element a size (Leaflet sizes its map from it and asks for tiles only then) and a
 * do-nothing ResizeObserver (MapView and EChart watch their size). Undo with `vi.restoreAllMocks()` /
 * `vi.unstubAllGlobals()` in afterEach.
 */
export function stubLayout(width = 512, height = 256) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}
