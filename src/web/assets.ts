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

function fingerprinted(file: string, name: string, imports: Record<string, Asset> = {}): Asset {
  const body = withImports(fs.readFileSync(file), imports);
  const ext = path.extname(name);
  const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);
  return {
    url: `/assets/${path.basename(name, ext)}.${hash}${ext}`,
    integrity: `sha384-${crypto.createHash('sha384').update(body).digest('base64')}`,
    body,
    type: types[ext],
  };
}

/**
 * An ES module's imports pointed at the fingerprinted files (no bundler, and an import map would be
 * an inline script): `from 'three'` becomes `from '/assets/three.module.<hash>.js'`. The page
 * preloads each with its integrity (`modulepreload`), so the imported files are checked too.
 */
function withImports(body: Buffer, imports: Record<string, Asset>): Buffer {
  let text = body.toString('utf8');
  for (const [specifier, asset] of Object.entries(imports)) {
    const quoted = specifier.replace(/[.*+?^$()|[\]\\/{}]/g, '\\$&');
    const pattern = new RegExp(`from\\s*(['"])${quoted}\\1`, 'g');
    const replaced = text.replace(pattern, `from '${asset.url}'`);
    if (replaced === text) throw new Error(`web assets: no import of ${specifier} to point at ${asset.url}`);
    text = replaced;
  }
  return Object.keys(imports).length === 0 ? body : Buffer.from(text, 'utf8');
}

/** The load planner's 3D view: three (its core and WebGL build), OrbitControls from its addons, our page module. */
function loadPlannerModules(own: (name: string, imports?: Record<string, Asset>) => Asset) {
  const build = path.dirname(require.resolve('three'));
  const threeCore = fingerprinted(path.join(build, 'three.core.js'), 'three.core.js');
  const three = fingerprinted(path.join(build, 'three.module.js'), 'three.module.js', { './three.core.js': threeCore });
  const orbitControls = fingerprinted(require.resolve('three/addons/controls/OrbitControls.js'), 'orbit-controls.js', {
    three,
  });
  return {
    threeCore,
    three,
    orbitControls,
    loadPlanView: own('load-plan-view.js', { three, 'three/addons/controls/OrbitControls.js': orbitControls }),
  };
}

/** Our browser files: src/web/assets under tsx and jest, its copy in dist/ once built (scripts/copy-assets.ts). */
export const webAssetsDir = path.join(__dirname, 'assets');

/** The web application's files: htmx 2 from its package, our stylesheet, script and icon, the load planner's modules. */
export function loadAssets() {
  const own = (name: string, imports?: Record<string, Asset>) =>
    fingerprinted(path.join(webAssetsDir, name), name, imports);
  return {
    htmx: fingerprinted(require.resolve('htmx.org/dist/htmx.min.js'), 'htmx.js'),
    css: own('app.css'),
    js: own('app.js'),
    icon: own('icon.svg'),
    // The load planner's and the tracking pages' own stylesheet, and the planner's CSV file reader.
    viewsCss: own('views.css'),
    loadPlanForm: own('load-plan-form.js'),
    ...loadPlannerModules(own),
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
