import fs from 'node:fs';
import path from 'node:path';
import type { PortRepository } from '../../db/repositories/port.repository';
import { mergePorts } from './port-merge';
import { parseCountryCodes, parseSeaPortsJson, parseUnlocodeCodeList, parseWorldPortIndex } from './port-sources';

/** Where each source is looked for under the data directory (each is optional but one is needed). */
export const portSourceFiles = {
  unlocodeCodeList: ['tracking/ports/unlocode_code-list.csv', 'tracking/ports/code-list.csv'],
  worldPortIndex: ['tracking/ports/nga_wpi_pub150_WPI.csv'],
  seaPorts: ['tracking/ports/sea-ports-0.0.9_ports.json'],
  countryCodes: ['tracking/ports/unlocode_country-codes.csv'],
};

/** Whether the data directory holds any source the import can use. */
export function hasPortSources(dataDir: string): boolean {
  const { unlocodeCodeList, worldPortIndex, seaPorts } = portSourceFiles;
  return [...unlocodeCodeList, ...worldPortIndex, ...seaPorts].some((candidate) =>
    fs.existsSync(path.join(dataDir, candidate)),
  );
}

function read(dataDir: string, candidates: readonly string[]): string | null {
  for (const candidate of candidates) {
    const file = path.join(dataDir, candidate);
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  }
  return null;
}

/** Reads the port sources from the data directory, merges them and replaces the port table. */
export async function importPorts(dataDir: string, repository: PortRepository, now: number) {
  const unlocode = read(dataDir, portSourceFiles.unlocodeCodeList);
  const wpi = read(dataDir, portSourceFiles.worldPortIndex);
  const seaPorts = read(dataDir, portSourceFiles.seaPorts);
  const countries = read(dataDir, portSourceFiles.countryCodes);
  if (!unlocode && !wpi && !seaPorts) throw new Error(`no port source found under ${dataDir}/tracking/ports`);
  const merged = mergePorts(
    {
      unlocode: unlocode ? parseUnlocodeCodeList(unlocode) : [],
      wpi: wpi ? parseWorldPortIndex(wpi) : [],
      seaPorts: seaPorts ? parseSeaPortsJson(seaPorts) : [],
    },
    countries ? parseCountryCodes(countries) : new Map(),
  );
  await repository.replaceAll(merged.ports, merged.aliases, now);
  return {
    ports: merged.ports.length,
    aliases: merged.aliases.size,
    withCoordinates: merged.ports.filter((p) => p.lat !== null).length,
    sources: { unlocode: unlocode !== null, wpi: wpi !== null, seaPorts: seaPorts !== null },
  };
}
