import { runGoldenScenarios, type GoldenScenario } from '../../../support/golden-scenarios';

/**
 * Golden scenarios: dated entries whose expected duty is derived from the law text (each states its
 * public source). They run on real HTS 2026 Rev 4 lines, which stand in for the general (MFN) rates
 * of 2025 entries too (no ten-digit line common to 2025 Basic and 2026 Rev 4 has another general
 * rate: data/hts/README.md); the 2025 scenarios check the Chapter 99 stack.
 */
const scenarios: GoldenScenario[] = [
  {
    name: 'horse (Free) from Germany after 2026-07-24: forced-labor 301 tops up to the EU 10% level',
    source: 'FR doc 2026-15181 (91 FR 47318); U.S. note 52(k): EU total-duty level 10% (9903.05.38/.39)',
    request: { hts_code: '0101.21.00.10', country_code: 'DE', entry_date: '2026-10-09', declared_value: 10000 },
    applies: { mfn: '0.00', 's301-fl-eu': '1000.00' },
    total: '1000.00',
    check: (result) => expect(result.components.find((c) => c.id === 's301-fl-eu')?.heading).toBe('9903.05.39'),
  },
  {
    name: 'steers (1¢/kg) from Germany: 10% in place of the base',
    source: 'FR doc 2026-15181; U.S. note 52(k): 10% level in place of the base for EU goods',
    request: {
      hts_code: '0102.29.40.24',
      country_code: 'DE',
      entry_date: '2026-10-09',
      declared_value: 10000,
      quantities: [{ value: 1000, unit: 'kg' }],
    },
    applies: { mfn: '10.00', 's301-fl-eu': '990.00' },
    total: '1000.00',
  },
  {
    name: 'steers from China: 1¢/kg + 12.5% forced-labor 301 + 7.5% List 4A',
    source: 'FR doc 2026-15181 (CN in the 12.5% tier, U.S. note 52); U.S. note 20(s) (List 4A, 9903.88.15, 7.5%)',
    request: {
      hts_code: '0102.29.40.24',
      country_code: 'CN',
      entry_date: '2026-10-09',
      declared_value: 10000,
      quantities: [{ value: 1000, unit: 'kg' }],
    },
    applies: { mfn: '10.00', 's301-cn-list-4a': '750.00', 's301-fl-cn': '1250.00' },
    total: '2010.00',
  },
  {
    name: 'steers from China without a quantity: the specific base is unresolved and the total is null',
    source: 'issue: a specific rate with no quantity leaves the total null, never a silent 0',
    request: { hts_code: '0102.29.40.24', country_code: 'CN', entry_date: '2026-10-09', declared_value: 10000 },
    applies: { 's301-cn-list-4a': '750.00', 's301-fl-cn': '1250.00' },
    unresolved: ['mfn'],
    total: null,
  },
  {
    name: 'gauze from Brazil: Brazil 301 25% stacks with the forced-labor 301 12.5%',
    source:
      'FR doc 2026-14542; heading 9903.05.01, U.S. note 50(a)(i) ("also subject to any other additional duty"); BR heading 9903.05.27 (12.5%)',
    request: { hts_code: '3005.90.50.10', country_code: 'BR', entry_date: '2026-10-09' },
    applies: { mfn: '0.00', 's301-brazil': '2500.00', 's301-fl-br': '1250.00' },
    total: '3750.00',
  },
  {
    name: 'cotton T-shirt from Vietnam on 2026-02-23: last day of IEEPA reciprocal (20%)',
    source: 'EO 14326 Annex I (VN 20%, 9903.02.69); CSMS #67834313 (IEEPA collected through 2026-02-23)',
    request: { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2026-02-23' },
    applies: { mfn: '1650.00', 'ieepa-reciprocal-vn': '2000.00' },
    total: '3650.00',
  },
  {
    name: 'cotton T-shirt from Vietnam on 2026-02-24: IEEPA off, Section 122 10% on',
    source:
      'Proclamation 11012 (91 FR 9339), 10% from 12:01 a.m. EST 2026-02-24; CSMS #67834313 (IEEPA collection ends 00:00 ET 2026-02-24)',
    request: { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2026-02-24' },
    applies: { mfn: '1650.00', 'section-122': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'cotton T-shirt from Vietnam on 2026-07-23: last day of Section 122',
    source: 'Proclamation 11012: in force until 12:01 a.m. EDT 2026-07-24 (150 days); CSMS #67844987',
    request: { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2026-07-23' },
    applies: { mfn: '1650.00', 'section-122': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'cotton T-shirt from Vietnam on 2026-07-24: Section 122 off, forced-labor 301 12.5% on',
    source: 'FR doc 2026-15181 (effective 2026-07-24); VN in the 12.5% tier (U.S. note 52)',
    request: { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2026-07-24' },
    applies: { mfn: '1650.00', 's301-fl-vn': '1250.00' },
    total: '2900.00',
  },
  {
    name: 'flat-rolled steel from China under the metals annex: 232 I-A 50% excludes the forced-labor 301',
    source:
      'Proclamation of 2026-04-02, Annex I-A (7208, 50% on full value); heading 9903.05.90 (note 52(f)); U.S. note 31(b)',
    request: { hts_code: '7208.51.00.30', country_code: 'CN', entry_date: '2026-10-09', mode: 'ocean' },
    applies: { mfn: '0.00', 's232-annex-1a': '5000.00', 's301-cn-review-25': '2500.00' },
    suppressed: ['s301-fl-cn'],
    total: '7500.00',
  },
  {
    name: 'horse from Canada with a USMCA claim: forced-labor 301 exempt (9903.05.93)',
    source: 'Heading 9903.05.93, U.S. note 52(g): Canadian goods entered free of duty under USMCA (claim S)',
    request: {
      hts_code: '0101.21.00.10',
      country_code: 'CA',
      entry_date: '2026-10-09',
      claims: { special_program: 'S' },
    },
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-ca'],
    total: '0.00',
  },
  {
    name: 'goats from Australia with an AU FTA claim: base Free, forced-labor 301 12.5% still applies',
    source: 'U.S. note 52(a): the forced-labor duty applies even when a special rate is claimed (AU in the 12.5% tier)',
    request: {
      hts_code: '0104.20.00.00',
      country_code: 'AU',
      entry_date: '2026-10-09',
      claims: { special_program: 'AU' },
      quantities: [{ value: 10, unit: 'No.' }],
    },
    applies: { mfn: '0.00', 's301-fl-au': '1250.00' },
    total: '1250.00',
    check: (result) => expect(result.base.column).toBe('special'),
  },
  {
    name: 'T-shirt from Russia: column 2 (90%) plus the forced-labor 301 12.5%',
    source: 'HTSUS general note 3(b); Pub. L. 117-110; U.S. note 52 (RU in the 12.5% tier, column-2 goods included)',
    request: { hts_code: '6109.10.00.12', country_code: 'RU', entry_date: '2026-10-09' },
    applies: { mfn: '9000.00', 's301-fl-ru': '1250.00' },
    total: '10250.00',
    check: (result) => expect(result.base.column).toBe('column2'),
  },
  {
    name: 'T-shirt from China on 2025-03-03: fentanyl 10% and List 4A',
    source: 'EO 14195 (9903.01.20, 10% from 2025-02-04); U.S. note 20(s)',
    request: { hts_code: '6109.10.00.12', country_code: 'CN', entry_date: '2025-03-03' },
    applies: { mfn: '1650.00', 'ieepa-fentanyl-cn-10': '1000.00', 's301-cn-list-4a': '750.00' },
    total: '3400.00',
  },
  {
    name: 'T-shirt from China on 2025-03-04: fentanyl 20%',
    source: 'EO 14228 (9903.01.24, 20% from 2025-03-04; HTS 2025 Rev 5)',
    request: { hts_code: '6109.10.00.12', country_code: 'CN', entry_date: '2025-03-04' },
    applies: { mfn: '1650.00', 'ieepa-fentanyl-cn-20': '2000.00', 's301-cn-list-4a': '750.00' },
    total: '4400.00',
  },
  {
    name: 'T-shirt from Vietnam on 2025-08-06: reciprocal baseline 10% before EO 14326',
    source: 'EO 14257 (9903.01.25 +10% from 2025-04-05); EO 14326 (FR doc 2025-15010) effective 2025-08-07',
    request: { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2025-08-06' },
    applies: { mfn: '1650.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '2650.00',
  },
  {
    name: 'T-shirt from Vietnam on 2025-08-07: EO 14326 country rate 20% replaces the baseline',
    source: 'EO 14326 Annex I (VN 20%, heading 9903.02.69), effective 2025-08-07 (FR doc 2025-15010)',
    request: { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2025-08-07' },
    applies: { mfn: '1650.00', 'ieepa-reciprocal-vn': '2000.00' },
    total: '3650.00',
  },
  {
    name: 'Mexican USMCA good on 2025-03-05: the fentanyl duty applies despite the claim',
    source:
      'Heading 9903.01.04 (HTS 2025 Rev 5): USMCA relief only from 2025-03-07 (EO of 2025-03-06 amending EO 14194)',
    request: {
      hts_code: '6109.10.00.12',
      country_code: 'MX',
      entry_date: '2025-03-05',
      claims: { special_program: 'S' },
    },
    applies: { mfn: '0.00', 'ieepa-fentanyl-mx': '2500.00' },
    total: '2500.00',
  },
  {
    name: 'Mexican USMCA good on 2025-03-07: fentanyl exempt (9903.01.04)',
    source: 'Heading 9903.01.04 (HTS 2025 Rev 5): "no change" for goods entered free of duty under general note 11',
    request: {
      hts_code: '6109.10.00.12',
      country_code: 'MX',
      entry_date: '2025-03-07',
      claims: { special_program: 'S' },
    },
    applies: { mfn: '0.00' },
    suppressed: ['ieepa-fentanyl-mx'],
    total: '0.00',
  },
  {
    name: 'Canadian wine on 2026-08-21: no Section 338 yet',
    source: 'Proclamation 11056; CSMS #69606660 (first collected 2026-08-22)',
    request: {
      hts_code: '2204.21.50.05',
      country_code: 'CA',
      entry_date: '2026-08-21',
      quantities: [{ value: 1000, unit: 'liter' }],
    },
    applies: { mfn: '63.00', 's301-fl-ca': '1000.00' },
    total: '1063.00',
  },
  {
    name: 'Canadian wine on 2026-08-22: Section 338 alcohol basket +50%',
    source: 'Proclamation 11046 (9903.03.12, +50%); CSMS #69606660; note 51(a) (no USMCA exemption)',
    request: {
      hts_code: '2204.21.50.05',
      country_code: 'CA',
      entry_date: '2026-08-22',
      quantities: [{ value: 1000, unit: 'liter' }],
    },
    applies: { mfn: '63.00', 's301-fl-ca': '1000.00', 's338-alcohol': '5000.00' },
    total: '6063.00',
  },
  {
    name: 'drone from China entered 2026-09-02: no Section 232 on unmanned aircraft yet',
    source:
      'Section 232 unmanned aircraft systems reported in force from 2026-09-03 (Proclamation 11055, U.S. note 43)',
    request: { hts_code: '8806.24.00.00', country_code: 'CN', declared_value: 10000, entry_date: '2026-09-02' },
    applies: { mfn: '0.00', 's301-cn-list-1': '2500.00', 's301-fl-cn': '1250.00' },
    total: '3750.00',
  },
  {
    name: 'drone from China entered 2026-09-03: the unmanned aircraft 232 (not in our HTS releases) leaves the total null',
    source:
      'Section 232 unmanned aircraft systems reported in force from 2026-09-03 (Proclamation 11055, U.S. note 43)',
    request: { hts_code: '8806.24.00.00', country_code: 'CN', declared_value: 10000, entry_date: '2026-09-03' },
    // A 232 article does not pay the forced-labor 301: while the 232 is unresolved, so is the 301.
    applies: { mfn: '0.00', 's301-cn-list-1': '2500.00' },
    unresolved: ['s232-uas', 's301-fl-cn'],
    total: null,
  },
  {
    name: 'solar modules from Korea entered 2025-01-15: Section 201 safeguard 14.25%',
    source:
      'Heading 9903.45.25, U.S. note 18(h) to subchapter III (HTS 2026 Rev 6 text): 14.25% for entries 2024-02-07 to 2025-02-06',
    request: { hts_code: '8541.43.00.10', country_code: 'KR', declared_value: 10000, entry_date: '2025-01-15' },
    applies: { mfn: '0.00', 's201-solar-modules-2024': '1425.00' },
    total: '1425.00',
  },
  {
    name: 'solar modules from Korea entered 2025-06-02: the safeguard 14% stacks with the reciprocal baseline',
    source: 'U.S. note 18(a) (cumulative) and (h): 14% for entries 2025-02-07 to 2026-02-06; EO 14257 (9903.01.25)',
    request: { hts_code: '8541.43.00.10', country_code: 'KR', declared_value: 10000, entry_date: '2025-06-02' },
    applies: { mfn: '0.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00', 's201-solar-modules-2025': '1400.00' },
    total: '2400.00',
    check: (result) =>
      expect(result.programs.find((p) => p.family === 'section_201')?.headings).toEqual(['9903.45.25']),
  },
  {
    name: 'solar modules from Korea entered 2026-02-07: the safeguard has expired',
    source: "U.S. note 18(h): the last period ends 2026-02-06; compiler's note (HTS 2026 Rev 4 on): note 18 expired",
    request: { hts_code: '8541.43.00.10', country_code: 'KR', declared_value: 10000, entry_date: '2026-02-07' },
    applies: { mfn: '0.00', 'ieepa-reciprocal-kr': '1500.00' },
    total: '1500.00',
  },
  {
    name: 'solar modules from Indonesia, a developing country of note 18(b): no safeguard',
    source:
      'U.S. note 18(b) to subchapter III: listed developing WTO members are not subject to the rates of 9903.45.21–.29',
    request: { hts_code: '8541.43.00.10', country_code: 'ID', declared_value: 10000, entry_date: '2025-06-02' },
    applies: { mfn: '0.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '1000.00',
  },
  {
    name: 'solar modules of Canada under USMCA: no safeguard (9903.45.27)',
    source: 'Heading 9903.45.27 and U.S. note 18(i): goods of Canada under general note 11, no change',
    request: {
      hts_code: '8541.43.00.10',
      country_code: 'CA',
      declared_value: 10000,
      entry_date: '2025-06-02',
      claims: { special_program: 'S' },
    },
    applies: { mfn: '0.00' },
    suppressed: ['s201-solar-modules-2025', 'ieepa-fentanyl-ca-25'],
    total: '0.00',
  },
  {
    name: 'solar cells attached to batteries (8507.20.80.10) from Korea: a module under the safeguard, 14%',
    source:
      'U.S. note 18(g)(i) (CSPV cells attached to batteries of 8507.20.80 are modules); statistical suffix 8507.20.80.10 "of a kind described in subheading 9903.45.25"',
    request: { hts_code: '8507.20.80.10', country_code: 'KR', declared_value: 10000, entry_date: '2025-06-02' },
    applies: { mfn: '350.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00', 's201-solar-modules-2025': '1400.00' },
    total: '2750.00',
  },
  {
    name: 'photovoltaic AC generators from Korea: crystalline or thin film is not in the request, the safeguard is unresolved',
    source:
      'U.S. note 18(g)(i)-(ii): CSPV cells attached to inverters of 8501.80.10 or as DC generators of 8501.71.00/8501.72.10 are modules; thin-film products are not (18(c)(ii)(1))',
    request: { hts_code: '8501.80.10.00', country_code: 'KR', declared_value: 10000, entry_date: '2025-06-02' },
    applies: { mfn: '250.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    unresolved: ['s201-solar-generators-2025'],
    total: null,
  },
  {
    name: 'quartz slabs from India entered 2026-08-14: no quartz safeguard yet',
    source: 'Section 201 quartz surface products reported in force from 2026-08-15 (Proclamation 11051, U.S. note 41)',
    request: { hts_code: '6810.99.00.20', country_code: 'IN', declared_value: 10000, entry_date: '2026-08-14' },
    applies: { mfn: '0.00', 's301-fl-in': '1000.00' },
    total: '1000.00',
  },
  {
    name: 'quartz slabs from India entered 2026-08-15: the quartz safeguard (not in our HTS releases) leaves the total null',
    source:
      'Section 201 quartz surface products reported in force from 2026-08-15 (Proclamation 11051, U.S. note 41: 25% in quota, 50% over)',
    request: { hts_code: '6810.99.00.20', country_code: 'IN', declared_value: 10000, entry_date: '2026-08-15' },
    applies: { mfn: '0.00', 's301-fl-in': '1000.00' },
    unresolved: ['s201-quartz'],
    total: null,
  },
  {
    name: 'solar modules from Vietnam entered 2026-12-03: no polysilicon 232 yet',
    source: 'Section 232 polysilicon reported in force for entries from 2026-12-04 (proclamation of 2026-08-06)',
    request: { hts_code: '8541.43.00.10', country_code: 'VN', declared_value: 10000, entry_date: '2026-12-03' },
    applies: { mfn: '0.00', 's301-fl-vn': '1250.00' },
    total: '1250.00',
  },
  {
    name: 'solar modules from Vietnam entered 2026-12-04: the polysilicon 232 (not in our HTS releases) leaves the total null',
    source:
      'Section 232 polysilicon reported in force for entries from 2026-12-04: minimum import price $0.38/W plus 15%',
    request: { hts_code: '8541.43.00.10', country_code: 'VN', declared_value: 10000, entry_date: '2026-12-04' },
    // A 232 article does not pay the forced-labor 301: while the 232 is unresolved, so is the 301.
    applies: { mfn: '0.00' },
    unresolved: ['s232-polysilicon', 's301-fl-vn'],
    total: null,
  },
  {
    name: 'thin-film solar modules from Vietnam entered 2026-12-04: no polysilicon in them, no polysilicon 232',
    source:
      'Section 232 polysilicon (reported from 2026-12-04) covers polysilicon and its derivatives; 8541.43.00.80 is the non-crystalline-silicon line',
    request: { hts_code: '8541.43.00.80', country_code: 'VN', declared_value: 10000, entry_date: '2026-12-04' },
    applies: { mfn: '0.00', 's301-fl-vn': '1250.00' },
    total: '1250.00',
  },
  {
    name: 'Canadian wine arriving 2026-10-01: a possible ban (list not in our data) leaves the total null',
    source: 'Proclamation 11061; CSMS #70050970 (packaged listed alcohol banned from 2026-09-29, arrival basis)',
    request: {
      hts_code: '2204.21.50.05',
      country_code: 'CA',
      entry_date: '2026-10-01',
      quantities: [{ value: 1000, unit: 'liter' }],
    },
    applies: { mfn: '63.00', 's301-fl-ca': '1000.00', 's338-alcohol': '5000.00' },
    unresolved: ['s338-ban-alcohol'],
    total: null,
  },
  {
    name: 'Canadian motorcycle over 800 cc arriving 2026-09-28: Section 338 +50%',
    source: 'Proclamation 11048 (9903.03.14); CSMS #70050970 (goods imported before 2026-09-29 keep the 50%)',
    request: { hts_code: '8711.50.00.30', country_code: 'CA', entry_date: '2026-09-28' },
    applies: { mfn: '240.00', 's301-fl-ca': '1000.00', 's338-basket': '5000.00' },
    total: '6240.00',
  },
  {
    name: 'Canadian motorcycle over 800 cc arriving 2026-09-29: import prohibited',
    source: 'Proclamations 11061–11063; CSMS #70050970 (motorcycles over 800 cc; arrival on or after 2026-09-29)',
    request: { hts_code: '8711.50.00.30', country_code: 'CA', entry_date: '2026-09-29' },
    applies: { mfn: '240.00', 's301-fl-ca': '1000.00', 's338-basket': '5000.00' },
    total: null,
    check: (result) => {
      expect(result.prohibited).toBe(true);
      expect(result.components.find((c) => c.id === 's338-ban-motorcycles')?.status).toBe('prohibited');
    },
  },
  {
    name: 'aluminum foil from China: AD order advisory without an exporter (no amount); annex I-A 50% excludes the forced-labor 301',
    source: 'AD order A-570-053 (FR doc 2026-10525); Annex I-A (7607); heading 9903.05.90',
    request: { hts_code: '7607.11.60.10', country_code: 'CN', entry_date: '2026-10-09' },
    applies: { mfn: '530.00', 's232-annex-1a': '5000.00', 's301-cn-review-25': '2500.00' },
    suppressed: ['s301-fl-cn'],
    total: '8030.00',
    check: (result) => {
      // The CVD order's scope lists 7607.11.6000, which the schedule now breaks out under 7607.11.60.
      expect(result.adcvd).toEqual([
        expect.objectContaining({ caseNumber: 'A-570-053', amount: null, rateBasis: null }),
        expect.objectContaining({ caseNumber: 'C-570-054', amount: null, rateBasis: null }),
      ]);
      expect(result.warnings.some((warning) => warning.includes('A-570-053'))).toBe(true);
    },
  },
  {
    name: 'aluminum foil from China with a named exporter: AD cash deposit at its 26.6% rate',
    source: 'A-570-053 amended final results, FR doc 2026-10525 (Jiangsu Dingsheng 26.60%)',
    request: {
      hts_code: '7607.11.60.10',
      country_code: 'CN',
      entry_date: '2026-10-09',
      exporter: 'Jiangsu Dingsheng New Materials Joint-Stock',
    },
    applies: { mfn: '530.00', 's232-annex-1a': '5000.00', 's301-cn-review-25': '2500.00', 'A-570-053': '2660.00' },
    suppressed: ['s301-fl-cn'],
    total: '10690.00',
  },
  {
    name: 'patented medicament from India after 2026-09-29: 100% total level; forced-labor 301 excluded',
    source:
      'Proclamation 11020 (9903.04.60, 100% total; all importers from 2026-09-29); U.S. note 40(b); U.S. note 52(f)(8)',
    request: {
      hts_code: '3004.90.92.01',
      country_code: 'IN',
      entry_date: '2026-10-09',
      claims: { pharmaceutical: 'patented' },
    },
    applies: { mfn: '0.00', 's232-pharma-patented': '10000.00' },
    suppressed: ['s301-fl-in'],
    total: '10000.00',
  },
  {
    name: 'patented medicament from Switzerland: 15% total level',
    source: 'Proclamation 11020 (9903.04.62, 15% total for EU/JP/KR/CH/LI); U.S. note 40(d)',
    request: {
      hts_code: '3004.90.92.01',
      country_code: 'CH',
      entry_date: '2026-10-09',
      claims: { pharmaceutical: 'patented' },
    },
    applies: { mfn: '0.00', 's232-pharma-patented-partners': '1500.00' },
    suppressed: ['s301-fl-ch'],
    total: '1500.00',
  },
  {
    name: 'medicament from India without a patented/generic claim: unresolved, total null',
    source:
      'issue item 1 (claims: patented/generic for pharmaceuticals); Proclamation 11020 headings .60/.67 are mutually exclusive; U.S. note 52(b) (3004.90.92, heading 9903.05.86)',
    request: { hts_code: '3004.90.92.01', country_code: 'IN', entry_date: '2026-10-09' },
    applies: { mfn: '0.00' },
    // 3004.90.92 is in note 52(b) (heading 9903.05.86): the forced-labor 301 is out by classification.
    suppressed: ['s301-fl-in'],
    unresolved: ['s232-pharma-patented', 's232-pharma-generic'],
    total: null,
  },
  {
    name: 'passenger car from Japan: 232 autos 15% total level; forced-labor 301 excluded',
    source:
      'Proclamation 10908; U.S. note 33(k)/(m), heading 9903.94.41 (15% inclusive of MFN 2.5%); heading 9903.05.90',
    request: { hts_code: '8703.23.01.10', country_code: 'JP', entry_date: '2026-10-09' },
    applies: { mfn: '250.00', 's232-autos-vehicles-jp': '1250.00' },
    suppressed: ['s301-fl-jp'],
    total: '1500.00',
  },
  {
    name: 'USMCA passenger car from Mexico: 232 on the non-U.S. content is unresolved',
    source:
      'Heading 9903.94.03, U.S. note 33(d) (25% of the non-U.S. content); heading 9903.05.94, U.S. note 52(h) (Mexico)',
    request: {
      hts_code: '8703.23.01.10',
      country_code: 'MX',
      entry_date: '2026-10-09',
      claims: { special_program: 'S' },
    },
    applies: { mfn: '0.00' },
    suppressed: ['s232-autos-vehicles', 's301-fl-mx'],
    unresolved: ['s232-autos-usmca-content'],
    total: null,
  },
  {
    name: 'copper wire from Chile in 2025 with a certified copper content: 50% of the content; the reciprocal 10% on the rest',
    source:
      'Proclamation 10962 (9903.78.01, 50% of the copper content from 2025-08-01); non-copper content under 9903.78.02 owes the reciprocal duty (CSMS #65794272)',
    request: {
      hts_code: '7408.11.60.00',
      country_code: 'CL',
      entry_date: '2025-09-01',
      claims: { metal_content_value: 9000 },
    },
    applies: { mfn: '300.00', 's232-copper': '4500.00', 'ieepa-reciprocal-baseline-2025-08-07': '100.00' },
    total: '4900.00',
  },
  {
    name: 'copper wire from Chile without the copper content: the 232 duty and the reciprocal on the rest are unresolved',
    source:
      'Heading 9903.78.01 (duty on the value of the copper content); CSMS #65794272 (the rest under 9903.78.02 owes the reciprocal duty)',
    request: { hts_code: '7408.11.60.00', country_code: 'CL', entry_date: '2025-09-01' },
    applies: { mfn: '300.00' },
    unresolved: ['ieepa-reciprocal-baseline-2025-08-07', 's232-copper'],
    total: null,
  },
  {
    name: 'industrial control panel from Canada on 2026-09-14: the 232 autos-parts duty excludes Section 338',
    source:
      'Heading 9903.03.15 (232 articles excluded from Section 338 until 2026-09-14); Proclamation 10908 (9903.94.05)',
    request: { hts_code: '8537.10.91', country_code: 'CA', entry_date: '2026-09-14' },
    applies: { mfn: '270.00', 's232-autos-parts': '2500.00' },
    suppressed: ['s301-fl-ca', 's338-basket'],
    total: '2770.00',
  },
  {
    name: 'industrial control panel from Canada on 2026-09-15: Section 338 (9903.03.14) now stacks on 232',
    source:
      'Proclamations 11064/11065 (FR doc 2026-18838): from 2026-09-15 the 232 exemption 9903.03.15 covers only 9903.03.13',
    request: { hts_code: '8537.10.91', country_code: 'CA', entry_date: '2026-09-15' },
    applies: { mfn: '270.00', 's232-autos-parts': '2500.00', 's338-basket': '5000.00' },
    suppressed: ['s301-fl-ca'],
    total: '7770.00',
  },
  {
    name: 'computer parts from Taiwan on 2026-01-14: Annex II exempts the reciprocal duty, no semiconductor duty yet',
    source:
      'EO 14257 Annex II (9903.01.32); Proclamation 11002 cl. 3, effective 12:01 a.m. EST 2026-01-15 (9903.79.01)',
    request: { hts_code: '8473.30.11.40', country_code: 'TW', entry_date: '2026-01-14' },
    applies: { mfn: '0.00' },
    total: '0.00',
  },
  {
    name: 'computer parts from Taiwan on 2026-01-15 claimed as semiconductor articles: Section 232 semiconductors 25%',
    source:
      'Proclamation 11002 (9903.79.01, U.S. note 39(b): articles meeting its parameters), 12:01 a.m. EST 2026-01-15',
    request: {
      hts_code: '8473.30.11.40',
      country_code: 'TW',
      entry_date: '2026-01-15',
      claims: [{ code: 'semiconductor_article' }],
    },
    applies: { mfn: '0.00', 's232-semiconductors': '2500.00' },
    total: '2500.00',
  },
  {
    name: 'Canadian pine lumber on 2025-10-14: 232 softwood 10% stacks with the fentanyl 35%',
    source:
      'U.S. note 37(b), heading 9903.76.01 (from 2025-10-14); EO 14289 (only autos and steel/aluminum interact with CA IEEPA)',
    request: {
      hts_code: '4407.11.00.01',
      country_code: 'CA',
      entry_date: '2025-10-14',
      quantities: [{ value: 10, unit: 'm3' }],
    },
    applies: { mfn: '0.00', 'ieepa-fentanyl-ca-35': '3500.00', 's232-softwood': '1000.00' },
    total: '4500.00',
  },
  {
    name: 'upholstered wooden seat from the UK: 232 wood +10% (9903.76.20)',
    source: 'Heading 9903.76.20 (UK wood products, +10%)',
    request: { hts_code: '9401.61.40.11', country_code: 'GB', entry_date: '2026-10-09' },
    applies: { mfn: '0.00', 's232-wood-uk': '1000.00' },
    suppressed: ['s301-fl-gb'],
    total: '1000.00',
  },
  {
    name: 'upholstered wooden seat from Germany: EU 15% total level (9903.76.22)',
    source: 'Heading 9903.76.22 (EU wood products, 15%)',
    request: { hts_code: '9401.61.40.11', country_code: 'DE', entry_date: '2026-10-09' },
    applies: { mfn: '0.00', 's232-wood-eu': '1500.00' },
    suppressed: ['s301-fl-eu'],
    total: '1500.00',
  },
  {
    name: 'upholstered wooden seat from Vietnam: 232 upholstered furniture 25%',
    source: 'Heading 9903.76.02, U.S. note 37(d) (25% until the deferred step on 2027-01-01)',
    request: { hts_code: '9401.61.40.11', country_code: 'VN', entry_date: '2026-10-09' },
    applies: { mfn: '0.00', 's232-upholstered-furniture': '2500.00' },
    suppressed: ['s301-fl-vn'],
    total: '2500.00',
  },
  {
    name: 'ocean entry of USD 1,000,000 in FY2027: MPF at its maximum (670.86) plus HMF 0.125%',
    source: '19 CFR 24.23/24.24; FR doc 2026-15530 (FY2027 MPF maximum)',
    request: {
      hts_code: '6109.10.00.12',
      country_code: 'VN',
      entry_date: '2026-10-09',
      declared_value: 1000000,
      mode: 'ocean',
    },
    applies: { mfn: '165000.00', 's301-fl-vn': '125000.00' },
    total: '290000.00',
    check: (result) =>
      expect([result.fees.mpf.amount, result.fees.hmf.amount, result.totals.dutyAndFees]).toEqual([
        '670.86',
        '1250.00',
        '291920.86',
      ]),
  },
  {
    name: 'air entry of USD 5,000 in FY2026: MPF at its minimum (33.58), no HMF',
    source: 'FR doc 2025-13869 (FY2026 MPF minimum 33.58); HMF ocean only (19 CFR 24.24)',
    request: {
      hts_code: '6109.10.00.12',
      country_code: 'VN',
      entry_date: '2026-09-30',
      declared_value: 5000,
      mode: 'air',
    },
    applies: { mfn: '825.00', 's301-fl-vn': '625.00' },
    total: '1450.00',
    check: (result) =>
      expect([result.fees.mpf.amount, result.fees.hmf.status, result.fees.total]).toEqual([
        '33.58',
        'not_applicable',
        '33.58',
      ]),
  },
  {
    name: 'T-shirt from India on 2026-02-06: reciprocal 25% plus the Russian-oil 25%',
    source: 'Heading 9903.02.26 (IN 25%); heading 9903.01.84 (from 2025-08-27; HTS 2025 Rev 20)',
    request: { hts_code: '6109.10.00.12', country_code: 'IN', entry_date: '2026-02-06' },
    applies: { mfn: '1650.00', 'ieepa-india-russian-oil': '2500.00', 'ieepa-reciprocal-in': '2500.00' },
    total: '6650.00',
  },
  {
    name: 'T-shirt from India on 2026-02-07: the Russian-oil duty ended',
    source: 'EO 14384, FR doc 2026-02818, 91 FR 6501 (terminated for entries from 12:01 a.m. EST 2026-02-07)',
    request: { hts_code: '6109.10.00.12', country_code: 'IN', entry_date: '2026-02-07' },
    applies: { mfn: '1650.00', 'ieepa-reciprocal-in': '2500.00' },
    total: '4150.00',
  },
  {
    name: 'T-shirt from Canada on 2025-07-31: fentanyl 25%',
    source: 'EO 14193; heading 9903.01.10 at 25% before EO 14325',
    request: { hts_code: '6109.10.00.12', country_code: 'CA', entry_date: '2025-07-31' },
    applies: { mfn: '1650.00', 'ieepa-fentanyl-ca-25': '2500.00' },
    total: '4150.00',
  },
  {
    name: 'T-shirt from Canada on 2025-08-01: fentanyl 35%',
    source: 'EO 14325, FR doc 2025-14999, 90 FR 37957 (35% from 12:01 a.m. EDT 2025-08-01); CSMS #65798609',
    request: { hts_code: '6109.10.00.12', country_code: 'CA', entry_date: '2025-08-01' },
    applies: { mfn: '1650.00', 'ieepa-fentanyl-ca-35': '3500.00' },
    total: '5150.00',
  },
  {
    name: 'upholstered seat (Free) from Germany on 2025-09-01: EU reciprocal 15% total level',
    source: 'EO 14326 Annex I (EU 15% inclusive of MFN; 9903.02.20, U.S. note 2(v))',
    request: { hts_code: '9401.61.40.11', country_code: 'DE', entry_date: '2025-09-01' },
    applies: { mfn: '0.00', 'ieepa-reciprocal-eu': '1500.00' },
    total: '1500.00',
  },
  {
    name: 'T-shirt from Switzerland on 2025-11-13: reciprocal 39%',
    source: 'Heading 9903.02.58 (CH 39% until the 15% level retroactive to 2025-11-14)',
    request: { hts_code: '6109.10.00.12', country_code: 'CH', entry_date: '2025-11-13' },
    applies: { mfn: '1650.00', 'ieepa-reciprocal-ch-39': '3900.00' },
    total: '5550.00',
  },
  {
    name: 'T-shirt (16.5%) from Switzerland on 2025-11-14: the 15% level is met, no reciprocal duty (9903.02.82)',
    source: 'FR 2025-23316 (90 FR 59281): CH/LI 15% floor legally effective 2025-11-14; headings 9903.02.82/.83',
    request: { hts_code: '6109.10.00.12', country_code: 'CH', entry_date: '2025-11-14' },
    applies: { mfn: '1650.00', 'ieepa-reciprocal-ch': '0.00' },
    total: '1650.00',
    check: (result) =>
      expect(result.components.find((c) => c.id === 'ieepa-reciprocal-ch')?.heading).toBe('9903.02.82'),
  },
  {
    name: 'T-shirt from China on 2025-04-10: reciprocal 125% replaces the baseline; fentanyl 20%; List 4A',
    source: 'EO 14266 (125% from 2025-04-10; to verify); EO 14195 as amended; U.S. note 20(s)',
    request: { hts_code: '6109.10.00.12', country_code: 'CN', entry_date: '2025-04-10' },
    applies: {
      mfn: '1650.00',
      'ieepa-fentanyl-cn-20': '2000.00',
      'ieepa-reciprocal-cn-125': '12500.00',
      's301-cn-list-4a': '750.00',
    },
    suppressed: ['ieepa-reciprocal-baseline-2025-04-05'],
    total: '16900.00',
  },
  {
    name: 'steel sheet from Canada on 2025-05-01: the fentanyl duty excludes the 232 steel duty',
    source: 'EO 14289 (90 FR 18907): CA/MX IEEPA excludes 232 steel/aluminum from 2025-03-04 until Proclamation 10947',
    request: { hts_code: '7208.51.00.30', country_code: 'CA', entry_date: '2025-05-01' },
    applies: { mfn: '0.00', 'ieepa-fentanyl-ca-25': '2500.00' },
    suppressed: ['s232-steel-25'],
    total: '2500.00',
  },
  {
    name: 'steel sheet from Canada on 2025-06-04: 232 steel 50% now excludes the fentanyl duty',
    source: 'Proclamation 10947 (90 FR 24199), 50% from 2025-06-04 and priority over CA/MX IEEPA',
    request: { hts_code: '7208.51.00.30', country_code: 'CA', entry_date: '2025-06-04' },
    applies: { mfn: '0.00', 's232-steel-50': '5000.00' },
    suppressed: ['ieepa-fentanyl-ca-25'],
    total: '5000.00',
  },
  {
    name: 'steel sheet from the UK on 2025-07-01: 232 steel stays at 25%; reciprocal excluded',
    source: 'Proclamation 10947 (UK 25%, 9903.81.94); heading 9903.01.33',
    request: { hts_code: '7208.51.00.30', country_code: 'GB', entry_date: '2025-07-01' },
    applies: { mfn: '0.00', 's232-steel-uk-25': '2500.00' },
    suppressed: ['ieepa-reciprocal-baseline-2025-04-05'],
    total: '2500.00',
  },
  {
    name: 'diesel road tractor from Germany on 2025-11-01: 232 MHD 25% excludes the steel derivative and reciprocal duties',
    source: 'Proclamation 10984, FR doc 2025-19639 (9903.74.01 from 2025-11-01); heading 9903.01.33',
    request: { hts_code: '8701.21.00.15', country_code: 'DE', entry_date: '2025-11-01' },
    applies: { mfn: '400.00', 's232-mhd-vehicles': '2500.00' },
    suppressed: ['ieepa-reciprocal-eu', 's232-steel-derivatives'],
    total: '2900.00',
  },
  {
    name: 'bus from China: 232 buses 10% and Section 301 List 1; forced-labor 301 and the metals annex excluded',
    source: 'Proclamation 10984 (9903.74.02, buses 10%); U.S. note 20(b); heading 9903.05.90',
    request: { hts_code: '8702.10.31.00', country_code: 'CN', entry_date: '2026-10-09' },
    applies: { mfn: '200.00', 's232-buses': '1000.00', 's301-cn-list-1': '2500.00' },
    suppressed: ['s232-annex-1b', 's301-fl-cn'],
    total: '3700.00',
  },
];

runGoldenScenarios('golden duty scenarios (HTS 2026 Rev 4 lines)', scenarios);
