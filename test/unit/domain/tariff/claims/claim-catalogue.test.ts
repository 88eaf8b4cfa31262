import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { claimCatalogue, claimHeadingLabel } from '../../../../../src/domain/tariff/claims/claim-catalogue';
import { calculateDuty } from '../../../../../src/domain/tariff/engine/calculate-duty';
import { toDutyInput, type DutyBody } from '../../../../../src/handlers/inputs/tariff.input';
import { InvalidTariffRequestError } from '../../../../../src/domain/tariff/errors';
import { csvLineSource } from '../../../../support/hts-csv-line-source';
import { realHtsFile } from '../../../../support/hts-fixtures';
import { repoDataDir } from '../../../../support/reference-data';
import { tariffRulesFromData } from '../../../../support/tariff-rules';

const spec = YAML.parse(fs.readFileSync(path.resolve(__dirname, '../../../../../openapi/spec.yaml'), 'utf8'));
const claimSchema = spec.components.schemas.TariffClaim;

describe('the claims catalogue', () => {
  it('is the one the API description documents: every code in the enum and in the table, with its heading', () => {
    expect([...claimSchema.properties.code.enum].sort()).toEqual([...claimCatalogue.keys()].sort());
    for (const claim of claimCatalogue.values()) {
      expect(claimSchema.description).toContain(
        `| \`${claim.code}\` | ${claimHeadingLabel(claim) ?? '–'} | ${claim.takes} |`,
      );
    }
  });

  it('names a Chapter 99 heading or the HTS provision for every claim, and a public source', () => {
    for (const claim of claimCatalogue.values()) {
      expect(claim.asserts.length).toBeGreaterThan(20);
      expect(['hts', 'proclamation', 'statute', 'federal_register', 'cfr']).toContain(claim.citation.type);
    }
  });
});

describe('claims in a calculation', () => {
  const rules = tariffRulesFromData(repoDataDir);
  const lines = csvLineSource(
    realHtsFile('hts_2026_revision_4_csv.csv'),
    { id: '2026-rev-4', name: '2026 HTS Revision 4' },
    '2025-01-01',
  );
  const calculate = (request: DutyBody) =>
    calculateDuty(toDutyInput(request), { lines, rules, today: () => '2026-11-22' });

  it('refuses an unknown claim, a claim made twice, a missing value and a share over 100, naming the field', async () => {
    const base = { hts_code: '6109.10.00.12', country_code: 'VN' };
    await expect(calculate({ ...base, claims: [{ code: 'made_in_usa' as never }] })).rejects.toMatchObject({
      field: 'claims/0/code',
    });
    await expect(
      calculate({ ...base, claims: [{ code: 'automobile_part' }, { code: 'automobile_part' }] }),
    ).rejects.toMatchObject({ field: 'claims/1/code' });
    await expect(calculate({ ...base, claims: [{ code: 'copper_content_value' }] })).rejects.toMatchObject({
      field: 'claims/0/value',
    });
    await expect(calculate({ ...base, claims: [{ code: 'us_content_share', value: 101 }] })).rejects.toBeInstanceOf(
      InvalidTariffRequestError,
    );
    await expect(calculate({ ...base, claims: [{ code: 'adcvd_exporter', text: ' ' }] })).rejects.toMatchObject({
      field: 'claims/0/text',
    });
    await expect(calculate({ ...base, claims: [{ code: 'loaded_in_transit' }] })).rejects.toMatchObject({
      field: 'claims/0/date',
    });
    await expect(
      calculate({ ...base, claims: [{ code: 'loaded_in_transit', date: '2025-02-30' }] }),
    ).rejects.toMatchObject({ field: 'claims/0/date' });
  });

  it('applies an in-transit claim only to goods loaded before the relief date, and offers it with the latest loading date it accepts', async () => {
    const line = { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2025-09-01' };
    const loaded = (date: string) => calculate({ ...line, claims: [{ code: 'loaded_in_transit', date }] });
    expect((await loaded('2025-08-06')).totals.duty).toBe('2650.00');
    const late = await loaded('2025-08-07');
    expect(late.totals.duty).toBe('3650.00');
    expect(late.warnings).toContain(
      'The claim loaded_in_transit does not fit this line (no measure on 6109100012 for this origin and date uses it); it was not applied.',
    );
    const unclaimed = await calculate(line);
    expect(unclaimed.possibleExemptions).toEqual([
      expect.objectContaining({
        claim: { code: 'loaded_in_transit', date: '2025-08-06' },
        component: 'ieepa-reciprocal-vn',
        totalDuty: '2650.00',
      }),
    ]);
  });

  it('reads the deprecated claims object and exporter as the claims they became', async () => {
    const legacy = await calculate({
      hts_code: '7411.10.10.30',
      country_code: 'DE',
      entry_date: '2025-09-01',
      claims: { metal_content_value: 6000 },
    });
    const listed = await calculate({
      hts_code: '7411.10.10.30',
      country_code: 'DE',
      entry_date: '2025-09-01',
      claims: [{ code: 'copper_content_value', value: 6000 }],
    });
    expect(legacy.totals.duty).toBe(listed.totals.duty);
    expect(legacy.components).toEqual(listed.components);
  });
});
