import type { ReactNode } from 'react';

const TONES = {
  plain: '',
  saving: ' text-success',
  total: ' fw-bold border-top pt-2',
  note: ' small text-body-secondary',
} as const;

/**
 * One line of a money summary, inside its `<dl>`: the term on the start side and the amount on the end side. The
 * total stands out under a rule, a saving is green, a note (the VAT a total includes) is small.
 */
export default function AmountRow({
  term,
  children,
  tone = 'plain',
  testId,
}: {
  term: ReactNode;
  /** The amount, already formatted ("شحن مجاني" where there is none to pay). */
  children: ReactNode;
  tone?: keyof typeof TONES;
  testId?: string;
}) {
  return (
    <div className={`d-flex justify-content-between gap-2${TONES[tone]}`}>
      <dt className={tone === 'total' ? undefined : 'fw-normal'}>{term}</dt>
      <dd className="mb-1" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
