import Decimal from 'decimal.js';
import type { LoadedMeasure } from '../rules/rule-set';
import type { MeasureInteraction } from '../rules/rule-schema';
import type { EvaluatedMeasure } from './measure-evaluation';
import { isAboveZero } from './money';

function targets(interaction: MeasureInteraction, measure: LoadedMeasure): boolean {
  if (interaction.measure) return measure.id === interaction.measure;
  if (interaction.program) return measure.program === interaction.program;
  return measure.family === interaction.family;
}

/** "Subject to" a duty means owing more than 0 (CBP, CSMS #65054270): only such a measure suppresses. */
function owes(evaluated: EvaluatedMeasure): boolean | 'unknown' {
  if (evaluated.status === 'suppressed') return false;
  if (evaluated.status === 'applies') return evaluated.amount !== null && isAboveZero(evaluated.amount);
  return evaluated.subjectTo;
}

/** Whether the excluding measure splits off one metal's content and leaves the rest of the value to this one. */
function leavesRemainder(interaction: MeasureInteraction, by: EvaluatedMeasure): boolean {
  const metal = by.measure.splits_content;
  return metal !== undefined && by.splitContent !== undefined && (interaction.remainder_metals ?? []).includes(metal);
}

/**
 * Charges the measure on the value its metal-content suppressors leave (the non-steel content of a
 * steel derivative): unresolved while a metal content value is not claimed.
 */
function chargeOnRemainder(
  item: EvaluatedMeasure,
  edges: Array<{ by: EvaluatedMeasure; interaction: MeasureInteraction }>,
): void {
  const metals = edges.map(({ by }) => by.measure.splits_content).join(' and ');
  const citations = [...new Set(edges.map(({ interaction }) => interaction.citation.ref))].join('; ');
  const missing = edges.find(({ by }) => by.splitContent === null);
  if (item.status !== 'applies' || item.basisValue === null || missing) {
    if (item.status === 'applies') {
      item.status = 'unresolved';
      item.amount = null;
      item.subjectTo = 'unknown';
      item.reason = `charged on the value other than the ${metals} content, which is not claimed (${citations})`;
    }
    return;
  }
  const taken = edges.reduce((sum, { by }) => sum.plus(by.splitContent as Decimal), new Decimal(0));
  const rest = Decimal.max(0, item.basisValue.minus(taken));
  item.basisValue = rest;
  item.chargedOn = 'non_metal_content';
  item.amount = item.amountOn(rest);
  item.reason = `charged on the value other than the ${metals} content taxed by ${edges.map(({ by }) => by.measure.id).join(', ')} (${citations})`;
  if (item.amount === null) {
    item.status = 'unresolved';
    item.subjectTo = 'unknown';
  }
}

/**
 * Applies the excludes / excluded_by relations active on the date, in dependency order (a measure is
 * settled before the measures it can suppress), then keeps only the largest applying measure of each
 * group. Suppressed measures stay in the result with the reason and the measures that suppressed them.
 */
export function applyInteractions(evaluated: EvaluatedMeasure[], date: string): void {
  // Interactions and groups relate two measures or more: a line with one has nothing to settle.
  if (evaluated.length < 2) return;
  // suppressors.get(m) = the measures that, when they apply, suppress m, with the citation.
  const suppressors = new Map<EvaluatedMeasure, Edge[]>();
  const suppress = (item: EvaluatedMeasure, edge: Edge) => {
    const edges = suppressors.get(item);
    if (edges) edges.push(edge);
    else suppressors.set(item, [edge]);
  };
  for (const item of evaluated) {
    for (const interaction of item.measure.interactions) {
      if (
        (interaction.from !== undefined && date < interaction.from) ||
        (interaction.to !== undefined && date >= interaction.to)
      )
        continue;
      for (const other of evaluated) {
        if (other === item || !targets(interaction, other.measure)) continue;
        if (interaction.relation === 'excluded_by') suppress(item, { by: other, interaction });
        else suppress(other, { by: item, interaction });
      }
    }
  }
  if (suppressors.size > 0) settleSuppressions(evaluated, suppressors, date);
  keepLargestOfGroups(evaluated);
}

type Edge = { by: EvaluatedMeasure; interaction: MeasureInteraction };

function settleSuppressions(
  evaluated: EvaluatedMeasure[],
  suppressors: Map<EvaluatedMeasure, Edge[]>,
  date: string,
): void {
  const settled = new Set<EvaluatedMeasure>();
  const visiting = new Set<EvaluatedMeasure>();
  const settle = (item: EvaluatedMeasure) => {
    if (settled.has(item)) return;
    if (visiting.has(item))
      throw new Error(`tariff rules: interaction cycle involving measure ${item.measure.id} on ${date}`);
    visiting.add(item);
    const edges = suppressors.get(item) ?? [];
    edges.forEach(({ by }) => settle(by));
    if (item.status === 'applies' || item.status === 'unresolved') {
      const owing = edges.filter(({ by }) => by.status !== 'suppressed' && owes(by) === true);
      const remainders = owing.filter(({ by, interaction }) => leavesRemainder(interaction, by));
      const winners = owing.filter((edge) => !remainders.includes(edge));
      const uncertain = edges.filter(({ by }) => by.status !== 'suppressed' && owes(by) === 'unknown');
      if (winners.length === 0 && uncertain.length === 0 && remainders.length > 0) {
        chargeOnRemainder(item, remainders);
      } else if (winners.length > 0) {
        item.status = 'suppressed';
        item.amount = null;
        item.suppressedBy = winners.map(({ by }) => by.measure.id);
        item.reason = `not charged: ${winners.map(({ by, interaction }) => `${by.measure.id} applies (${interaction.citation.ref})`).join('; ')}`;
      } else if (uncertain.length > 0) {
        item.status = 'unresolved';
        item.amount = null;
        item.subjectTo = 'unknown';
        item.reason = `depends on whether ${uncertain.map(({ by }) => by.measure.id).join(', ')} applies, which is unresolved`;
      }
    }
    visiting.delete(item);
    settled.add(item);
  };
  evaluated.forEach(settle);
}

function keepLargestOfGroups(evaluated: EvaluatedMeasure[]): void {
  let groups: Map<string, EvaluatedMeasure[]> | undefined;
  for (const item of evaluated) {
    if (!item.measure.group || (item.status !== 'applies' && item.status !== 'unresolved')) continue;
    groups ??= new Map();
    groups.set(item.measure.group, [...(groups.get(item.measure.group) ?? []), item]);
  }
  for (const [group, members] of groups ?? []) {
    if (members.length < 2) continue;
    const unresolved = members.filter((member) => member.status === 'unresolved');
    if (unresolved.length > 0) {
      for (const member of members.filter((item) => item.status === 'applies')) {
        member.status = 'unresolved';
        member.reason = `only the largest measure of group ${group} applies, and ${unresolved.map((item) => item.measure.id).join(', ')} is unresolved`;
      }
      continue;
    }
    const largest = members.reduce((best, member) =>
      (member.amount as NonNullable<typeof member.amount>).greaterThan(best.amount as NonNullable<typeof best.amount>)
        ? member
        : best,
    );
    for (const member of members) {
      if (member === largest) continue;
      member.status = 'suppressed';
      member.amount = null;
      member.suppressedBy = [largest.measure.id];
      member.reason = `superseded: only the largest measure of group ${group} applies (${largest.measure.id})`;
    }
  }
}
