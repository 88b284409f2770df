import { act, render, screen } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage, i18n } from './i18n';
import { useTranslation } from './useTranslation';

function Label({ onRender }: { onRender: () => void }) {
  const { t } = useTranslation();
  onRender();
  return <span>{t('Instances')}</span>;
}

/** Memoised with props that never change: only the hook can make it render again. */
const StillLabel = memo(Label);

describe('useTranslation', () => {
  afterEach(async () => {
    await act(() => chooseLanguage('en'));
  });

  it('translates, and a language switch re-renders even a memoised component', async () => {
    let renders = 0;
    const counted = () => {
      renders += 1;
    };
    render(<StillLabel onRender={counted} />);
    expect(screen.getByText('Instances')).toBeInTheDocument();
    const before = renders;

    await act(() => chooseLanguage('de'));
    expect(screen.getByText('Instanzen')).toBeInTheDocument();
    expect(renders).toBeGreaterThan(before);

    await act(() => chooseLanguage('en'));
    expect(screen.getByText('Instances')).toBeInTheDocument();
  });

  it('gives every component the same t while the language stays', () => {
    const seen = new Set<unknown>();
    function Probe() {
      const { t } = useTranslation();
      seen.add(t);
      return null;
    }
    render(
      <>
        <Probe />
        <Probe />
        <Probe />
      </>,
    );
    expect(seen.size).toBe(1);
    expect(i18n.language).toBe('en');
  });
});
