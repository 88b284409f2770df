import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { Page, PageSidebar, PageSidebarBody, PageToggleButton } from '@patternfly/react-core';
import { describe, expect, it } from 'vitest';
import { CloseSidebarOnNavigate } from './AppLayout';

function Frame(): ReactNode {
  return (
    <Page
      isManagedSidebar
      masthead={<PageToggleButton isHamburgerButton aria-label="Global navigation" />}
      sidebar={
        <PageSidebar>
          <PageSidebarBody>
            <nav aria-label="Panels">
              <Link to="/project/images">Images</Link>
            </nav>
          </PageSidebarBody>
        </PageSidebar>
      }
    >
      <CloseSidebarOnNavigate />
      <Routes>
        <Route path="*" element={<p>page</p>} />
      </Routes>
    </Page>
  );
}

describe('CloseSidebarOnNavigate', () => {
  it('closes the sidebar after a panel is chosen on a narrow screen', async () => {
    // jsdom's window is 1024 px wide: below PatternFly's xl breakpoint, the phone/tablet layout.
    expect(window.innerWidth).toBeLessThan(1200);
    render(
      <MemoryRouter initialEntries={['/project/key_pairs']}>
        <Frame />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Global navigation' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Images' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
