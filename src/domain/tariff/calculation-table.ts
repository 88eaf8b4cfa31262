import type { Cell } from '../shared';
import type { ClaimInput } from './engine/duty-request';
import { reportFamilies, type DutyCalculation } from './engine/duty-result';
import { familyAmount } from './engine/family-amount';

/**
 * A calculation as one spreadsheet row: the inputs, each program family's rate, amount and
 * Chapter 99 headings, the fees and totals, and why anything is unresolved. An amount that is
 * unresolved is an empty cell and `unresolved` says why: never a 0.
 */

export const calculationColumns = [
  'hts_code',
  'description',
  'country_code',
  'declared_value',
  'entry_date',
  'mode',
  'claims',
  ...reportFamilies.flatMap((family) => [`${family}_rate_percent`, `${family}_amount`, `${family}_headings`]),
  'total_duty',
  'total_duty_rate_percent',
  'mpf',
  'hmf',
  'fees_total',
  'duty_and_fees',
  'prohibited',
  'unresolved',
  'warnings',
  'hts_release',
  'rules_version',
];

const number = (value: string | null): Cell => (value === null ? null : Number(value));

/** `adcvd_exporter Acme Textiles`, `steel_content_value 4200`: a claim as a person reads it. */
export const claimText = (claim: ClaimInput): string =>
  [claim.code, claim.text, claim.value === undefined ? undefined : String(claim.value)].filter(Boolean).join(' ');

export function calculationRow(calculation: DutyCalculation, claims: ClaimInput[]): Cell[] {
  const programs = reportFamilies.flatMap((family) => {
    const program = calculation.programs.find((p) => p.family === family);
    const amount = familyAmount(calculation, family);
    if (!program?.applies) return [amount === null ? null : 0, number(amount), ''];
    return [number(program.ratePercent), number(amount), program.headings.join(' ')];
  });
  const fee = (line: DutyCalculation['fees']['mpf']) => (line.status === 'not_applicable' ? 0 : number(line.amount));
  return [
    calculation.hts.dotted,
    calculation.hts.description,
    calculation.country.code,
    number(calculation.declaredValue),
    calculation.entryDate,
    calculation.mode ?? '',
    claims.map(claimText).join('; '),
    ...programs,
    number(calculation.totals.duty),
    number(calculation.totals.dutyRatePercent),
    fee(calculation.fees.mpf),
    fee(calculation.fees.hmf),
    number(calculation.fees.total),
    number(calculation.totals.dutyAndFees),
    calculation.prohibited === null ? '' : String(calculation.prohibited),
    calculation.unresolved.map((u) => `${u.component}: ${u.reason}`).join('; '),
    calculation.warnings.join('; '),
    calculation.htsRelease.id,
    calculation.rulesVersion,
  ];
}
