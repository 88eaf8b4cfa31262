import type { HtsRevision } from './model';

/**
 * The date each known revision took effect, for files that arrive without dates (a local data
 * directory holds only file names). Source: the Budget Lab at Yale's `config/revision_dates.csv` (MIT,
 * in data/tariff/yale-tariff-rate-tracker/), `effective_date` column (USITC's release list, partly
 * curated); 2026 Rev 8, which it lacks, takes the expression date axiom-corpus assigns (data/hts/README.md
 * lists both per file). Approximate dates (2026 Rev 17 "~08-28", Rev 19 "2026-09") are left out rather
 * than guessed. USITC's releaseList gives dates for new revisions, so this table only has to cover what
 * was published before. Duty measures apply on their own legal dates (src/domain/tariff/measures), not these.
 */
const knownEffectiveDates: Record<number, Record<number, string>> = {
  2025: {
    0: '2025-01-01',
    1: '2025-01-27',
    2: '2025-02-01',
    3: '2025-02-04',
    4: '2025-03-04',
    5: '2025-03-05',
    6: '2025-03-12',
    7: '2025-04-02',
    8: '2025-04-03',
    9: '2025-04-05',
    10: '2025-04-09',
    11: '2025-04-11',
    12: '2025-04-14',
    13: '2025-04-22',
    14: '2025-05-02',
    15: '2025-05-14',
    16: '2025-06-06',
    17: '2025-07-01',
    18: '2025-08-07',
    19: '2025-08-12',
    20: '2025-08-20',
    21: '2025-08-28',
    22: '2025-09-03',
    23: '2025-09-12',
    24: '2025-09-19',
    25: '2025-09-26',
    26: '2025-10-06',
    27: '2025-10-15',
    28: '2025-10-22',
    29: '2025-10-31',
    30: '2025-11-05',
    31: '2025-11-12',
    32: '2025-11-15',
  },
  2026: {
    0: '2026-01-01',
    1: '2026-01-16',
    2: '2026-01-30',
    3: '2026-02-12',
    4: '2026-02-24',
    5: '2026-04-06',
    6: '2026-04-23',
    7: '2026-04-29',
    8: '2026-05-22',
    10: '2026-06-08',
    12: '2026-07-21',
    13: '2026-07-28',
    14: '2026-07-31',
    15: '2026-08-03',
    18: '2026-09-02',
    21: '2026-10-07',
  },
};

/** The documented effective date of a revision (YYYY-MM-DD), or null when not known. */
export function knownEffectiveDate({ year, revision }: HtsRevision): string | null {
  return knownEffectiveDates[year]?.[revision] ?? null;
}
