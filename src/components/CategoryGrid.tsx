import type { ReactNode } from 'react';
import Row from 'react-bootstrap/Row';

/** SPEC §2 category grid: 2 a row on xs and sm, 3 on md, 6 on lg. */
export default function CategoryGrid({ children }: { children: ReactNode }) {
  return (
    <Row xs={2} md={3} lg={6} className="g-2 justify-content-center">
      {children}
    </Row>
  );
}
