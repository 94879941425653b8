import { useEffect, useRef } from 'react';
import { BarChart, type BarDrawEvent } from 'chartist';
import 'chartist/dist/index.css';
import { texts } from '../texts';
import './chartist-csp';

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
