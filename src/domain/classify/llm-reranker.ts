/**
 * Optional re-ranking of the offline candidates by a model behind an OpenAI-compatible chat
 * completions endpoint. The answer is constrained by a JSON schema whose only allowed values are
 * the candidates' codes, and checked again here: the model may reorder, never add.
 */
export interface RerankCandidate {
  code: string;
  descriptionPath: string;
}

export interface CandidateReranker {
  readonly model: string;
  /** The candidates' codes, best first; throws RerankFailed when the answer cannot be used. */
  rerank(query: string, candidates: RerankCandidate[]): Promise<string[]>;
}

export interface LlmRerankerConfig {
  /** e.g. `https://api.openai.com/v1` or a local server's `/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export class RerankFailed extends Error {
  override readonly name = 'RerankFailed';
}

const systemPrompt =
  'You classify goods in the Harmonized Tariff Schedule of the United States. Given a product description and ' +
  'candidate HTS codes with their description paths, rank the candidates from most to least likely correct, ' +
  'applying the General Rules of Interpretation. Answer only with JSON {"ranking": [codes]} using the given codes.';

function rankingSchema(codes: string[]): object {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['ranking'],
    properties: { ranking: { type: 'array', items: { type: 'string', enum: codes } } },
  };
}

/** The codes the answer ranks, checked to be candidates; the ones it leaves out follow in their offline order. */
export function completeRanking(answer: unknown, codes: string[]): string[] {
  const ranking = (answer as { ranking?: unknown } | null)?.ranking;
  if (!Array.isArray(ranking) || ranking.length === 0) throw new RerankFailed('the answer has no "ranking" list');
  const chosen: string[] = [];
  for (const code of ranking) {
    if (typeof code !== 'string' || !codes.includes(code))
      throw new RerankFailed(`the answer names ${JSON.stringify(code)}, which is not a candidate`);
    if (!chosen.includes(code)) chosen.push(code);
  }
  return [...chosen, ...codes.filter((code) => !chosen.includes(code))];
}

export class OpenAiCompatibleReranker implements CandidateReranker {
  constructor(private readonly config: LlmRerankerConfig) {}

  get model(): string {
    return this.config.model;
  }

  async rerank(query: string, candidates: RerankCandidate[]): Promise<string[]> {
    const codes = candidates.map((candidate) => candidate.code);
    const user = `Product: ${query}\n\nCandidates:\n${candidates.map((candidate) => `- ${candidate.code}: ${candidate.descriptionPath}`).join('\n')}`;
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        signal: AbortSignal.timeout(this.config.timeoutMs),
        headers: {
          'content-type': 'application/json',
          ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: systemPrompt },
            { role: 'user', content: user },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'hts_ranking', strict: true, schema: rankingSchema(codes) },
          },
        }),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new RerankFailed(
        timedOut ? `no answer within ${this.config.timeoutMs} ms` : `request failed: ${(error as Error).message}`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new RerankFailed(`HTTP ${response.status}`);
    }
    let content: unknown;
    try {
      const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
      content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new RerankFailed('the answer has no message content');
      return completeRanking(JSON.parse(content), codes);
    } catch (error) {
      if (error instanceof RerankFailed) throw error;
      throw new RerankFailed(`the answer is not the JSON asked for: ${(error as Error).message}`);
    }
  }
}
