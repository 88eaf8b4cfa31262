import type { PortView } from '../../container-resource';

/**
 * The sandbox's world: real ports, liner services between them, and fictional vessels (names of
 * our own; IMO numbers with valid check digits in a range no real ship uses here, MMSIs in the
 * 9xx "not allocated" style range), so nobody mistakes sandbox data for a real ship.
 * Port positions are harbour coordinates (degrees, rounded).
 */
export const sandboxPorts: readonly PortView[] = [
  { locode: 'CNSHA', name: 'Shanghai', lat: 31.23, lon: 121.49 },
  { locode: 'CNNGB', name: 'Ningbo', lat: 29.87, lon: 121.89 },
  { locode: 'CNYTN', name: 'Yantian', lat: 22.58, lon: 114.27 },
  { locode: 'SGSIN', name: 'Singapore', lat: 1.26, lon: 103.84 },
  { locode: 'NLRTM', name: 'Rotterdam', lat: 51.95, lon: 4.05 },
  { locode: 'DEHAM', name: 'Hamburg', lat: 53.54, lon: 9.97 },
  { locode: 'USLAX', name: 'Los Angeles', lat: 33.73, lon: -118.26 },
  { locode: 'USNYC', name: 'New York', lat: 40.67, lon: -74.04 },
  { locode: 'USSAV', name: 'Savannah', lat: 32.08, lon: -81.09 },
  { locode: 'INNSA', name: 'Nhava Sheva', lat: 18.95, lon: 72.95 },
  { locode: 'AEJEA', name: 'Jebel Ali', lat: 25.01, lon: 55.06 },
  { locode: 'BRSSZ', name: 'Santos', lat: -23.98, lon: -46.3 },
  { locode: 'KRPUS', name: 'Busan', lat: 35.08, lon: 129.08 },
];

export interface SandboxService {
  code: string;
  carrierScac: string;
  /** Port rotation from first loading to last discharge; the vessel returns the same way. */
  ports: string[];
  serviceSpeedKnots: number;
  vessels: Array<{ name: string; imo: string; mmsi: string }>;
}

/** IMO number check digit: Σ digit × (7..2) mod 10. */
export function imoCheckDigit(firstSix: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(firstSix[i]) * (7 - i);
  return sum % 10;
}

const vessel = (name: string, imo6: string, mmsi: string) => ({ name, imo: imo6 + imoCheckDigit(imo6), mmsi });

export const sandboxServices: readonly SandboxService[] = [
  {
    code: 'AEX',
    carrierScac: 'MAEU',
    ports: ['CNSHA', 'CNNGB', 'SGSIN', 'NLRTM', 'DEHAM'],
    serviceSpeedKnots: 17,
    vessels: [
      vessel('SANDBOX MERIDIAN', '990001', '990000001'),
      vessel('SANDBOX HORIZON', '990002', '990000002'),
      vessel('SANDBOX ZENITH', '990003', '990000003'),
    ],
  },
  {
    code: 'TPX',
    carrierScac: 'COSU',
    ports: ['CNYTN', 'CNNGB', 'USLAX'],
    serviceSpeedKnots: 18,
    vessels: [vessel('SANDBOX PACIFIC', '990011', '990000011'), vessel('SANDBOX TRADEWIND', '990012', '990000012')],
  },
  {
    code: 'TAX',
    carrierScac: 'HLCU',
    ports: ['DEHAM', 'NLRTM', 'USNYC', 'USSAV'],
    serviceSpeedKnots: 16,
    vessels: [vessel('SANDBOX ATLANTIC', '990021', '990000021'), vessel('SANDBOX GULFSTREAM', '990022', '990000022')],
  },
  {
    code: 'IMX',
    carrierScac: 'MSCU',
    ports: ['INNSA', 'AEJEA', 'SGSIN', 'KRPUS'],
    serviceSpeedKnots: 16,
    vessels: [vessel('SANDBOX MONSOON', '990031', '990000031'), vessel('SANDBOX DHOW', '990032', '990000032')],
  },
  {
    code: 'SAX',
    carrierScac: 'CMDU',
    ports: ['CNSHA', 'SGSIN', 'BRSSZ'],
    serviceSpeedKnots: 17,
    vessels: [vessel('SANDBOX AUSTRAL', '990041', '990000041'), vessel('SANDBOX PAMPA', '990042', '990000042')],
  },
];
