import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** A file served under a name carrying its content's hash, so it can be cached for a year. */
export interface Asset {
  url: string;
  /** Subresource integrity (sha384), so a changed file is refused by the browser. */
  integrity: string;
  body: Buffer;
  type: string;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function fingerprinted(file: string, name: string): Asset {
  const body = fs.readFileSync(file);
  const ext = path.extname(name);
  const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);
  return {
    url: `/assets/${path.basename(name, ext)}.${hash}${ext}`,
    integrity: `sha384-${crypto.createHash('sha384').update(body).digest('base64')}`,
    body,
    type: types[ext],
  };
}

/** Our browser files: src/web/assets under tsx and jest, its copy in dist/ once built (scripts/copy-assets.ts). */
export const webAssetsDir = path.join(__dirname, 'assets');

/** The web application's files: htmx 2 from its package, our stylesheet, script and icon. */
export function loadAssets() {
  const own = (name: string) => fingerprinted(path.join(webAssetsDir, name), name);
  return {
    htmx: fingerprinted(require.resolve('htmx.org/dist/htmx.min.js'), 'htmx.js'),
    css: own('app.css'),
    js: own('app.js'),
    icon: own('icon.svg'),
  };
}

export type Assets = ReturnType<typeof loadAssets>;

/** GET /assets/<name>.<hash>.<ext>: immutable for a year; any other name under /assets is 404. */
export function serveAssets(assets: Assets): RequestHandler {
  const byUrl = new Map(Object.values(assets).map((asset) => [asset.url, asset]));
  return (req, res, next) => {
    const asset = byUrl.get(req.path);
    if (!asset) return next();
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(req.method === 'HEAD' ? undefined : asset.body);
  };
}
