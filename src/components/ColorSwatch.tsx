/** A small round sample of a cart or order line's colour; nothing for lines without a colour (''). */
export default function ColorSwatch({ color }: { color: string }) {
  if (!color) return null;
  return (
    <span
      role="img"
      aria-label={`اللون ${color}`}
      title={color}
      className="d-inline-block rounded-circle border align-middle"
      style={{ width: 20, height: 20, backgroundColor: color }}
    />
  );
}
