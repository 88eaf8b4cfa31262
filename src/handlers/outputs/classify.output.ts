import type { components } from '../../generated/api';
import type { HtsSearchResult } from '../../domain/classify';

type Schemas = components['schemas'];

export function toApiSearchResult(
  query: string,
  result: HtsSearchResult,
  remaining: number,
  duty?: Schemas['TariffCalculation'],
): Schemas['HtsSearchResult'] {
  return {
    object: 'hts_search',
    query,
    query_kind: result.queryKind,
    candidates: result.candidates.map((c) => ({
      code: c.code,
      description: c.description,
      description_path: c.descriptionPath,
      chapter: c.chapter.code,
      heading: { code: c.heading.code, description: c.heading.description },
      subheading: { code: c.subheading.code, description: c.subheading.description },
      confidence: c.confidence,
      rationale: c.rationale,
    })),
    clarifications: result.clarifications.map((q) => ({
      attribute: q.attribute,
      question: q.question,
      options: q.options.map((o) => ({ value: o.value, label: o.label, codes: o.codes })),
    })),
    context: { applied: result.context.applied, ignored: result.context.ignored },
    reranking: { status: result.reranking.status, model: result.reranking.model, reason: result.reranking.reason },
    hts_release: { id: result.release.id, name: result.release.title },
    ...(duty ? { duty } : {}),
    remaining,
  };
}
