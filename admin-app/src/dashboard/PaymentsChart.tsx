import { useEffect, useRef } from 'react';
import { BarChart, Svg, type Attributes, type BarDrawEvent } from 'chartist';
import 'chartist/dist/index.css';
import { texts } from '../texts';

// Chartist writes two inline style attributes (the SVG's size, its labels' overflow), which the
// portal's Content-Security-Policy refuses (style-src 'self': no style attributes). The same
// declarations applied through the CSSOM are allowed, so they go that way instead.
const setAttributes = Svg.prototype.attr as (this: Svg, attributes: Attributes, ns?: string) => Svg;
Svg.prototype.attr = function (this: Svg, attributes: string | Attributes, ns?: string) {
  if (typeof attributes === 'string')
    return (setAttributes as unknown as (name: string, ns?: string) => string | null).call(this, attributes, ns);
  const { style, ...others } = attributes;
  if (typeof style === 'string') (this.getNode() as SVGElement).style.cssText += style;
  return setAttributes.call(this, others, ns);
} as typeof Svg.prototype.attr;

/** Bar chart of families paid vs pending (loaded lazily with its library), each bar with its count. */
export default function PaymentsChart({ paid, pending }: { paid: number; pending: number }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = new BarChart(
      container.current!,
      { labels: [texts.dashboard.paid, texts.dashboard.pending], series: [paid, pending] },
      // One series per bar, so each gets its own colour (admin.css).
      {
        distributeSeries: true,
        axisX: { showGrid: false },
        axisY: { onlyInteger: true, low: 0 },
        chartPadding: { top: 24, right: 8, bottom: 0, left: 0 },
      },
    );
    // The count above each bar: readable on a phone, where there is no hover.
    chart.on('draw', (event: BarDrawEvent) => {
      if (event.type !== 'bar') return;
      const value = typeof event.value === 'number' ? event.value : 'y' in event.value ? event.value.y : 0;
      event.group.elem('text', { x: event.x2, y: event.y2 - 8, 'text-anchor': 'middle' }, 'admin-chart__value').text(String(value ?? 0));
    });
    return () => {
      chart.detach();
    };
  }, [paid, pending]);
  return (
    <div
      ref={container}
      className="admin-chart"
      role="img"
      aria-label={`${texts.dashboard.paid}: ${paid}. ${texts.dashboard.pending}: ${pending}.`}
    />
  );
}
