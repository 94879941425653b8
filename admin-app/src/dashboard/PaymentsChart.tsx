import { texts } from '../texts';

const WIDTH = 320;
const HEIGHT = 220;
/** Room for the axis numbers on the left, the counts above the bars and the labels below. */
const AXIS = 28;
const TOP = 24;
const BOTTOM = 28;
const PLOT = HEIGHT - TOP - BOTTOM;

/** 0, the middle when it is a whole number, and the top: the axis of a chart of counts. */
function ticks(top: number): number[] {
  return top % 2 === 0 && top > 0 ? [0, top / 2, top] : [0, top];
}

/**
 * Families paid against pending as two bars, each with its count above it (readable on a phone,
 * where there is no hover). Plain SVG: no chart library, no style attribute (the portal's
 * Content-Security-Policy refuses them); colours and sizes come from admin.css.
 */
export default function PaymentsChart({ paid, pending }: { paid: number; pending: number }) {
  const top = Math.max(paid, pending, 1);
  const y = (count: number) => TOP + PLOT - (count / top) * PLOT;
  const slot = (WIDTH - AXIS) / 2;
  const bars = [
    { key: 'paid', label: texts.dashboard.paid, count: paid },
    { key: 'pending', label: texts.dashboard.pending, count: pending },
  ];
  return (
    <svg
      className="admin-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${texts.dashboard.paid}: ${paid}. ${texts.dashboard.pending}: ${pending}.`}
    >
      {ticks(top).map((tick) => (
        <g key={tick} className="admin-chart__grid">
          <line x1={AXIS} x2={WIDTH} y1={y(tick)} y2={y(tick)} />
          <text x={AXIS - 6} y={y(tick)} dy="0.35em" textAnchor="end">
            {tick}
          </text>
        </g>
      ))}
      {bars.map((bar, index) => {
        const center = AXIS + slot * index + slot / 2;
        const width = Math.min(90, slot * 0.6);
        return (
          <g key={bar.key} className={`admin-chart__bar admin-chart__bar--${bar.key}`}>
            <rect x={center - width / 2} y={y(bar.count)} width={width} height={TOP + PLOT - y(bar.count)} />
            <text className="admin-chart__value" x={center} y={y(bar.count) - 8} textAnchor="middle">
              {bar.count}
            </text>
            <text className="admin-chart__label" x={center} y={HEIGHT - 8} textAnchor="middle">
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
