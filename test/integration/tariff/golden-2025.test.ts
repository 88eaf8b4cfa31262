import fs from 'node:fs';
import { HtsReleaseRepository } from '../../../src/db/repositories/hts-release.repository';
import { importHtsFile } from '../../../src/domain/hts/hts-import.service';
import { calculateDuty } from '../../../src/domain/tariff/engine/calculate-duty';
import { toDutyInput, type DutyBody } from '../../../src/handlers/inputs/tariff.input';

import { ReleaseLineSource } from '../../../src/domain/tariff/release-line-source';
import type { TariffRules } from '../../../src/domain/tariff/rules/tariff-rules';
import { parseHtsFileName } from '../../../src/reference/hts/hts-revision';
import { createTestDatabase, TestDatabase } from '../../support/database';
import { htsImportDeps, realHtsFile } from '../../support/hts-fixtures';
import { repoDataDir } from '../../support/reference-data';
import { tariffRulesFromData } from '../../support/tariff-rules';

/**
 * Entry-date replay of 2025: each scenario is calculated on the HTS release in force on its date,
 * read from the database of the dialect under test (real USITC releases: 2025 Basic Edition, Rev 9
 * from 2025-04-05, Rev 18 from 2025-08-07, Rev 29 from 2025-10-31, 2026 Rev 4 from 2026-02-24), with
 * every Chapter 99 measure on its own legal dates. Each expected amount is derived from the legal text
 * named in `source`; values are USD 10,000 unless stated. The cotton T-shirt 6109.10.00.12 pays
 * 16.5% MFN in each of these releases; flat-rolled steel 7208.51.00.30 and laptops 8471.30.01 are Free;
 * passenger cars 8703.23.01 pay 2.5%.
 */
const releases = [
  'hts_2025_basic_edition_json.json.gz',
  'hts_2025_revision_9_json.json.gz',
  'hts_2025_revision_18_json.json.gz',
  'hts_2025_revision_29_json.json.gz',
  'hts_2026_revision_4_json.json.gz',
];

interface Scenario {
  name: string;
  source: string;
  request: DutyBody;
  release: string;
  applies: Record<string, string>;
  suppressed?: string[];
  total: string;
}

const tshirt = (country: string, date: string, extra: Partial<DutyBody> = {}): DutyBody => ({
  hts_code: '6109.10.00.12',
  country_code: country,
  entry_date: date,
  ...extra,
});
const steel = (country: string, date: string): DutyBody => ({
  hts_code: '7208.51.00.30',
  country_code: country,
  entry_date: date,
});
const forklift = (country: string, date: string): DutyBody => ({
  hts_code: '8427.10.80.95',
  country_code: country,
  entry_date: date,
  claims: [{ code: 'steel_content_value', value: 6000 }],
});
const car = (country: string, date: string): DutyBody => ({
  hts_code: '8703.23.01.90',
  country_code: country,
  entry_date: date,
});

const scenarios: Scenario[] = [
  // China and Hong Kong: fentanyl (EO 14195, EO 14228, the November 2025 reduction), reciprocal (EO 14257, 14259, 14266, 14298).
  {
    name: 'CN T-shirt 2025-02-03: before the fentanyl order, List 4A only',
    source: 'EO 14195 (9903.01.20 from 12:01 a.m. EST 2025-02-04); U.S. note 20(s) (9903.88.15, 7.5%)',
    request: tshirt('CN', '2025-02-03'),
    release: 'htsr_2025_basic',
    applies: { mfn: '1650.00', 's301-cn-list-4a': '750.00' },
    total: '2400.00',
  },
  {
    name: 'CN T-shirt 2025-02-04: fentanyl 10%',
    source: 'EO 14195 (9903.01.20, +10% from 2025-02-04; HTS 2025 Rev 1)',
    request: tshirt('CN', '2025-02-04'),
    release: 'htsr_2025_basic',
    applies: { mfn: '1650.00', 'ieepa-fentanyl-cn-10': '1000.00', 's301-cn-list-4a': '750.00' },
    total: '3400.00',
  },
  {
    name: 'CN T-shirt 2025-04-04: fentanyl 20%, no reciprocal yet',
    source: 'EO 14228 (9903.01.24, +20% from 2025-03-04); EO 14257 (reciprocal from 2025-04-05)',
    request: tshirt('CN', '2025-04-04'),
    release: 'htsr_2025_basic',
    applies: { mfn: '1650.00', 'ieepa-fentanyl-cn-20': '2000.00', 's301-cn-list-4a': '750.00' },
    total: '4400.00',
  },
  {
    name: 'CN T-shirt 2025-04-05: reciprocal baseline 10%',
    source: 'EO 14257 (9903.01.25, +10% from 12:01 a.m. EDT 2025-04-05; HTS 2025 Rev 9)',
    request: tshirt('CN', '2025-04-05'),
    release: 'htsr_2025_rev_9',
    applies: {
      mfn: '1650.00',
      'ieepa-fentanyl-cn-20': '2000.00',
      'ieepa-reciprocal-baseline-2025-04-05': '1000.00',
      's301-cn-list-4a': '750.00',
    },
    total: '5400.00',
  },
  {
    name: 'CN T-shirt 2025-05-13: reciprocal 125%',
    source: 'EO 14266 (9903.01.63 at 125% from 2025-04-10); EO 14298 (reduction from 2025-05-14)',
    request: tshirt('CN', '2025-05-13'),
    release: 'htsr_2025_rev_9',
    applies: {
      mfn: '1650.00',
      'ieepa-fentanyl-cn-20': '2000.00',
      'ieepa-reciprocal-cn-125': '12500.00',
      's301-cn-list-4a': '750.00',
    },
    total: '16900.00',
  },
  {
    name: 'CN T-shirt 2025-05-14: the Geneva suspension, reciprocal back to 10%',
    source: 'EO 14298 (9903.01.63 suspended, 9903.01.25 10% from 12:01 a.m. EDT 2025-05-14)',
    request: tshirt('CN', '2025-05-14'),
    release: 'htsr_2025_rev_9',
    applies: {
      mfn: '1650.00',
      'ieepa-fentanyl-cn-20': '2000.00',
      'ieepa-reciprocal-baseline-2025-04-05': '1000.00',
      's301-cn-list-4a': '750.00',
    },
    total: '5400.00',
  },
  {
    name: 'CN T-shirt 2025-11-09: fentanyl still 20%',
    source: 'Heading 9903.01.24 (+20% until 12:01 a.m. EST 2025-11-10)',
    request: tshirt('CN', '2025-11-09'),
    release: 'htsr_2025_rev_29',
    applies: {
      mfn: '1650.00',
      'ieepa-fentanyl-cn-20': '2000.00',
      'ieepa-reciprocal-baseline-2025-08-07': '1000.00',
      's301-cn-list-4a': '750.00',
    },
    total: '5400.00',
  },
  {
    name: 'CN T-shirt 2025-11-10: fentanyl reduced to 10%',
    source: 'Heading 9903.01.24 as amended (HTS 2025 Rev 29: + 10%), from 12:01 a.m. EST 2025-11-10',
    request: tshirt('CN', '2025-11-10'),
    release: 'htsr_2025_rev_29',
    applies: {
      mfn: '1650.00',
      'ieepa-fentanyl-cn-10-from-2025-11-10': '1000.00',
      'ieepa-reciprocal-baseline-2025-08-07': '1000.00',
      's301-cn-list-4a': '750.00',
    },
    total: '4400.00',
  },
  {
    name: 'CN T-shirt 2026-02-23: last day of the IEEPA duties',
    source: 'CSMS #67834313 (IEEPA collection ends at 00:00 ET 2026-02-24)',
    request: tshirt('CN', '2026-02-23'),
    release: 'htsr_2025_rev_29',
    applies: {
      mfn: '1650.00',
      'ieepa-fentanyl-cn-10-from-2025-11-10': '1000.00',
      'ieepa-reciprocal-baseline-2025-08-07': '1000.00',
      's301-cn-list-4a': '750.00',
    },
    total: '4400.00',
  },
  {
    name: 'CN T-shirt 2026-02-24: IEEPA off, Section 122 10% on',
    source: 'Proclamation 11012 (91 FR 9339; 9903.03.01, 10% from 12:01 a.m. EST 2026-02-24)',
    request: tshirt('CN', '2026-02-24'),
    release: 'htsr_2026_rev_4',
    applies: { mfn: '1650.00', 'section-122': '1000.00', 's301-cn-list-4a': '750.00' },
    total: '3400.00',
  },
  {
    name: 'HK T-shirt 2025-03-04: fentanyl 20% (no Section 301 for Hong Kong)',
    source: 'EO 14228 (9903.01.24: products of China and Hong Kong, U.S. note 2(u))',
    request: tshirt('HK', '2025-03-04'),
    release: 'htsr_2025_basic',
    applies: { mfn: '1650.00', 'ieepa-fentanyl-cn-20': '2000.00' },
    total: '3650.00',
  },
  // Mexico and Canada: fentanyl orders (EO 14193, 14194), USMCA relief, the 35% Canada rate (EO 14325), no reciprocal (9903.01.26/.27).
  {
    name: 'MX T-shirt 2025-03-03: before the Mexico order',
    source: 'EO 14194 (9903.01.01, +25% from 12:01 a.m. EST 2025-03-04)',
    request: tshirt('MX', '2025-03-03'),
    release: 'htsr_2025_basic',
    applies: { mfn: '1650.00' },
    total: '1650.00',
  },
  {
    name: 'MX T-shirt 2025-03-04 without a USMCA claim: fentanyl 25%',
    source: 'EO 14194 (9903.01.01, U.S. note 2(a))',
    request: tshirt('MX', '2025-03-04'),
    release: 'htsr_2025_basic',
    applies: { mfn: '1650.00', 'ieepa-fentanyl-mx': '2500.00' },
    total: '4150.00',
  },
  {
    name: 'MX T-shirt 2025-04-05: Mexico has no reciprocal duty',
    source: 'Heading 9903.01.27 (products of Mexico excepted from 9903.01.25; HTS 2025 Rev 9)',
    request: tshirt('MX', '2025-04-05'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '1650.00', 'ieepa-fentanyl-mx': '2500.00' },
    total: '4150.00',
  },
  {
    name: 'CA T-shirt 2025-03-04: fentanyl 25%',
    source: 'EO 14193 (9903.01.10, +25% from 12:01 a.m. EST 2025-03-04, U.S. note 2(j))',
    request: tshirt('CA', '2025-03-04'),
    release: 'htsr_2025_basic',
    applies: { mfn: '1650.00', 'ieepa-fentanyl-ca-25': '2500.00' },
    total: '4150.00',
  },
  {
    name: 'CA T-shirt 2025-03-07 with a USMCA claim: special rate Free and fentanyl exempt',
    source:
      'Heading 9903.01.14 (HTS 2025 Rev 5: no change for goods entered free of duty under general note 11, from 2025-03-07)',
    request: tshirt('CA', '2025-03-07', { claims: { special_program: 'S' } }),
    release: 'htsr_2025_basic',
    applies: { mfn: '0.00' },
    suppressed: ['ieepa-fentanyl-ca-25'],
    total: '0.00',
  },
  {
    name: 'CA T-shirt 2025-04-05: Canada has no reciprocal duty',
    source: 'Heading 9903.01.26 (products of Canada excepted from 9903.01.25)',
    request: tshirt('CA', '2025-04-05'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '1650.00', 'ieepa-fentanyl-ca-25': '2500.00' },
    total: '4150.00',
  },
  {
    name: 'CA T-shirt 2025-08-07: fentanyl 35%',
    source: 'EO 14325, FR doc 2025-14999 (35% from 12:01 a.m. EDT 2025-08-01)',
    request: tshirt('CA', '2025-08-07'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-fentanyl-ca-35': '3500.00' },
    total: '5150.00',
  },
  // Reciprocal: the baseline, the 2025-08-07 country rates, the 15% levels, Brazil and India orders, Annex II.
  {
    name: 'VN T-shirt 2025-04-04: no reciprocal yet',
    source: 'EO 14257 (from 12:01 a.m. EDT 2025-04-05)',
    request: tshirt('VN', '2025-04-04'),
    release: 'htsr_2025_basic',
    applies: { mfn: '1650.00' },
    total: '1650.00',
  },
  {
    name: 'VN T-shirt 2025-04-05: baseline 10%',
    source: 'EO 14257 (9903.01.25)',
    request: tshirt('VN', '2025-04-05'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'VN T-shirt 2025-10-31: country rate 20%',
    source: 'EO 14326 Annex I (VN 20%, 9903.02.69)',
    request: tshirt('VN', '2025-10-31'),
    release: 'htsr_2025_rev_29',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-vn': '2000.00' },
    total: '3650.00',
  },
  {
    name: 'JP T-shirt 2025-08-06: baseline 10%',
    source: 'EO 14257 (9903.01.25); EO 14326 from 2025-08-07',
    request: tshirt('JP', '2025-08-06'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'JP T-shirt 2025-08-07: the 15% level is met by the 16.5% MFN',
    source: 'EO 14345 (Japan 15% inclusive of MFN, retroactive to 2025-08-07)',
    request: tshirt('JP', '2025-08-07'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-jp': '0.00' },
    total: '1650.00',
  },
  {
    name: 'DE T-shirt 2025-08-06: baseline 10%',
    source: 'EO 14257 (9903.01.25)',
    request: tshirt('DE', '2025-08-06'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'DE T-shirt 2025-08-07: EU 15% level met by the MFN',
    source: 'EO 14326 Annex I; heading 9903.02.19 (MFN of 15% or more: no additional duty), U.S. note 2(v)',
    request: tshirt('DE', '2025-08-07'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-eu': '0.00' },
    total: '1650.00',
  },
  {
    name: 'GB T-shirt 2025-08-07: UK 10%',
    source: 'EO 14326 Annex I (UK 10%)',
    request: tshirt('GB', '2025-08-07'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-gb': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'CH T-shirt 2025-08-07: Switzerland 39%',
    source: 'EO 14326 Annex I (CH 39%, 9903.02.58)',
    request: tshirt('CH', '2025-08-07'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-ch-39': '3900.00' },
    total: '5550.00',
  },
  {
    name: 'BR T-shirt 2025-08-05: baseline only',
    source: 'EO 14323 (9903.01.77 from 12:01 a.m. EDT 2025-08-06)',
    request: tshirt('BR', '2025-08-05'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'BR T-shirt 2025-08-07: Brazil order 40% and reciprocal 10%',
    source: 'EO 14323 (9903.01.77, +40%); EO 14326 Annex I (BR 10%); CSMS #65807735',
    request: tshirt('BR', '2025-08-07'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-brazil-40': '4000.00', 'ieepa-reciprocal-br': '1000.00' },
    total: '6650.00',
  },
  {
    name: 'IN T-shirt 2025-08-26: reciprocal 25%',
    source: 'EO 14326 Annex I (IN 25%, 9903.02.26)',
    request: tshirt('IN', '2025-08-26'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-in': '2500.00' },
    total: '4150.00',
  },
  {
    name: 'IN T-shirt 2025-08-27: plus the Russian-oil 25%',
    source: 'Heading 9903.01.84 (+25% from 12:01 a.m. EDT 2025-08-27; HTS 2025 Rev 20)',
    request: tshirt('IN', '2025-08-27'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-india-russian-oil': '2500.00', 'ieepa-reciprocal-in': '2500.00' },
    total: '6650.00',
  },
  {
    name: 'VN laptop 2025-04-05: Annex II electronics exempt from the reciprocal duty',
    source: 'Heading 9903.01.32, U.S. note 2(v)(iii); CSMS #64724565 (electronics exempt retroactive to 2025-04-05)',
    request: { hts_code: '8471.30.01.00', country_code: 'VN', entry_date: '2025-04-05' },
    release: 'htsr_2025_rev_9',
    applies: { mfn: '0.00' },
    total: '0.00',
  },
  // Section 232 steel (Proclamations 10896, 10947) and autos (Proclamation 10908), and their non-stacking with the reciprocal duty (9903.01.33).
  {
    name: 'DE steel 2025-03-11: before the 2025 steel duty',
    source: 'Proclamation 10896 (25%, exemptions ended, from 2025-03-12)',
    request: steel('DE', '2025-03-11'),
    release: 'htsr_2025_basic',
    applies: { mfn: '0.00' },
    total: '0.00',
  },
  {
    name: 'DE steel 2025-03-12: 232 steel 25%',
    source: 'Proclamation 10896 (9903.81.87)',
    request: steel('DE', '2025-03-12'),
    release: 'htsr_2025_basic',
    applies: { mfn: '0.00', 's232-steel-25': '2500.00' },
    total: '2500.00',
  },
  {
    name: 'DE steel 2025-04-05: 232 articles pay no reciprocal duty',
    source: 'Heading 9903.01.33 (articles subject to 232 excepted from 9903.01.25)',
    request: steel('DE', '2025-04-05'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '0.00', 's232-steel-25': '2500.00' },
    total: '2500.00',
  },
  {
    name: 'DE steel 2025-06-04: 232 steel 50%',
    source: 'Proclamation 10947 (90 FR 24199), 50% from 2025-06-04',
    request: steel('DE', '2025-06-04'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '0.00', 's232-steel-50': '5000.00' },
    total: '5000.00',
  },
  {
    name: 'MX steel 2025-06-04 without a claim: 232 50% takes priority over the fentanyl duty',
    source: 'Proclamation 10947 (232 steel and aluminum priority over CA/MX IEEPA from 2025-06-04); EO 14289',
    request: steel('MX', '2025-06-04'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '0.00', 's232-steel-50': '5000.00' },
    total: '5000.00',
  },
  {
    name: 'DE car 2025-04-02: before the autos duty',
    source: 'Proclamation 10908, FR doc 2025-05930 (25% from 12:01 a.m. EDT 2025-04-03)',
    request: car('DE', '2025-04-02'),
    release: 'htsr_2025_basic',
    applies: { mfn: '250.00' },
    total: '250.00',
  },
  {
    name: 'DE car 2025-04-05: autos 25%, no reciprocal duty',
    source: 'Proclamation 10908 (9903.94.01); heading 9903.01.33',
    request: car('DE', '2025-04-05'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '250.00', 's232-autos-vehicles-eu-before': '2500.00' },
    total: '2750.00',
  },
  {
    name: 'DE car 2025-08-01: the EU 15% total level replaces the autos 25%',
    source:
      'EU framework: vehicles 15% inclusive of MFN, legally from 2025-08-01 (date not confirmed: docs/tariff-data-status.md §3)',
    request: car('DE', '2025-08-01'),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '250.00', 's232-autos-vehicles-eu': '1250.00' },
    total: '1500.00',
  },
  {
    name: 'JP car 2025-09-16: the Japan 15% total level',
    source:
      'EO 14345 (Japan vehicles 15% inclusive of MFN from 2025-09-16; date not confirmed: docs/tariff-data-status.md §3)',
    request: car('JP', '2025-09-16'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '250.00', 's232-autos-vehicles-jp': '1250.00' },
    total: '1500.00',
  },
  {
    name: 'HK T-shirt 2025-11-10: fentanyl 10%, baseline 10%',
    source: '9903.01.24 at +10% from 12:01 a.m. EST 2025-11-10 (products of China and Hong Kong); EO 14257',
    request: tshirt('HK', '2025-11-10'),
    release: 'htsr_2025_rev_29',
    applies: {
      mfn: '1650.00',
      'ieepa-fentanyl-cn-10-from-2025-11-10': '1000.00',
      'ieepa-reciprocal-baseline-2025-08-07': '1000.00',
    },
    total: '3650.00',
  },
  // A steel or aluminum derivative pays the 232 duty on its metal content and the reciprocal duty on the rest (U.S. note 2(v)(vii), (ix));
  // copper articles of 9903.78.01 pay no reciprocal duty at all (note 2(v)(xii)). Forklifts 8427.10.80 (steel derivatives from the
  // inclusions of 2025-08-18, FR doc 2025-15819) and refrigerator parts 8418.99.80 (aluminum derivatives) are Free; copper wire 7408.11.60 pays 3%.
  {
    name: 'VN forklift 2025-09-01: 232 on the steel content, reciprocal 20% on the rest',
    source:
      'Heading 9903.81.91 (50% of the steel content); U.S. note 2(v)(vii) and heading 9903.02.69 (+20% on the non-steel content)',
    request: forklift('VN', '2025-09-01'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '0.00', 's232-steel-derivatives': '3000.00', 'ieepa-reciprocal-vn': '800.00' },
    total: '3800.00',
  },
  {
    name: 'VN forklift 2025-08-17: before the derivative inclusions, reciprocal on the full value',
    source: 'FR doc 2025-15819 (inclusions from 2025-08-18); heading 9903.02.69',
    request: forklift('VN', '2025-08-17'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '0.00', 'ieepa-reciprocal-vn': '2000.00' },
    total: '2000.00',
  },
  {
    name: 'CN forklift 2025-09-01: fentanyl on the full value, baseline on the non-steel content, List 1',
    source:
      'Headings 9903.01.24 (full value), 9903.01.25 (non-steel content, U.S. note 2(v)(vii)), 9903.81.91, 9903.88.01',
    request: forklift('CN', '2025-09-01'),
    release: 'htsr_2025_rev_18',
    applies: {
      mfn: '0.00',
      'ieepa-fentanyl-cn-20': '2000.00',
      'ieepa-reciprocal-baseline-2025-08-07': '400.00',
      's232-steel-derivatives': '3000.00',
      's301-cn-list-1': '2500.00',
    },
    total: '7900.00',
  },
  {
    name: 'DE forklift 2025-09-01: the EU 15% level on the non-steel content',
    source: 'Headings 9903.81.91 and 9903.02.20; U.S. note 2(v)(vii)',
    request: forklift('DE', '2025-09-01'),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '0.00', 's232-steel-derivatives': '3000.00', 'ieepa-reciprocal-eu': '600.00' },
    total: '3600.00',
  },
  {
    name: 'TH refrigerator part 2025-07-01: baseline 10% on the non-aluminum content',
    source:
      'Heading 9903.85.08 (50% of the aluminum content from 2025-06-04); U.S. note 2(v)(ix) and heading 9903.01.25',
    request: {
      hts_code: '8418.99.80.50',
      country_code: 'TH',
      entry_date: '2025-07-01',
      claims: [{ code: 'aluminum_content_value', value: 2500 }],
    },
    release: 'htsr_2025_rev_9',
    applies: { mfn: '0.00', 's232-aluminum-derivatives': '1250.00', 'ieepa-reciprocal-baseline-2025-04-05': '750.00' },
    total: '2000.00',
  },
  // In transit (claim loaded_in_transit, vessel only): 9903.01.28 for goods loaded before 2025-04-05 (entered before 2025-06-16,
  // CSMS #64680374); the 2025-08-07 country rates spare goods loaded before 2025-08-07 and entered before 2025-10-05, which pay 9903.01.25's 10%.
  {
    name: 'VN T-shirt 2025-04-20 loaded 2025-04-01: in transit, no reciprocal duty',
    source: 'Heading 9903.01.28 (HTS 2025 Rev 9); CSMS #64680374',
    request: tshirt('VN', '2025-04-20', { claims: [{ code: 'loaded_in_transit', date: '2025-04-01' }] }),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '1650.00' },
    suppressed: ['ieepa-reciprocal-baseline-2025-04-05'],
    total: '1650.00',
  },
  {
    name: 'VN T-shirt 2025-04-20 loaded 2025-04-05: loaded on the effective date, baseline 10%',
    source: 'Heading 9903.01.28 (loaded before 12:01 a.m. EDT 2025-04-05 only); heading 9903.01.25',
    request: tshirt('VN', '2025-04-20', { claims: [{ code: 'loaded_in_transit', date: '2025-04-05' }] }),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'VN T-shirt 2025-06-16 loaded 2025-04-01: entered after the in-transit cut-off, baseline 10%',
    source: 'CSMS #64680374 (9903.01.28 only for entries before 12:01 a.m. EDT 2025-06-16)',
    request: tshirt('VN', '2025-06-16', { claims: [{ code: 'loaded_in_transit', date: '2025-04-01' }] }),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'CN T-shirt 2025-04-25 loaded 2025-04-07: in transit before 2025-04-10, baseline 10% instead of 125%',
    source: 'Heading 9903.01.63 (in-transit clause, before 12:01 a.m. EDT 2025-04-10); heading 9903.01.25',
    request: tshirt('CN', '2025-04-25', { claims: [{ code: 'loaded_in_transit', date: '2025-04-07' }] }),
    release: 'htsr_2025_rev_9',
    applies: {
      mfn: '1650.00',
      'ieepa-fentanyl-cn-20': '2000.00',
      'ieepa-reciprocal-baseline-2025-04-05': '1000.00',
      's301-cn-list-4a': '750.00',
    },
    suppressed: ['ieepa-reciprocal-cn-125'],
    total: '5400.00',
  },
  {
    name: 'VN T-shirt 2025-09-01 loaded 2025-08-01: in transit, 10% under 9903.01.25 instead of 20%',
    source:
      'Heading 9903.02.69 (in-transit clause: loaded before 2025-08-07, entered before 2025-10-05; HTS 2025 Rev 18); heading 9903.01.25',
    request: tshirt('VN', '2025-09-01', { claims: [{ code: 'loaded_in_transit', date: '2025-08-01' }] }),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-in-transit-2025-08-07': '1000.00' },
    suppressed: ['ieepa-reciprocal-vn'],
    total: '2650.00',
  },
  {
    name: 'VN T-shirt 2025-10-05 loaded 2025-08-01: entered on the cut-off day, the country rate 20%',
    source: 'Heading 9903.02.69 (in transit only for entries before 12:01 a.m. EDT 2025-10-05)',
    request: tshirt('VN', '2025-10-05', { claims: [{ code: 'loaded_in_transit', date: '2025-08-01' }] }),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-vn': '2000.00' },
    total: '3650.00',
  },
  {
    name: 'DE T-shirt 2025-09-01 loaded 2025-08-01: in transit, 10% instead of the EU 15% level',
    source: 'Headings 9903.02.19/.20 (in-transit clause); heading 9903.01.25',
    request: tshirt('DE', '2025-09-01', { claims: [{ code: 'loaded_in_transit', date: '2025-08-01' }] }),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-in-transit-2025-08-07': '1000.00' },
    suppressed: ['ieepa-reciprocal-eu'],
    total: '2650.00',
  },
  // De minimis (claim de_minimis, 19 U.S.C. 1321(a)(2)(C)): no duty on a shipment of USD 800 or less until 2025-05-02 for China and Hong Kong
  // (EO 14256) and 2025-08-29 for every other country (EO 14324).
  {
    name: 'VN T-shirt of USD 500 2025-08-28 under de minimis: no duty',
    source: '19 U.S.C. 1321(a)(2)(C); EO 14324 (suspension from 12:01 a.m. EDT 2025-08-29)',
    request: tshirt('VN', '2025-08-28', { declared_value: 500, claims: [{ code: 'de_minimis' }] }),
    release: 'htsr_2025_rev_18',
    applies: {},
    suppressed: ['mfn', 'ieepa-reciprocal-vn'],
    total: '0.00',
  },
  {
    name: 'VN T-shirt of USD 500 2025-08-29: de minimis suspended, MFN and reciprocal due',
    source: 'EO 14324 (90 FR 37775), effective 2025-08-29; heading 9903.02.69',
    request: tshirt('VN', '2025-08-29', { declared_value: 500, claims: [{ code: 'de_minimis' }] }),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '82.50', 'ieepa-reciprocal-vn': '100.00' },
    total: '182.50',
  },
  {
    name: 'CN T-shirt of USD 500 2025-05-01 under de minimis: no duty',
    source:
      'U.S. note 2 to subchapter III (9903.01.20: China and Hong Kong keep de minimis until notification); EO 14256 (ended 2025-05-02)',
    request: tshirt('CN', '2025-05-01', { declared_value: 500, claims: [{ code: 'de_minimis' }] }),
    release: 'htsr_2025_rev_9',
    applies: {},
    total: '0.00',
  },
  {
    name: 'CN T-shirt of USD 500 2025-05-02: de minimis ended for China',
    source: 'EO 14256 (90 FR 14899), effective 12:01 a.m. EDT 2025-05-02; headings 9903.01.24, 9903.01.63, 9903.88.15',
    request: tshirt('CN', '2025-05-02', { declared_value: 500, claims: [{ code: 'de_minimis' }] }),
    release: 'htsr_2025_rev_9',
    applies: {
      mfn: '82.50',
      'ieepa-fentanyl-cn-20': '100.00',
      'ieepa-reciprocal-cn-125': '625.00',
      's301-cn-list-4a': '37.50',
    },
    total: '845.00',
  },
  {
    name: 'VN T-shirt of USD 900 2025-06-02: over the de minimis value, duty due',
    source: '19 U.S.C. 1321(a)(2)(C) (USD 800); heading 9903.01.25',
    request: tshirt('VN', '2025-06-02', { declared_value: 900, claims: [{ code: 'de_minimis' }] }),
    release: 'htsr_2025_rev_9',
    applies: { mfn: '148.50', 'ieepa-reciprocal-baseline-2025-04-05': '90.00' },
    total: '238.50',
  },
  // U.S. content of 20% or more (claim us_content_share): the reciprocal duty on the non-U.S. content only (9903.01.34, note 2(v)(xvii)).
  {
    name: 'VN T-shirt 2025-09-01 with 25% U.S. content: reciprocal 20% on the non-U.S. 75%',
    source: 'Heading 9903.01.34; U.S. note 2(v)(xvii); heading 9903.02.69',
    request: tshirt('VN', '2025-09-01', { claims: [{ code: 'us_content_share', value: 25 }] }),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-vn': '1500.00' },
    total: '3150.00',
  },
  {
    name: 'VN T-shirt 2025-09-01 with 15% U.S. content: under 20%, reciprocal on the full value',
    source: 'Heading 9903.01.34 (at least 20 percent of the customs value)',
    request: tshirt('VN', '2025-09-01', { claims: [{ code: 'us_content_share', value: 15 }] }),
    release: 'htsr_2025_rev_18',
    applies: { mfn: '1650.00', 'ieepa-reciprocal-vn': '2000.00' },
    total: '3650.00',
  },
  {
    name: 'KR office furniture 2025-09-01 with steel and aluminum content: both 232 duties, reciprocal 15% on the rest',
    source:
      'Headings 9903.81.91 and 9903.85.08 (U.S. note 19: aluminum derivatives are also subject to the steel derivative duties); U.S. note 2(v)(vii), (ix); heading 9903.02.56',
    request: {
      hts_code: '9403.10.00.40',
      country_code: 'KR',
      entry_date: '2025-09-01',
      claims: [
        { code: 'steel_content_value', value: 3000 },
        { code: 'aluminum_content_value', value: 1000 },
      ],
    },
    release: 'htsr_2025_rev_18',
    applies: {
      mfn: '0.00',
      's232-steel-derivatives': '1500.00',
      's232-aluminum-derivatives': '500.00',
      'ieepa-reciprocal-kr-flat': '900.00',
    },
    total: '2900.00',
  },
  {
    name: 'VN copper wire 2025-09-01: copper 50% on the copper content, the reciprocal duty on the rest',
    source:
      'Heading 9903.78.01 (Proclamation 10962); the non-copper content under 9903.78.02 owes the reciprocal duty (CSMS #65794272; note 2(v)(xii) takes out 9903.78.01 only)',
    request: {
      hts_code: '7408.11.60.00',
      country_code: 'VN',
      entry_date: '2025-09-01',
      claims: [{ code: 'copper_content_value', value: 9000 }],
    },
    release: 'htsr_2025_rev_18',
    applies: { mfn: '300.00', 's232-copper': '4500.00', 'ieepa-reciprocal-vn': '200.00' },
    total: '5000.00',
  },
];

let db: TestDatabase;
let rules: TariffRules;
let lines: ReleaseLineSource;

beforeAll(async () => {
  db = await createTestDatabase();
  const deps = htsImportDeps(db);
  for (const name of releases) {
    const revision = parseHtsFileName(name);
    if (!revision) throw new Error(name);
    const outcome = await importHtsFile(deps, { bytes: fs.readFileSync(realHtsFile(name)), revision, source: name });
    expect(outcome.outcome).toBe('imported');
  }
  rules = tariffRulesFromData(repoDataDir);
  lines = new ReleaseLineSource(new HtsReleaseRepository(db.knex));
}, 240_000);
afterAll(async () => db?.destroy());

describe('2025 entries replayed on the release in force', () => {
  it('has at least 40 dated scenarios, each with its source', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(40);
    for (const scenario of scenarios) expect(scenario.source).not.toBe('');
  });

  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    const result = await calculateDuty(toDutyInput({ declared_value: 10000, ...scenario.request }), {
      lines,
      rules,
      today: () => '2026-11-22',
    });
    expect(result.htsRelease.id).toBe(scenario.release);
    const applying = Object.fromEntries(
      result.components.filter((c) => c.status === 'applies').map((c) => [c.id, c.amount]),
    );
    expect(applying).toEqual(scenario.applies);
    for (const id of scenario.suppressed ?? [])
      expect(result.components.find((c) => c.id === id)?.status).toBe('suppressed');
    expect(result.totals.duty).toBe(scenario.total);
  });

  /**
   * Each additive Chapter 99 duty applied above is checked against the heading's own text in the
   * release in force on the entry date ("The duty provided in the applicable subheading + 25%").
   * A release published after the legal date does not have the heading yet: those are listed in
   * docs/tariff-data-status.md (the legal dates come first).
   */
  it('charges the rate the Chapter 99 heading states in the release in force, or the heading is not in it yet', async () => {
    const repository = new HtsReleaseRepository(db.knex);
    const checked = new Map<string, string>();
    for (const scenario of scenarios) {
      const result = await calculateDuty(toDutyInput({ declared_value: 10000, ...scenario.request }), {
        lines,
        rules,
        today: () => '2026-11-22',
      });
      for (const component of result.components.filter(
        (c) => c.status === 'applies' && c.rateKind === 'additive' && c.heading,
      )) {
        const heading = component.heading as string;
        const line = await repository.findLine(result.htsRelease.id, heading.replace(/\./g, ''));
        const stated = line?.general?.match(/(?:\+|plus)\s*(?:a duty of\s*)?([\d.]+)%/)?.[1] ?? null;
        checked.set(
          `${heading} in ${result.htsRelease.id}`,
          stated === null
            ? 'not in the release'
            : stated === component.ratePercent
              ? 'same rate'
              : `states ${stated}%, charged ${component.ratePercent}%`,
        );
      }
    }
    const disagreements = [...checked].filter(([, verdict]) => verdict !== 'same rate');
    // Each is a release of 2025 not imported here that carries the heading or its new rate before
    // the next imported one: 9903.01.20 (Rev 1), .24/.01/.10 (Rev 3), 9903.81.87 (Rev 6; 50% from
    // Rev 14; 9903.85.08 likewise), 9903.01.84 (Rev 20). The legal dates decide; the releases follow them.
    expect(disagreements).toEqual([
      ['9903.01.20 in htsr_2025_basic', 'not in the release'],
      ['9903.01.24 in htsr_2025_basic', 'not in the release'],
      ['9903.01.01 in htsr_2025_basic', 'not in the release'],
      ['9903.01.10 in htsr_2025_basic', 'not in the release'],
      ['9903.01.84 in htsr_2025_rev_18', 'not in the release'],
      ['9903.81.87 in htsr_2025_basic', 'not in the release'],
      ['9903.81.87 in htsr_2025_rev_9', 'states 25%, charged 50%'],
      ['9903.85.08 in htsr_2025_rev_9', 'states 25%, charged 50%'],
    ]);
    expect(checked.size).toBeGreaterThan(15);
  });
});
