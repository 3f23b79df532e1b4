import { Link } from 'react-router-dom';

interface SectionHeaderProps {
  title: string;
  /** With a button title, a link to `path` shows beside the title. */
  buttonTitle?: string;
  path?: string;
}

export default function SectionHeader({ title, buttonTitle, path = '/' }: SectionHeaderProps) {
  return (
    <div className="d-flex align-items-center justify-content-between mt-4 mb-2">
      <h2 className="h5 fw-bold m-0">{title}</h2>
      {buttonTitle && (
        <Link to={path} className="btn btn-outline-dark btn-sm px-3">
          {buttonTitle}
        </Link>
      )}
    </div>
  );
}
