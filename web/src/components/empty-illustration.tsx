import './empty-illustration.css';

/**
 * The picture of an empty state (an open, empty tray in light greys), 100 px tall like antd's
 * Empty, drawn inline so the page needs no antd. Decorative: the heading beside it says it.
 */
export function EmptyIllustration() {
  return (
    <div className="empty-illustration">
      <svg viewBox="0 0 184 100" width="184" height="100" aria-hidden="true" focusable="false">
        <ellipse cx="92" cy="86" rx="70" ry="10" fill="#f5f5f7" />
        <path d="M44 44 60 22h64l16 22" fill="none" stroke="#d9d9e0" strokeWidth="2" />
        <path
          d="M44 44h30c0 8 8 14 18 14s18-6 18-14h30v30a4 4 0 0 1-4 4H48a4 4 0 0 1-4-4Z"
          fill="#fafafc"
          stroke="#d9d9e0"
          strokeWidth="2"
        />
        <path d="M70 30h44M76 37h32" stroke="#e4e2ec" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </div>
  );
}
