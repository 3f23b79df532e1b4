import { colorName } from '../../common/colorNames';

/** A small round sample of a cart or order line's colour, named in Arabic; nothing for lines without a colour (''). */
export default function ColorSwatch({ color }: { color: string }) {
  if (!color) return null;
  const name = colorName(color);
  return (
    <span
      role="img"
      aria-label={`اللون ${name}`}
      title={name}
      className="d-inline-block rounded-circle border align-middle"
      style={{ width: 20, height: 20, backgroundColor: color }}
    />
  );
}
