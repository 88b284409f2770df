import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionGroup,
  Button,
  Form,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  TextInput,
} from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { msg, type Msg } from '../../i18n/msg';
import { PERIOD_KINDS, periodOf, periodProblem, type Period, type PeriodKind } from './period';

const KIND_LABELS: Record<PeriodKind, Msg> = {
  day: msg('Last day'),
  week: msg('Last week'),
  month: msg('This month'),
  year: msg('This year'),
  other: msg('Other'),
};

const PROBLEMS = {
  start: msg('Enter the start date as yyyy-mm-dd.'),
  end: msg('Enter the end date as yyyy-mm-dd.'),
  order: msg('The start date must not be after the end date.'),
  length: msg('The period must not be longer than 10 years.'),
} as const;

/** From and To alike: a yyyy-mm-dd text box, marked when the period's problem is its own. */
function DateInput({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}): ReactNode {
  return (
    <TextInput
      id={id}
      value={value}
      placeholder="yyyy-mm-dd"
      onChange={(_e, v) => onChange(v)}
      validated={invalid ? 'error' : 'default'}
      style={{ maxWidth: '12rem' }}
    />
  );
}

/** The period a usage page shows and the dropdown choice behind it; this month at first. */
export interface PeriodChoice {
  kind: PeriodKind;
  period: Period;
  onChange: (kind: PeriodKind, period: Period) => void;
}

/**
 * One period state for every usage page (spec 1 §3: this month by default). `onChosen` runs
 * after a new choice, e.g. to go back to a table's first page.
 */
export function usePeriodChoice(onChosen?: () => void): PeriodChoice {
  const [kind, setKind] = useState<PeriodKind>('month');
  const [period, setPeriod] = useState<Period>(() => periodOf('month', new Date()));
  const onChange = (nextKind: PeriodKind, next: Period) => {
    setKind(nextKind);
    setPeriod(next);
    onChosen?.();
  };
  return { kind, period, onChange };
}

export interface UsagePeriodFormProps {
  kind: PeriodKind;
  period: Period;
  onChange: (kind: PeriodKind, period: Period) => void;
}

/**
 * The usage form (spec 1 §3): a period dropdown; `Other` reveals From and To (yyyy-mm-dd),
 * applied by Submit. The other choices apply at once.
 */
export function UsagePeriodForm({ kind, period, onChange }: UsagePeriodFormProps): ReactNode {
  const { t } = useTranslation();
  const [from, setFrom] = useState(period.start);
  const [to, setTo] = useState(period.end);
  const [other, setOther] = useState(kind === 'other');
  const [touched, setTouched] = useState(false);
  const problem = periodProblem(from, to);

  const choose = (value: string) => {
    const next = PERIOD_KINDS.find((k) => k === value) ?? 'month';
    if (next === 'other') {
      setOther(true);
      return;
    }
    setOther(false);
    const range = periodOf(next, new Date());
    setFrom(range.start);
    setTo(range.end);
    onChange(next, range);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem === null) onChange('other', { start: from, end: to });
  };

  return (
    <Form isHorizontal={false} onSubmit={submit} aria-label={t('Usage period')}>
      <FormGroup label={t('Period')} fieldId="usage-period">
        <FormSelect
          id="usage-period"
          value={other ? 'other' : kind}
          onChange={(_e, value) => choose(value)}
          style={{ maxWidth: '16rem' }}
        >
          {PERIOD_KINDS.map((k) => (
            <FormSelectOption key={k} value={k} label={t(KIND_LABELS[k])} />
          ))}
        </FormSelect>
      </FormGroup>
      {other && (
        <>
          <FormGroup label={t('From')} fieldId="usage-from" isRequired>
            <DateInput
              id="usage-from"
              value={from}
              onChange={setFrom}
              invalid={touched && problem === 'start'}
            />
          </FormGroup>
          <FormGroup label={t('To')} fieldId="usage-to" isRequired>
            <DateInput
              id="usage-to"
              value={to}
              onChange={setTo}
              invalid={touched && problem !== null && problem !== 'start'}
            />
            {touched && problem !== null && (
              <FormHelperText>
                <HelperText>
                  <HelperTextItem variant="error">{t(PROBLEMS[problem])}</HelperTextItem>
                </HelperText>
              </FormHelperText>
            )}
          </FormGroup>
          <ActionGroup>
            <Button type="submit" variant="secondary">
              {t('Submit')}
            </Button>
          </ActionGroup>
        </>
      )}
    </Form>
  );
}
