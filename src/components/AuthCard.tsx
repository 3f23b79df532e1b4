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
  /** Accessible name; also the placeholder unless one is given. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** One input of the account screens: the label is for screen readers, the placeholder shows it. */
export function AuthField({ id, label, value, onChange, placeholder = label, ...input }: AuthFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="visually-hidden">{label}</Form.Label>
      <Form.Control {...input} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </Form.Group>
  );
}
