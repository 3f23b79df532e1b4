const UPLOAD_PROGRESS_LABEL = 'تقدم رفع البيانات';

/** How much of a multipart save has been sent (axios onUploadProgress). */
export default function UploadProgressBar({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={UPLOAD_PROGRESS_LABEL}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      style={{ height: '1.25rem' }}
    >
      <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${percent}%` }}>
        {percent}%
      </div>
    </div>
  );
}
