import type { InputHTMLAttributes, ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';

/** The narrow centred card of the account screens (login, register, password recovery). */
export default function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto my-4 border-0 shadow-sm" style={{ maxWidth: 440 }}>
      <Card.Body className="p-4">
        <h1 className="h4 text-center mb-4">{title}</h1>
        {children}
      </Card.Body>
    </Card>
  );
}

interface AuthFieldProps extends Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'dir' | 'placeholder'
> {
  id: string;
  /** The visible label, kept above the field while it is filled. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value, said under the field (and read with it). */
  error?: string;
}

/**
 * One input of the account screens, with its label always shown (a placeholder alone vanishes once the field is filled)
 * and its error beside it. No placeholder by default: e-mail and phone then read left to right, as in the profile.
 */
export function AuthField({ id, label, value, onChange, error, ...input }: AuthFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="mb-1">{label}</Form.Label>
      <Form.Control
        {...input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
