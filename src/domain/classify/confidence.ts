/**
 * Confidence 0–1 of each candidate: its share of the evidence among the candidates (a softmax of
 * the scores, in units of idf), times how much of the query's own wording the schedule explains.
 * The temperature was set on the development set's confidence bands (bench:search prints them),
 * not on any individual item.
 */
const temperature = 1.2;

export function candidateConfidences(scores: number[], coverage: number[]): number[] {
  if (scores.length === 0) return [];
  const top = Math.max(...scores);
  const weights = scores.map((score) => Math.exp((score - top) / temperature));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight, i) => Math.round((weight / total) * Math.min(1, Math.max(0, coverage[i])) * 100) / 100);
}
