import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ActionGroup,
  Alert,
  Button,
  CodeBlock,
  CodeBlockCode,
  Form,
  FormGroup,
  TextInput,
} from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { DEFAULT_LOG_LENGTH, instanceQueries } from '../../data/nova/servers';
import { msg } from '../../i18n/msg';
import { toast } from '../../ui/Toasts/toast';

/** Spec 1 §8: the console log's failure text. */
export const LOG_FAILED = msg(
  'There was a problem communicating with the server, please try again.',
);

/** A positive whole number of lines, or undefined. */
export const logLength = (text: string): number | undefined => {
  const n = Number(text.trim());
  return Number.isInteger(n) && n > 0 && n <= 100000 ? n : undefined;
};

/**
 * The Log tab (spec 1 §2, §8): the last lines of the guest's console log and a form for how
 * many. A failure is said in the tab; it is toasted too only when the user asked (Go).
 */
export function InstanceLog({ instance }: { instance: Instance }): ReactNode {
  const { t } = useTranslation();
  const [text, setText] = useState(String(DEFAULT_LOG_LENGTH));
  const [length, setLength] = useState(DEFAULT_LOG_LENGTH);
  // Whether the answer on its way was asked for with Go (its failure is then toasted too).
  const asked = useRef(false);
  const log = useQuery(instanceQueries.consoleLog(instance.id, length));
  const valid = logLength(text) !== undefined;
  const { errorUpdatedAt, dataUpdatedAt } = log;

  useEffect(() => {
    if (!asked.current || errorUpdatedAt === 0) return;
    asked.current = false;
    toast.danger(t(LOG_FAILED));
  }, [errorUpdatedAt, t]);
  useEffect(() => {
    asked.current = false;
  }, [dataUpdatedAt]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const n = logLength(text);
    if (n === undefined) return;
    asked.current = true;
    // The same length again reads the log again (it grows while the guest runs).
    if (n === length) void log.refetch();
    else setLength(n);
  };

  return (
    <>
      <Form isHorizontal onSubmit={submit} style={{ marginBottom: '1rem' }}>
        <FormGroup label={t('Log Length')} fieldId="instance-log-length">
          <TextInput
            id="instance-log-length"
            type="number"
            min={1}
            value={text}
            onChange={(_e, v) => setText(v)}
            validated={valid ? 'default' : 'error'}
            style={{ maxWidth: '8rem' }}
          />
        </FormGroup>
        <ActionGroup>
          <Button type="submit" variant="secondary" isDisabled={!valid} isLoading={log.isFetching}>
            {t('Go')}
          </Button>
        </ActionGroup>
      </Form>
      {log.isError ? (
        <Alert isInline isPlain variant="danger" title={t(LOG_FAILED)} />
      ) : log.data !== undefined ? (
        <CodeBlock aria-label={t('Instance Console Log')}>
          <CodeBlockCode>{log.data || t('(no output)')}</CodeBlockCode>
        </CodeBlock>
      ) : null}
    </>
  );
}
