import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';
import { formatAmount, wholeMajorUnits } from '../money/money';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

export interface DailyVolume {
  labels: string[];
  captured: number[];
  refunded: number[];
  settled: number[];
}

/** Daily captured volume and refunds as bars, settled amounts as a line; the axis in whole rupees, tooltips exact. */
export function VolumeChart({ volume }: { volume: DailyVolume }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const paise = [volume.captured, volume.refunded, volume.settled];
    const chart = new Chart(canvas.current as HTMLCanvasElement, {
      data: {
        labels: volume.labels.map((label) => label.slice(5)),
        datasets: [
          bars('Captured', volume.captured, '#2563eb'),
          bars('Refunds', volume.refunded, '#dc2626'),
          {
            type: 'line',
            label: 'Settled',
            data: volume.settled.map(wholeMajorUnits),
            borderColor: '#16a34a',
            backgroundColor: '#16a34a',
          },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true, title: { display: true, text: '₹' } } },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) =>
                `${item.dataset.label}: ${formatAmount(paise[item.datasetIndex][item.dataIndex])}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [volume]);
  return (
    <div class="chart">
      <canvas
        ref={canvas}
        aria-label="Daily captured volume, refunds and settled amounts"
        role="img"
      />
    </div>
  );
}

function bars(label: string, amounts: number[], colour: string) {
  return {
    type: 'bar' as const,
    label,
    data: amounts.map(wholeMajorUnits),
    backgroundColor: colour,
  };
}
