import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PieChart } from './PieChart';
import { PieImage } from './PieImage';

const shapes = (name: string): string[] =>
  [...screen.getByRole('img', { name }).children].map((el) =>
    el.tagName === 'circle'
      ? `disc ${(el as SVGElement).style.fill}`
      : `wedge ${(el as SVGElement).style.fill}`,
  );

describe('PieImage', () => {
  it('draws the free disc, then each wedge in order: a whole as a disc, nothing for none', () => {
    render(
      <PieImage
        label="Pie"
        size={40}
        wedges={[
          { fraction: 1.5, fill: 'red' },
          { fraction: 0.25, fill: 'blue' },
          { fraction: 0, fill: 'green' },
        ]}
      />,
    );
    const [free, ...rest] = shapes('Pie');
    expect(free).toMatch(/^disc var\(/);
    expect(rest).toEqual(['disc red', 'wedge blue']);
    expect(screen.getByRole('img', { name: 'Pie' })).toHaveAttribute('viewBox', '0 0 40 40');
  });
});

describe('PieChart', () => {
  const pie = (used: number, added: number, max: number | undefined): string[] => {
    const { unmount } = render(
      <PieChart
        title="Volumes"
        used={{ label: 'Current Usage', value: used }}
        added={{ label: 'Added', value: added }}
        max={max}
        summary="summary"
      />,
    );
    const out = shapes('Volumes: summary').slice(1);
    unmount();
    return out;
  };

  it('shows what the form adds over what is used, in the state colour once nearly full', () => {
    expect(pie(2, 3, 10)).toEqual([
      'wedge var(--pf-t--global--color--nonstatus--teal--default)',
      'wedge var(--pf-t--global--color--nonstatus--blue--default)',
    ]);
    expect(pie(6, 3, 10)[0]).toBe('wedge var(--pf-t--global--color--status--warning--default)');
  });

  it('fills a full pie with the full colour alone, even when the used part fills it', () => {
    expect(pie(10, 0, 10)).toEqual(['disc var(--pf-t--global--color--status--danger--default)']);
    expect(pie(4, 8, 10)).toEqual([
      'disc var(--pf-t--global--color--status--danger--default)',
      'wedge var(--pf-t--global--color--nonstatus--blue--default)',
    ]);
  });

  it('draws an unlimited quota as the shares of what is used and added, empty when both are 0', () => {
    expect(pie(3, 1, undefined)).toEqual([
      'disc var(--pf-t--global--color--nonstatus--teal--default)',
      'wedge var(--pf-t--global--color--nonstatus--blue--default)',
    ]);
    expect(pie(0, 0, -1)).toEqual([]);
  });
});
