import { useId } from 'react';
import { useT } from '../lib/i18n.ts';

export interface Series {
  label: string;
  /** One value per point of `labels`. */
  values: readonly number[];
}

const W = 900;
const H = 240;
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };

/** A round step for about five grid lines between `min` and `max`. */
function tickUnit(min: number, max: number): number {
  const step = 10 ** Math.floor(Math.log10((max - min) / 4));
  return [1, 2, 5, 10].map((m) => m * step).find((s) => (max - min) / s <= 5) ?? step * 10;
}

/**
 * A small line chart drawn as SVG (decision 0021): an image with a text summary for screen readers,
 * and the same numbers as a table one click away. Values are for drawing only; the table shows the
 * figures as `format` writes them.
 */
export function LineChart({
  title,
  labels,
  series,
  format = String,
  counts = false,
}: {
  title: string;
  labels: readonly string[];
  series: readonly Series[];
  format?: (value: number) => string;
  /** Whole numbers from zero (sign-ups): the axis starts at 0 and steps by whole numbers. */
  counts?: boolean;
}) {
  const t = useT('common');
  const id = useId();
  const all = series.flatMap((s) => s.values);
  if (labels.length === 0 || all.length === 0) return null;
  let min = counts ? 0 : Math.min(...all);
  let max = Math.max(...all);
  if (min === max) {
    min = counts ? 0 : min - 1;
    max += 1;
  }
  // The axis runs from a round value below the data to one above it, a grid line at each step.
  const unit = counts ? Math.max(1, tickUnit(min, max)) : tickUnit(min, max);
  min = Math.floor(min / unit) * unit;
  max = Math.ceil(max / unit) * unit;
  const ticks: number[] = [];
  for (let v = min; v <= max + unit / 1e6; v += unit) ticks.push(Number(v.toFixed(6)));
  const x = (i: number) =>
    PAD.left + (labels.length === 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (labels.length - 1));
  const y = (v: number) => PAD.top + ((max - v) * (H - PAD.top - PAD.bottom)) / (max - min);
  const every = Math.max(1, Math.ceil(labels.length / 6));
  const summary = series
    .map((s) => `${s.label}: ${format(s.values[0] ?? 0)} → ${format(s.values[s.values.length - 1] ?? 0)}`)
    .join('; ');

  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="chart__svg">
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{`${labels[0]} – ${labels[labels.length - 1]}. ${summary}`}</desc>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="chart__grid" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="chart__tick">
              {format(v)}
            </text>
          </g>
        ))}
        {labels.map((label, i) =>
          // Every `every`-th date and the last one, none so close to the last that they overlap.
          (i % every === 0 && labels.length - 1 - i >= every / 2) || i === labels.length - 1 ? (
            <text
              key={label + String(i)}
              x={x(i)}
              y={H - 8}
              // The first and last labels keep inside the drawing.
              textAnchor={i === 0 ? 'start' : i === labels.length - 1 ? 'end' : 'middle'}
              className="chart__tick"
            >
              {label}
            </text>
          ) : null,
        )}
        {series.map((s, n) => (
          <polyline
            key={s.label}
            className={`chart__line chart__line--${n}`}
            fill="none"
            points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="chart__legend">
        {series.map((s, n) => (
          <span key={s.label} className={`chart__key chart__key--${n}`}>
            {s.label}
          </span>
        ))}
      </figcaption>
      <details className="chart__table">
        <summary>{t('chart.showTable')}</summary>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart.when')}</th>
                {series.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={label + String(i)}>
                  <th scope="row">{label}</th>
                  {series.map((s) => (
                    <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
