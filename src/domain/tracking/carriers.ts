/**
 * Ocean carriers we can name, and how a carrier is inferred when the caller gives none.
 * Data, not logic: each table says where it comes from, because prefix ownership moves with
 * takeovers and these are community lists, not a registry (BIC's own list is licensed).
 */

export interface Carrier {
  /** NMFTA Standard Carrier Alpha Code, the code DCSA calls carrierCodeListProvider=NMFTA. */
  scac: string;
  /** SMDG liner code, the other DCSA carrier code list. */
  smdgCode: string | null;
  name: string;
}

/** Source: its-br/pcs-sources front-offices/carrierCodes.md @ 7dea0c52 (SCAC); SMDG liner codes as used in DCSA examples. */
export const carriers: readonly Carrier[] = [
  { scac: 'MSCU', smdgCode: 'MSC', name: 'MSC Mediterranean Shipping Company' },
  { scac: 'MAEU', smdgCode: 'MSK', name: 'Maersk' },
  { scac: 'CMDU', smdgCode: 'CMA', name: 'CMA CGM' },
  { scac: 'COSU', smdgCode: 'COS', name: 'COSCO Shipping Lines' },
  { scac: 'HLCU', smdgCode: 'HLC', name: 'Hapag-Lloyd' },
  { scac: 'ONEY', smdgCode: 'ONE', name: 'Ocean Network Express' },
  { scac: 'EGLV', smdgCode: 'EMC', name: 'Evergreen Line' },
  { scac: 'YMLU', smdgCode: 'YML', name: 'Yang Ming' },
  { scac: 'HDMU', smdgCode: 'HMM', name: 'HMM' },
  { scac: 'ZIMU', smdgCode: 'ZIM', name: 'ZIM' },
  { scac: 'OOLU', smdgCode: 'OOL', name: 'OOCL' },
  { scac: 'PCIU', smdgCode: 'PIL', name: 'Pacific International Lines' },
  { scac: 'SUDU', smdgCode: 'HSD', name: 'Hamburg Süd' },
  { scac: 'APLU', smdgCode: 'APL', name: 'APL' },
  { scac: 'ANNU', smdgCode: 'ANL', name: 'ANL' },
  { scac: 'MATS', smdgCode: 'MAT', name: 'Matson' },
  { scac: 'WHLC', smdgCode: 'WHL', name: 'Wan Hai Lines' },
];

const carrierByScac = new Map(carriers.map((c) => [c.scac, c]));
const carrierBySmdg = new Map(carriers.filter((c) => c.smdgCode).map((c) => [c.smdgCode as string, c]));

export function carrierByCode(code: string): Carrier | null {
  const upper = code.toUpperCase();
  return carrierByScac.get(upper) ?? carrierBySmdg.get(upper) ?? null;
}

/**
 * BIC owner prefixes (with the category letter U) of carrier-owned equipment.
 * Source: freight-trust/documentation docs/platform/vessel-carriers.md @ 5f28eda0 (2020-07), a
 * community list; a selection of the main operators. Lessors' prefixes (TCNU, TGHU, SEGU, CXRU,
 * FSCU, CAIU…) name no carrier and are deliberately absent.
 */
export const ownerPrefixes: Readonly<Record<string, readonly string[]>> = {
  MSCU: ['MSCU', 'MEDU', 'MSDU', 'MSMU', 'MSNU', 'MSPU', 'MSTU', 'MSYU', 'MSZU', 'GTIU'],
  MAEU: [
    'MAEU',
    'MSKU',
    'MRKU',
    'MRSU',
    'MSAU',
    'MSFU',
    'MSWU',
    'MWCU',
    'MNBU',
    'MHHU',
    'MIEU',
    'MCAU',
    'MCHU',
    'MCRU',
    'MMAU',
    'MALU',
    'MVIU',
    'APMU',
    'POCU',
    'PONU',
    'TORU',
  ],
  SUDU: ['SUDU'],
  CMDU: ['CMAU', 'CGMU', 'CGHU', 'CGTU', 'CMNU', 'CNCU', 'ECMU', 'DVRU', 'MMCU', 'SOFU', 'STMU'],
  APLU: ['APLU', 'APHU', 'APRU', 'APZU', 'APDU', 'APIU'],
  ANNU: ['ANNU'],
  COSU: ['CBHU', 'CCLU', 'CSLU', 'CSNU'],
  OOLU: ['OOCU', 'OOLU'],
  HLCU: [
    'HLCU',
    'HLXU',
    'HLBU',
    'HAMU',
    'CSQU',
    'CSVU',
    'CPSU',
    'CASU',
    'CMUU',
    'AZLU',
    'FANU',
    'ITAU',
    'IVLU',
    'LBIU',
    'LNXU',
    'LYKU',
    'MOMU',
    'QIBU',
    'QNNU',
    'TLEU',
    'TMMU',
    'UACU',
    'UAEU',
    'UASU',
  ],
  ONEY: [
    'ONEU',
    'NYKU',
    'MOLU',
    'MOAU',
    'MOEU',
    'MOFU',
    'MOGU',
    'MORU',
    'MOSU',
    'MOTU',
    'KKFU',
    'KKLU',
    'KKTU',
    'KLFU',
    'KLTU',
    'KXTU',
    'AKLU',
    'EKLU',
  ],
  EGLV: ['EGHU', 'EGSU', 'EISU', 'EITU', 'EMCU', 'HMCU', 'IMTU', 'LTIU', 'UGMU'],
  YMLU: ['YMLU', 'YMMU'],
  HDMU: ['HDMU', 'HMMU'],
  ZIMU: ['ZIMU', 'ZCLU', 'ZCSU', 'ZMOU'],
  WHLC: ['WHLU', 'WHSU'],
  PCIU: ['PCIU', 'PILU'],
  MATS: ['MATU'],
};

const scacByPrefix = new Map<string, string>(
  Object.entries(ownerPrefixes).flatMap(([scac, prefixes]) => prefixes.map((p) => [p, scac] as [string, string])),
);

/**
 * Extra bill-of-lading prefixes besides the SCAC itself (most lines number BLs as SCAC + digits;
 * MSC uses MEDU). Source: carrier BL formats as published in ShipsGo's FAQ and carrier sites.
 */
const blPrefixes: Readonly<Record<string, string>> = { MEDU: 'MSCU', CMAU: 'CMDU' };

export type CarrierSource = 'given' | 'owner_prefix' | 'reference_prefix';

export interface InferredCarrier {
  scac: string;
  source: CarrierSource;
}

/** Carrier from a container's owner prefix (first four characters), or null for lessors and unknown owners. */
export function carrierFromContainerNumber(containerNumber: string): InferredCarrier | null {
  const scac = scacByPrefix.get(containerNumber.slice(0, 4).toUpperCase());
  return scac ? { scac, source: 'owner_prefix' } : null;
}

/** Carrier from a bill of lading or booking number that starts with a known SCAC or BL prefix. */
export function carrierFromReference(reference: string): InferredCarrier | null {
  const prefix = reference.slice(0, 4).toUpperCase();
  const scac = carrierByScac.has(prefix) ? prefix : blPrefixes[prefix];
  return scac ? { scac, source: 'reference_prefix' } : null;
}
