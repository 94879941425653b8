import { useEffect, useRef } from 'react';
import { BarChart, Svg, type Attributes, type BarDrawEvent } from 'chartist';
import 'chartist/dist/index.css';
import { texts } from '../texts';

// Chartist writes two inline style attributes (the SVG's size, its labels' overflow), which the
// portal's Content-Security-Policy refuses (style-src 'self': no style attributes). The same
// declarations applied through the CSSOM are allowed, so they go that way instead.
const setAttributes = Svg.prototype.attr;
Svg.prototype.attr = function (this: Svg, attributes: string | Attributes, ns?: string) {
  if (typeof attributes === 'object' && typeof attributes.style === 'string') {
    const { style, ...others } = attributes;
    (this.getNode() as SVGElement).style.cssText += style;
    attributes = others;
  }
  return Reflect.apply(setAttributes, this, [attributes, ns]);
} as typeof setAttributes;

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
      const count = [paid, pending][event.seriesIndex];
      event.group.elem('text', { x: event.x2, y: event.y2 - 8, 'text-anchor': 'middle' }, 'admin-chart__value').text(String(count));
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
