import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { toast } from '../lib/toast';

/** What a submit sends once the form's own checks pass. */
export interface Submission {
  send: () => Promise<unknown>;
  /** Said in a toast once the request has succeeded. */
  success: string;
  /** Runs after that toast (close the dialog, empty the form). */
  then?: () => void;
}

interface SubmitFormProps {
  /** The form's accessible name. */
  label: string;
  /** 'row': the fields side by side in a Bootstrap row (the problem takes a whole line); 'stack': one under another. */
  layout: 'row' | 'stack';
  /** The form's first problem (said in the form, nothing is sent), or what to send. */
  onSubmit: () => string | Submission;
  /** The refusal in Arabic, shown in the form. */
  failureText: (err: unknown) => string;
  children: ReactNode;
}

const LAYOUT_CLASS = { row: 'row g-2 align-items-end', stack: 'd-grid gap-3' };

/**
 * A form that checks itself, then sends: a local problem, or the server's refusal, is said above the fields (an
 * alert); while the request travels every field and button is disabled; success is said in a toast.
 */
export default function SubmitForm({ label, layout, onSubmit, failureText, children }: SubmitFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const submission = onSubmit();
    if (typeof submission === 'string') {
      setProblem(submission);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await submission.send();
      toast.success(submission.success);
      submission.then?.();
    } catch (err) {
      setProblem(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  const alert = problem && (
    <Alert variant="danger" className="mb-0" role="alert">
      {problem}
    </Alert>
  );
  return (
    <Form onSubmit={submit} noValidate aria-label={label}>
      <fieldset disabled={busy} className={LAYOUT_CLASS[layout]}>
        {layout === 'row' && alert ? <div className="col-12">{alert}</div> : alert}
        {children}
      </fieldset>
    </Form>
  );
}
