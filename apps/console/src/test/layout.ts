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

/**
 * `stubLayout` for a map whose layers draw (Leaflet's canvas renderer: safe zones, points): a canvas context that
 * does nothing (jsdom has none) and no animation frames (a redraw frame could come after the test's map is gone).
 */
export function stubMap() {
  stubLayout();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(new Proxy({}, { get: () => () => undefined }) as never);
  vi.stubGlobal('requestAnimationFrame', () => 0);
}
