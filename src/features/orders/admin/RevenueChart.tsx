import type { Dashboard } from '../../../api/admin/dashboard';
import { formatEGP } from '../../../../common/format';
import { daysLabel, ordersLabel } from '../../../lib/plural';

const dayFormat = new Intl.DateTimeFormat('ar-EG', {
  numberingSystem: 'latn',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
/** A YYYY-MM-DD calendar date as '3 مارس' (read as a UTC date, so no time zone moves it). */
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

const WIDTH = 600;
const HEIGHT = 160;

/**
 * Daily sales of the last 30 days as bars (our own SVG: no chart library in the admin chunk). The picture is one
 * image with an Arabic label for screen readers; the same figures follow as a table (collapsed under a summary).
 * Bars run from the oldest day on the right to today on the left, as Arabic reads.
 */
export default function RevenueChart({ daily }: { daily: Dashboard['daily'] }) {
  const max = Math.max(...daily.map((d) => d.revenue), 0);
  const slot = WIDTH / daily.length;
  const total = daily.reduce((sum, d) => sum + d.revenue, 0);
  return (
    <figure className="mb-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`رسم بياني لقيمة المبيعات اليومية في اخر ${daysLabel(daily.length, true)}، الاجمالي ${formatEGP(total)}`}
        className="w-100 h-auto d-block"
        preserveAspectRatio="none"
        style={{ maxHeight: 180 }}
      >
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} stroke="#adb5bd" />
        {daily.map((d, i) => {
          const height = max > 0 ? Math.max(d.revenue > 0 ? 2 : 0, (d.revenue / max) * (HEIGHT - 8)) : 0;
          // Right to left: the first (oldest) day is at the right edge.
          const x = WIDTH - (i + 1) * slot + slot * 0.15;
          return (
            <rect
              key={d.date}
              x={x}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              rx={2}
              fill={i === daily.length - 1 ? '#0d6efd' : '#6c757d'}
            >
              <title>{`${formatDay(d.date)}: ${formatEGP(d.revenue)} (${ordersLabel(d.orders)})`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="d-flex justify-content-between small text-muted mt-1">
        <span>{formatDay(daily[0]?.date ?? '')}</span>
        <span>اليوم</span>
      </figcaption>
      <details className="mt-2">
        <summary className="small py-1">الارقام يوما بيوم</summary>
        <div className="table-responsive" style={{ maxHeight: 280 }}>
          <table className="table table-sm small mb-0">
            <caption className="visually-hidden">قيمة المبيعات وعدد الطلبات لكل يوم</caption>
            <thead>
              <tr>
                <th scope="col">اليوم</th>
                <th scope="col">الطلبات</th>
                <th scope="col">المبيعات</th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="fw-normal">
                    {formatDay(d.date)}
                  </th>
                  <td>{d.orders}</td>
                  <td>{formatEGP(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
