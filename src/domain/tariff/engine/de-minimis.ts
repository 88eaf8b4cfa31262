import type { TariffRules } from '../rules/tariff-rules';
import type { DutyComponent } from './duty-result';
import type { ValidRequest } from './duty-request';

/** What the claim de_minimis does to a line: nothing (not claimed), relieves every duty, or is refused with the reason. */
export type DeMinimisOutcome =
  { kind: 'not_claimed' } | { kind: 'relieved'; reason: string } | { kind: 'refused'; warning: string };

/**
 * The de minimis exemption (19 U.S.C. 1321(a)(2)(C)) as base-rates.yaml dates it: a claimed shipment
 * of at most the value limit owes no duty while a window covers its origin on the entry date.
 */
export function deMinimisOutcome(request: ValidRequest, rules: TariffRules): DeMinimisOutcome {
  if (!request.claims.has('de_minimis')) return { kind: 'not_claimed' };
  const table = rules.ruleSet.baseRates.de_minimis;
  if (!table)
    return { kind: 'refused', warning: 'The claim de_minimis was not applied: the rule set has no de minimis table.' };
  const refs = (citations: Array<{ ref: string }>) => citations.map((citation) => citation.ref).join('; ');
  if (request.value.greaterThan(table.max_value)) {
    return {
      kind: 'refused',
      warning: `The claim de_minimis was not applied: the value is over ${table.max_value} USD (${refs(table.citations)}).`,
    };
  }
  const windows = table.windows.filter((window) =>
    rules.groups.inScope(window.countries, request.country.code, request.entryDate),
  );
  const open = windows.find((window) => request.entryDate < window.to);
  if (!open) {
    const ended = windows.map((window) => window.ended_by).join('; ');
    return {
      kind: 'refused',
      warning: `The claim de_minimis was not applied: the exemption is not available on ${request.entryDate} (${ended}).`,
    };
  }
  return {
    kind: 'relieved',
    reason: `de minimis: a shipment of ${table.max_value} USD or less owes no duty until ${open.to} (${refs([...table.citations, ...open.citations])})`,
  };
}

/** Relieves every duty component (a prohibition stays): no amounts, no exemptions left to claim, the reason said. */
export function relieveAll(components: DutyComponent[], reason: string): void {
  for (const component of components) {
    if (component.status === 'prohibited' || component.rateKind === 'prohibition') continue;
    component.status = 'suppressed';
    component.amount = null;
    component.reason = reason;
    component.possibleExemptions = [];
  }
}
