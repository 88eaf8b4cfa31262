/**
 * Confidence 0–1 of each candidate: its share of the evidence among the candidates (a softmax of
 * the scores, in units of idf), times how much of the query's own wording the schedule explains,
 * then calibrated so that the top candidate's confidence is how often a top candidate so rated has
 * the right 6-digit subheading. The temperature was set on the development set's confidence bands
 * and the calibration fitted on the tuning half (bench:search prints the reliability table), not
 * on any individual item.
 */
const temperature = 1.2;

/**
 * The calibration: the raw confidence of the top candidate (mean of each group of tenths) against
 * the share of those top candidates whose subheading was right, on the even half of the
 * development set and of the rulings folder together (1,205 queries), made monotone by pooling
 * adjacent groups that were not (0.3–0.7 and 0.7–1.0 are one group each), linear between the
 * points and flat beyond the last. Raw scores were under-confident: 0.1 was right 39% of the
 * time, 0.45 76%, and above 0.7 a top candidate was right 91% of the time, never more.
 */
const calibration: Array<[raw: number, calibrated: number]> = [
  [0, 0],
  [0.047, 0.2],
  [0.14, 0.39],
  [0.245, 0.47],
  [0.442, 0.76],
  [0.897, 0.91],
];

function calibrated(raw: number): number {
  const above = calibration.findIndex(([point]) => point >= raw);
  if (above === -1) return calibration[calibration.length - 1][1];
  if (above === 0) return calibration[0][1];
  const [x0, y0] = calibration[above - 1];
  const [x1, y1] = calibration[above];
  return y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0);
}

/**
 * The first candidate (the best score) gets its calibrated confidence; the others are scaled by the
 * same factor, but never share more than what it leaves (the confidences sum to at most 1).
 */
export function candidateConfidences(scores: number[], coverage: number[]): number[] {
  if (scores.length === 0) return [];
  const top = Math.max(...scores);
  const weights = scores.map((score) => Math.exp((score - top) / temperature));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const raw = weights.map((weight, i) => (weight / total) * Math.min(1, Math.max(0, coverage[i])));
  const sure = calibrated(raw[0]);
  const rest = raw.reduce((sum, value) => sum + value, 0) - raw[0];
  const factor = Math.min(raw[0] > 0 ? sure / raw[0] : 0, rest > 0 ? (1 - sure) / rest : Infinity);
  return raw.map((value, i) => Math.round((i === 0 ? sure : value * factor) * 100) / 100);
}
