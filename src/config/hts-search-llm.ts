import { ConfigError } from './config';

type Env = Record<string, string | undefined>;

/**
 * The optional model that re-ranks HTS search candidates: on only when HTS_SEARCH_LLM_BASE_URL and
 * HTS_SEARCH_LLM_MODEL are both set (an OpenAI-compatible endpoint). HTS_SEARCH_LLM_API_KEY is sent
 * as a Bearer token when set; HTS_SEARCH_LLM_TIMEOUT_MS bounds the wait (default 4000) before the
 * offline ranking is answered instead.
 */
export function loadHtsSearchLlmConfig(
  env: Env = process.env,
): { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number } | null {
  const baseUrl = env.HTS_SEARCH_LLM_BASE_URL?.trim();
  const model = env.HTS_SEARCH_LLM_MODEL?.trim();
  if (!baseUrl && !model) return null;
  if (!baseUrl || !model)
    throw new ConfigError('HTS_SEARCH_LLM_BASE_URL and HTS_SEARCH_LLM_MODEL must be set together');
  if (!/^https?:\/\//.test(baseUrl))
    throw new ConfigError(`HTS_SEARCH_LLM_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  const rawTimeout = env.HTS_SEARCH_LLM_TIMEOUT_MS;
  const timeoutMs = rawTimeout === undefined || rawTimeout === '' ? 4000 : Number(rawTimeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) {
    throw new ConfigError(`HTS_SEARCH_LLM_TIMEOUT_MS must be an integer between 100 and 60000, got "${rawTimeout}"`);
  }
  return { baseUrl, model, apiKey: env.HTS_SEARCH_LLM_API_KEY?.trim() || null, timeoutMs };
}
