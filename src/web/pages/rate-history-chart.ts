import Decimal from 'decimal.js';
import { parseRateExpression } from '../../domain/tariff';
import type { components } from '../../generated/api';
import { type Html, html } from '../html';

type Entry = components['schemas']['HtsLineHistory']['entries'][number];

/** The general rate as one ad valorem percent: Free is 0; a specific or compound rate has none (not drawn). */
export function generalPercent(entry: Entry): Decimal | null {
  if (entry.rates.general === null) return null;
  const rate = parseRateExpression(entry.rates.general);
  if (rate.kind === 'free') return new Decimal(0);
  if (rate.kind === 'ad_valorem' && rate.term.on === undefined) return new Decimal(rate.term.percent);
  return null;
}

const width = 480;
const height = 240;
const margin = { top: 16, right: 16, bottom: 36, left: 52 };
const dayMs = 86_400_000;
const epochDay = (date: string): number => Date.parse(`${date}T00:00:00Z`) / dayMs;

/**
 * The line's general rate over time as an SVG step chart drawn on the server (no script): a
 * segment for each release's dates, a dot where each starts, the open end at `today`. A rate that
 * is not one percentage leaves a gap, which the table beside it explains.
 */
export function rateHistoryChart(code: string, entries: Entry[], today: string): Html {
  const spans = entries.map((entry) => ({
    entry,
    from: epochDay(entry.valid_from),
    to: epochDay(entry.valid_to ?? today),
    percent: generalPercent(entry),
  }));
  const start = Math.min(...spans.map((s) => s.from));
  const end = Math.max(start + 1, ...spans.map((s) => s.to));
  const top = Decimal.max(1, ...spans.map((s) => s.percent ?? 0))
    .times(1.15)
    .ceil()
    .toNumber();
  const x = (day: number) => margin.left + ((day - start) / (end - start)) * (width - margin.left - margin.right);
  const y = (percent: number) => height - margin.bottom - (percent / top) * (height - margin.top - margin.bottom);
  const ticks = [0, top / 2, top].map((value) => Math.round(value * 10) / 10);
  const dateOf = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);
  const drawn = spans.filter((s) => s.percent !== null);
  return html`<figure class="rate-chart">
    <svg
      viewBox="0 0 ${width} ${height}"
      role="img"
      aria-labelledby="chart-title chart-desc"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id="chart-title">General rate of HTS ${code} over time</title>
      <desc id="chart-desc">
        ${drawn.map((s) => `${s.entry.valid_from}: ${s.percent!.toString()}%`).join('; ') || 'No percentage rate to draw.'}
      </desc>
      ${ticks.map(
        (tick) =>
          html`<line class="grid" x1="${margin.left}" x2="${width - margin.right}" y1="${y(tick)}" y2="${y(tick)}" />
            <text class="axis" x="${margin.left - 8}" y="${y(tick) + 4}" text-anchor="end">${tick}%</text>`,
      )}
      <text class="axis" x="${margin.left}" y="${height - 10}" text-anchor="start">${dateOf(start)}</text>
      <text class="axis" x="${width - margin.right}" y="${height - 10}" text-anchor="end">${dateOf(end)}</text>
      ${drawn.map((s) => {
        const at = s.percent!.toNumber();
        return html`<line class="rate" x1="${x(s.from)}" x2="${x(s.to)}" y1="${y(at)}" y2="${y(at)}" />
          <circle class="rate" cx="${x(s.from)}" cy="${y(at)}" r="4">
            <title>${s.entry.valid_from}: ${s.entry.rates.general ?? ''} (${s.entry.release.title})</title>
          </circle>`;
      })}
    </svg>
    <figcaption class="muted">General (column 1) rate; the table below lists every release's texts.</figcaption>
  </figure>`;
}
