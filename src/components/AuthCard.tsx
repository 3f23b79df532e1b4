import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

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
