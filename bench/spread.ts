/**
 * Whether a bench figure taken over several rounds may be quoted (issue 43, point 6): its spread,
 * (largest − smallest) ÷ median of the rounds, must be under 10%. One calculate run gave 1.63, 2.30
 * and 1.44 in three rounds; a median of such rounds says little.
 */
export const quotableSpread = 0.1;

export interface RoundsVerdict {
  median: number;
  /** (max − min) ÷ median. */
  spread: number;
  quotable: boolean;
  /** Why the figure is not quoted; null when it is. */
  why: string | null;
}

export function judgeRounds(label: string, rounds: number[]): RoundsVerdict {
  const sorted = [...rounds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const spread = (sorted[sorted.length - 1] - sorted[0]) / median;
  if (rounds.length < 2)
    return { median, spread, quotable: false, why: `${label}: one round gives no spread (use --rounds 3 or more)` };
  if (spread < quotableSpread) return { median, spread, quotable: true, why: null };
  return {
    median,
    spread,
    quotable: false,
    why: `${label} spread ${(spread * 100).toFixed(1)}% across ${rounds.length} rounds (${rounds.map((r) => r.toFixed(2)).join(', ')}), not under ${quotableSpread * 100}%: a collection or a compilation fell in some rounds, or the work differs between them; run more requests a round (--requests) or more rounds`,
  };
}
