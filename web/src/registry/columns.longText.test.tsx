import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/msg';
import { nameColumn, textColumn } from './columns';
import type { CellContext } from './types';

const LONG = 'k'.repeat(255);
const ctx = { detailsHref: '/ngdetails/OS::Nova::Keypair/x' } as CellContext;

describe('long values in cells', () => {
  it('lets a long name wrap inside its column, the whole value in the tooltip', () => {
    const column = nameColumn<{ name: string }>({ linkToDetails: true });
    render(<MemoryRouter>{column.cell?.({ name: LONG }, ctx) as ReactElement}</MemoryRouter>);
    const link = screen.getByRole('link', { name: LONG });
    const text = link.firstElementChild as HTMLElement;
    expect(text).toHaveAttribute('title', LONG);
    expect(text.style.overflowWrap).toBe('anywhere');
  });

  it('does the same for text columns, and leaves short values alone', () => {
    const column = textColumn<{ fp: string }>('fp', msg('Fingerprint'), (x) => x.fp);
    const { container } = render(<>{column.cell?.({ fp: `${LONG}:fp` }, ctx)}</>);
    expect(screen.getByTitle(`${LONG}:fp`).style.overflowWrap).toBe('anywhere');
    container.remove();
    render(<>{column.cell?.({ fp: 'ssh' }, ctx)}</>);
    expect(screen.getByText('ssh').tagName).not.toBe('SPAN');
  });
});
