import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '@tracker/server';

/**
 * The CSP source of the map's tile server (MAP_TILE_URL): its scheme and host, a `{s}` subdomain placeholder as
 * `*.`; null when there are no tiles. A host with another placeholder cannot be a CSP host source: the scheme then.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!m) return null;
  const host = m[2]!.replace(/^\{s\}\./, '*.');
  return /[{}]/.test(host) ? `${m[1]}:` : `${m[1]}://${host}`;
}

/**
 * The Content-Security-Policy of the console (and every other answer): scripts, styles, fonts and calls only from
 * this origin; images also as data: URLs (the sign-in QR code, Leaflet's CSS icons) and from the tile server;
 * inline styles are allowed (Leaflet positions its panes and ECharts its tooltips with style attributes), inline
 * scripts and eval are not. Audio and video from this origin or a blob: URL (a voice message is fetched with the
 * session header and played from an object URL; without media-src the default 'self' refused it). No framing at all.
 */
export function contentSecurityPolicy(mapTileUrl: string): string {
  const tiles = tileSource(mapTileUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${tiles ? ` ${tiles}` : ''}`,
    "font-src 'self'",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** /api/docs is served in development and test; in staging and production it needs API_DOCS=1 (docs/access.md, "HTTP headers"). */
export function apiDocsEnabled(config: AppConfig): boolean {
  const flag = config.get('API_DOCS');
  return flag ? flag === '1' : config.development;
}

/**
 * Security headers on every answer (docs/access.md, "HTTP headers"): CSP with frame-ancestors, X-Frame-Options,
 * X-Content-Type-Options, Referrer-Policy, Cross-Origin-Opener-Policy; `Cache-Control: no-store` on /api (answers
 * carry personal data). Source maps are never served, and /api/docs only where enabled. Registered before every
 * other handler in app.ts.
 */
export function securityHeaders(config: AppConfig) {
  const csp = contentSecurityPolicy(config.get('MAP_TILE_URL'));
  const docs = apiDocsEnabled(config);
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // the tile server sees this origin (OpenStreetMap's tile policy asks for a Referer), never a path or query
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    // Express and Nest match paths in any letter case (/API/docs is /api/docs): compare the same way
    const path = req.path.toLowerCase();
    const api = path === '/api' || path.startsWith('/api/');
    if (api) res.setHeader('Cache-Control', 'no-store');
    if ((!docs && (path === '/api/docs' || path.startsWith('/api/docs/'))) || (!api && path.endsWith('.map'))) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    next();
  };
}
