import { Component, type ReactNode } from 'react';
import { Content } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { GENERIC_ERROR_MESSAGE } from '../../api/errors';

function ChartError(): ReactNode {
  const { t } = useTranslation();
  return <Content component="p">{t(GENERIC_ERROR_MESSAGE)}</Content>;
}

interface State {
  failed: boolean;
}

/**
 * A chart that throws while drawing (data of a shape it cannot draw) says so in its own place
 * (spec 1 §8 "chart error"), and the rest of the page stays.
 */
export class ChartErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <ChartError /> : this.props.children;
  }
}
