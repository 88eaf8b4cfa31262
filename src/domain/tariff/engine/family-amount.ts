import type { DutyCalculation, ReportFamily } from './duty-result';

/** What a reporting family adds to the duty: 0 when nothing of it applies, null while one of its components is unresolved. */
export function familyAmount(calculation: DutyCalculation, family: ReportFamily): string | null {
  if (calculation.components.some((c) => c.family === family && c.status === 'unresolved')) return null;
  const program = calculation.programs.find((p) => p.family === family);
  return program?.applies ? program.amount : '0.00';
}
