import type { PaymentMethod } from '../../api/shop';

/** Our own small drawings of each method (no images from elsewhere), beside its Arabic name. */
export default function PaymentMethodLogo({ method }: { method: PaymentMethod }) {
  const common = { width: 40, height: 28, viewBox: '0 0 40 28', 'aria-hidden': true, focusable: false } as const;
  switch (method) {
    case 'card':
      return (
        <svg {...common}>
          <rect x="1" y="2" width="38" height="24" rx="4" fill="#1f3c88" />
          <rect x="1" y="7" width="38" height="4" fill="#0b1d4f" />
          <rect x="5" y="15" width="8" height="6" rx="1" fill="#f2c94c" />
          <circle cx="27" cy="19" r="4" fill="#eb5757" opacity="0.9" />
          <circle cx="32" cy="19" r="4" fill="#f2994a" opacity="0.9" />
        </svg>
      );
    case 'wallet':
      return (
        <svg {...common}>
          <rect x="12" y="1" width="16" height="26" rx="3" fill="#c0392b" />
          <rect x="14" y="4" width="12" height="17" rx="1" fill="#fff" />
          <circle cx="20" cy="24" r="1.5" fill="#fff" />
          <path d="M16 10h8v7h-8z" fill="#27ae60" />
          <circle cx="22.5" cy="13.5" r="1" fill="#fff" />
        </svg>
      );
    case 'kiosk':
      return (
        <svg {...common}>
          <path d="M4 11 8 3h24l4 8z" fill="#f39c12" />
          <rect x="6" y="11" width="28" height="15" fill="#34495e" />
          <rect x="10" y="15" width="9" height="11" fill="#ecf0f1" />
          <rect x="22" y="15" width="8" height="6" fill="#85c1e9" />
        </svg>
      );
    case 'valu':
      return (
        <svg {...common}>
          <rect x="1" y="2" width="38" height="24" rx="12" fill="#0c7c59" />
          <rect x="8" y="16" width="4" height="6" fill="#fff" />
          <rect x="15" y="12" width="4" height="10" fill="#fff" />
          <rect x="22" y="8" width="4" height="14" fill="#fff" />
          <rect x="29" y="5" width="4" height="17" fill="#d4f5e9" />
        </svg>
      );
  }
}
