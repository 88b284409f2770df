import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  ActionList,
  ActionListGroup,
  ActionListItem,
  Alert,
  Bullseye,
  Button,
  HelperText,
  HelperTextItem,
  Modal,
  Spinner,
  WizardFooterWrapper,
  WizardHeader,
  WizardNav,
  WizardNavItem,
} from '@patternfly/react-core';
import { GENERIC_ERROR_MESSAGE, isAbort, reportError } from '../../api/errors';
import { ApiError } from '../../api/http';
import { useRequirements } from '../../api/permissions';
import { asActionResult } from '../ModalForm/asActionResult';
import type { ActionResult, Requirement } from '../../registry/types';
import { FormError } from '../ModalForm/FormError';

/** What a step's validation found; texts already translated. */
export interface StepErrors {
  /** Field id → message; the step renders them next to its fields. */
  fields?: Record<string, string>;
  /** Shown above the step's fields. */
  general?: string;
}

export interface WizardStep {
  id: string;
  /** Translated step name shown in the navigation. */
  name: string;
  /** Spec 2 §4: a step whose requirements fail is dropped. */
  requires?: Requirement[];
  /** Runs on Next, on a forward jump and before the final submit; may ask the server. */
  validate?: () => StepErrors | undefined | Promise<StepErrors | undefined>;
  render: (ctx: { errors: Record<string, string> }) => ReactNode;
}

export interface WizardFrameProps {
  title: string;
  steps: readonly WizardStep[];
  /** The final button, e.g. "Launch Instance". */
  finishLabel: string;
  /** May resolve to an ActionResult (spec 2 §4 "After an action"); anything else counts as none. */
  onSubmit: () => unknown;
  onClose: (result?: ActionResult) => void;
  description?: ReactNode;
  /**
   * Why the final button cannot be used (translated), e.g. over quota: it is disabled and the
   * reason shown beside it, rather than a button that does nothing.
   */
  finishDisabledReason?: string;
}

function hasErrors(errors: StepErrors | undefined): errors is StepErrors {
  return !!errors && (!!errors.general || Object.values(errors.fields ?? {}).some(Boolean));
}

/**
 * A multi-step workflow in a large modal (spec 1 §4 "Workflow wizard", spec 2 §4): ready steps
 * only, the highest visited step tracked, Next validates the current step, Back is always free,
 * a forward jump needs every step in between to validate, and a failed submit shows its message
 * and stops the spinner.
 */
export function WizardFrame({
  title,
  steps: allSteps,
  finishLabel,
  onSubmit,
  onClose,
  description,
  finishDisabledReason,
}: WizardFrameProps): ReactNode {
  const { t } = useTranslation();
  const readiness = useRequirements(allSteps.map((step) => ({ requirements: step.requires })));
  const steps = allSteps.filter((_step, i) => readiness.allowed[i]);

  const [currentId, setCurrentId] = useState<string>();
  const [highest, setHighest] = useState(0);
  const [errors, setErrors] = useState<Record<string, StepErrors>>({});
  const [busy, setBusy] = useState<'validating' | 'submitting'>();
  const [submitError, setSubmitError] = useState<string>();
  const [navExpanded, setNavExpanded] = useState(false);
  // Bumped whenever new errors are shown, so focus moves to the first invalid field.
  const [errorTick, setErrorTick] = useState(0);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = `sd-wizard-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const reasonId = `${titleId}-finish-reason`;

  const foundIndex = steps.findIndex((step) => step.id === currentId);
  const index = foundIndex === -1 ? 0 : foundIndex;
  const current = steps[index];
  const isLast = index === steps.length - 1;

  useEffect(() => {
    if (errorTick === 0) return;
    const body = bodyRef.current;
    const invalid = body?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? body?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [errorTick]);

  const go = (to: number): void => {
    const step = steps[to];
    if (!step) return;
    setCurrentId(step.id);
    setHighest((h) => Math.max(h, to));
    setNavExpanded(false);
  };

  /** Validates steps [from, to) in order; stops at the first failing one and shows it. */
  const validateRange = async (from: number, to: number): Promise<boolean> => {
    for (let i = from; i < to; i++) {
      const step = steps[i];
      if (!step?.validate) continue;
      let result: StepErrors | undefined;
      try {
        result = await step.validate();
      } catch (error) {
        result = { general: error instanceof Error ? error.message : t(GENERIC_ERROR_MESSAGE) };
      }
      setErrors((prev) => ({ ...prev, [step.id]: result ?? {} }));
      if (hasErrors(result)) {
        setCurrentId(step.id);
        setErrorTick((n) => n + 1);
        return false;
      }
    }
    return true;
  };

  const moveTo = async (to: number): Promise<void> => {
    if (busy) return;
    if (to <= index) {
      go(to);
      return;
    }
    setBusy('validating');
    try {
      if (await validateRange(index, to)) go(to);
    } finally {
      setBusy(undefined);
    }
  };

  const finish = async (): Promise<void> => {
    if (busy || finishDisabledReason) return;
    setBusy('validating');
    setSubmitError(undefined);
    if (!(await validateRange(0, steps.length))) {
      setBusy(undefined);
      return;
    }
    setBusy('submitting');
    try {
      const result = await onSubmit();
      onClose(asActionResult(result));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        reportError(error);
        if (error.status === 401) return onClose();
      }
      if (isAbort(error)) return onClose();
      setSubmitError(
        error instanceof FormError || error instanceof ApiError
          ? error.message || t(GENERIC_ERROR_MESSAGE)
          : t(GENERIC_ERROR_MESSAGE),
      );
      setErrorTick((n) => n + 1);
      setBusy(undefined);
    }
  };

  const stepErrors = current ? errors[current.id] : undefined;

  return (
    <Modal isOpen variant="large" onEscapePress={() => onClose()} aria-labelledby={titleId}>
      <div className="pf-v6-c-wizard">
        <WizardHeader
          title={title}
          titleId={titleId}
          description={description}
          onClose={() => onClose()}
          closeButtonAriaLabel={t('Close')}
        />
        {readiness.loading || !current ? (
          <Bullseye>
            <Spinner aria-label={t('Loading')} />
          </Bullseye>
        ) : (
          <>
            <button
              type="button"
              className={`pf-v6-c-wizard__toggle${navExpanded ? ' pf-m-expanded' : ''}`}
              aria-label={t('Wizard steps')}
              aria-expanded={navExpanded}
              onClick={() => setNavExpanded((v) => !v)}
            >
              <span className="pf-v6-c-wizard__toggle-list">
                <span className="pf-v6-c-wizard__toggle-list-item">
                  <span className="pf-v6-c-wizard__toggle-num">{index + 1}</span> {current.name}
                </span>
              </span>
            </button>
            <div className="pf-v6-c-wizard__outer-wrap">
              <div className="pf-v6-c-wizard__inner-wrap">
                <WizardNav aria-label={t('Steps')} isExpanded={navExpanded}>
                  {steps.map((step, i) => (
                    <WizardNavItem
                      key={step.id}
                      id={`sd-wizard-step-${step.id}`}
                      stepIndex={i}
                      content={step.name}
                      isCurrent={i === index}
                      isVisited={i <= highest}
                      isDisabled={!!busy}
                      status={hasErrors(errors[step.id]) ? 'error' : 'default'}
                      onClick={() => void moveTo(i)}
                    />
                  ))}
                </WizardNav>
                <div className="pf-v6-c-wizard__main" ref={bodyRef}>
                  <div className="pf-v6-c-wizard__main-body">
                    {submitError && (
                      <Alert
                        variant="danger"
                        isInline
                        title={submitError}
                        role="alert"
                        tabIndex={-1}
                      />
                    )}
                    {stepErrors?.general && (
                      <Alert
                        variant="danger"
                        isInline
                        title={stepErrors.general}
                        role="alert"
                        tabIndex={-1}
                      />
                    )}
                    {current.render({ errors: stepErrors?.fields ?? {} })}
                  </div>
                </div>
              </div>
              <WizardFooterWrapper>
                <ActionList>
                  <ActionListGroup>
                    {/* A one-step wizard has nowhere to go back to. */}
                    {steps.length > 1 && (
                      <ActionListItem>
                        <Button
                          variant="secondary"
                          onClick={() => void moveTo(index - 1)}
                          isDisabled={index === 0 || !!busy}
                        >
                          {t('Back')}
                        </Button>
                      </ActionListItem>
                    )}
                    <ActionListItem>
                      {isLast ? (
                        <Button
                          variant="primary"
                          onClick={() => void finish()}
                          isDisabled={!!busy || !!finishDisabledReason}
                          isLoading={busy === 'submitting'}
                          aria-describedby={finishDisabledReason ? reasonId : undefined}
                        >
                          {finishLabel}
                        </Button>
                      ) : (
                        <Button
                          variant="primary"
                          onClick={() => void moveTo(index + 1)}
                          isDisabled={!!busy}
                          isLoading={busy === 'validating'}
                        >
                          {t('Next')}
                        </Button>
                      )}
                    </ActionListItem>
                  </ActionListGroup>
                  {isLast && finishDisabledReason && (
                    <ActionListGroup>
                      <ActionListItem>
                        <HelperText>
                          <HelperTextItem variant="error">
                            <span id={reasonId}>{finishDisabledReason}</span>
                          </HelperTextItem>
                        </HelperText>
                      </ActionListItem>
                    </ActionListGroup>
                  )}
                  <ActionListGroup>
                    <ActionListItem>
                      <Button variant="link" onClick={() => onClose()}>
                        {t('Cancel')}
                      </Button>
                    </ActionListItem>
                  </ActionListGroup>
                </ActionList>
              </WizardFooterWrapper>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
