import type { PortView } from './container-resource';
import type { PortDirectory } from './refresh-ports';

/**
 * Ports from the imported table, completed by a small built-in list (the sandbox's ports), so test
 * mode shows names and predicts ETAs even before the reference import has run.
 */
export function withFallbackPorts(primary: PortDirectory, fallback: readonly PortView[]): PortDirectory {
  const byCode = new Map(fallback.map((p) => [p.locode, p]));
  return {
    async findMany(locodes) {
      const found = await primary.findMany(locodes);
      for (const code of locodes) {
        const extra = byCode.get(code);
        if (!found.has(code) && extra) found.set(code, extra);
      }
      return found;
    },
  };
}
