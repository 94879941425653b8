import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { texts } from '../texts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** Bar chart of families paid vs pending (loaded lazily with its library). */
export default function PaymentsChart({ paid, pending }: { paid: number; pending: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, {
      type: 'bar',
      data: {
        labels: [texts.dashboard.paid, texts.dashboard.pending],
        datasets: [{ data: [paid, pending], backgroundColor: ['#067647', '#c8a24a'], borderRadius: 6, maxBarThickness: 90 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { enabled: true } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [paid, pending]);
  return (
    <div className="admin-chart">
      <canvas ref={canvas} role="img" aria-label={`${texts.dashboard.paid}: ${paid}. ${texts.dashboard.pending}: ${pending}.`} />
    </div>
  );
}
