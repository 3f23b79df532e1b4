interface ToastWithActionProps {
  text: string;
  /** The button's label ("حاول مرة أخرى", "تسجيل الدخول"). */
  actionLabel: string;
  onAction: () => void;
  /** react-toastify's own close, passed to a toast drawn by a function. */
  closeToast?: () => void;
}

/** A toast's text with one button (retry a failed call, log in to finish an action); the button closes the toast. */
export default function ToastWithAction({ text, actionLabel, onAction, closeToast }: ToastWithActionProps) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <span>{text}</span>
      <button
        type="button"
        className="btn btn-sm btn-dark toast-action"
        onClick={() => {
          closeToast?.();
          onAction();
        }}
      >
        {actionLabel}
      </button>
    </div>
  );
}
