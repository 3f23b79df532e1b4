import { Fragment } from 'react';

/**
 * An e-mail address as printed text: left to right, on one line when it fits; on a narrow screen it wraps after its
 * "@" or before a "." (where a reader expects it), and mid-part only when a part alone is wider than the line.
 */
export default function EmailAddress({ email, className }: { email: string; className?: string }) {
  // A line feed (never in an address) marks each break: after "@", before ".".
  const parts = email.replace(/@/g, '@\n').replace(/\./g, '\n.').split('\n').filter(Boolean);
  return (
    <span dir="ltr" className={`email-address${className ? ` ${className}` : ''}`}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
