import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingBar } from './LoadingBar';

describe('LoadingBar', () => {
  it('puts its name and value text on the progressbar, none on the role-less wrapper', () => {
    const { container } = render(<LoadingBar label="Saving" />);
    const bar = screen.getByRole('progressbar', { name: 'Saving in progress' });
    expect(bar).toHaveAttribute('aria-valuetext', 'In progress');
    // axe's aria-allowed-attr: aria-valuetext is not allowed on an element without a role.
    expect(container.querySelectorAll('[aria-valuetext]:not([role])')).toHaveLength(0);
  });
});
