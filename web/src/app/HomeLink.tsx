import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A router link to "/" for PatternFly components that take a `component` (Button, logo). */
export function HomeLink({
  className,
  children,
}: {
  className?: string;
  children?: ReactNode;
}): ReactNode {
  return (
    <Link to="/" className={className}>
      {children}
    </Link>
  );
}
