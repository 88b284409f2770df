import { useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Content } from '@patternfly/react-core';
import type { Stack, StackPreview, StackValidateBody, StackValidation } from '@skydeck/contract';
import type { ActionResult, ModalProps } from '../../registry/types';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { FileField } from '../../ui/fields/FileField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { stackMutations, stackQueries, type StackRow } from '../../data/heat/stacks';
import { initialValue, parameterError, type NamedParameter } from './stackParameters';

type Source = 'file' | 'url' | 'raw';

interface TemplateValues {
  source: Source;
  text: string;
  url: string;
  environment: string;
}

/** The template and environment as the API takes them, from the first step's values. */
function templateBody(v: TemplateValues): StackValidateBody {
  return {
    ...(v.source === 'url' ? { template_url: v.url.trim() } : { template: v.text }),
    ...(v.environment.trim() === '' ? {} : { environment: v.environment }),
  };
}

/**
 * Both steps' dialogs close after a successful submit, yet a step's own success may lead on
 * inside the flow (to the parameters, to the preview): `stayOpen` before it returns keeps that
 * one close from reaching the caller.
 */
function useStepClose(onClose: (result?: ActionResult) => void): {
  onClose: (result?: ActionResult) => void;
  stayOpen: () => void;
} {
  const advancing = useRef(false);
  return {
    onClose: (result) => {
      if (advancing.current) {
        advancing.current = false;
        return;
      }
      onClose(result);
    },
    stayOpen: () => {
      advancing.current = true;
    },
  };
}

/** Step 1: where the template comes from; Heat validates it before the parameters show. */
function TemplateStep({
  title,
  onValidated,
  onClose,
}: {
  title: string;
  onValidated: (body: StackValidateBody, validation: StackValidation) => void;
  onClose: (result?: ActionResult) => void;
}): ReactNode {
  const { t } = useTranslation();
  const validate = useMutation(stackMutations.validate);
  const [file, setFile] = useState<File>();
  const [envFile, setEnvFile] = useState<File>();
  const step = useStepClose(onClose);
  const form = useForm<TemplateValues>(
    { source: 'file', text: '', url: '', environment: '' },
    (v) => ({
      text: v.source !== 'url' && v.text.trim() === '' ? t('This field is required.') : undefined,
      url:
        v.source === 'url' && !/^https?:\/\/\S+$/.test(v.url.trim())
          ? t('Enter a valid URL.')
          : undefined,
    }),
  );
  const sources = [
    { value: 'file', label: t('File') },
    { value: 'url', label: t('URL') },
    { value: 'raw', label: t('Direct Input') },
  ];
  return (
    <ModalForm
      title={title}
      // Not a wizard's Next: this step's submit sends the template to Heat for validation.
      submitLabel={t('Validate Template')}
      isValid={form.isValid}
      variant="large"
      // The step's own success leads to the next step, not out of the dialog.
      onClose={step.onClose}
      onSubmit={async () => {
        const body = templateBody(form.values);
        const validation = await validate.mutateAsync(body);
        step.stayOpen();
        onValidated(body, validation);
      }}
    >
      <SelectField
        label={t('Template Source')}
        isRequired
        {...form.bind('source')}
        onChange={(v) => form.setValue('source', v as Source)}
        options={sources}
      />
      {form.values.source === 'file' ? (
        <FileField
          label={t('Template File')}
          isRequired
          file={file}
          onFileChange={setFile}
          text={form.values.text}
          onTextChange={(text) => form.setValue('text', text)}
          error={form.errors.text}
        />
      ) : null}
      {form.values.source === 'url' ? (
        <TextField label={t('Template URL')} isRequired type="url" {...form.bind('url')} />
      ) : null}
      {form.values.source === 'raw' ? (
        <TextAreaField
          label={t('Template Data')}
          isRequired
          isCode
          rows={12}
          {...form.bind('text')}
        />
      ) : null}
      <FileField
        label={t('Environment File')}
        file={envFile}
        onFileChange={setEnvFile}
        text={form.values.environment}
        onTextChange={(text) => form.setValue('environment', text)}
        helperText={t(
          'An optional environment (parameters, parameter_defaults, resource_registry).',
        )}
      />
    </ModalForm>
  );
}

interface LaunchValues {
  stack_name: string;
  timeout: string;
  rollback: boolean;
  params: Record<string, string>;
}

type StepTwoMode = 'launch' | 'preview' | 'update';

/** Step 2: the stack's name and options and the form Heat's validation described. */
function ParametersStep({
  mode,
  template,
  validation,
  stack,
  onClose,
}: {
  mode: StepTwoMode;
  template: StackValidateBody;
  validation: StackValidation;
  stack?: StackRow;
  onClose: (result?: ActionResult) => void;
}): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(stackMutations.create);
  const update = useMutation(stackMutations.update);
  const preview = useMutation(stackMutations.preview);
  const [previewed, setPreviewed] = useState<StackPreview>();
  const step = useStepClose(onClose);
  const params: NamedParameter[] = validation.parameters;
  const form = useForm<LaunchValues>(
    () => ({
      stack_name: stack?.stack_name ?? '',
      timeout: String(stack?.timeout_mins ?? 60),
      rollback: stack ? stack.disable_rollback === false : false,
      params: Object.fromEntries(
        params.map((p) => [
          p.name,
          initialValue(p, p.hidden ? undefined : stack?.parameters?.[p.name]),
        ]),
      ),
    }),
    (v) => {
      const errors: Record<string, string | undefined> = {
        stack_name:
          mode === 'update'
            ? undefined
            : v.stack_name.trim() === ''
              ? t('This field is required.')
              : !/^[a-zA-Z][a-zA-Z0-9_.-]*$/.test(v.stack_name)
                ? t(
                    'Name must start with a letter and may only contain letters, numbers, underscores, periods and hyphens.',
                  )
                : undefined,
        timeout: /^[1-9][0-9]*$/.test(v.timeout)
          ? undefined
          : t('Enter a whole number of minutes.'),
      };
      // One error key per parameter, so each field shows its own constraint message.
      for (const p of params) errors[`param:${p.name}`] = parameterError(p, v.params[p.name] ?? '');
      return errors as Partial<Record<keyof LaunchValues, string>>;
    },
  );
  const allErrors = form.allErrors as Record<string, string | undefined>;
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // A parameter's message shows once the user has been at its field.
  const paramError = (name: string): string | undefined =>
    touched.has(name) ? allErrors[`param:${name}`] : undefined;
  const setParam = (name: string, value: string): void => {
    form.setValues((prev) => ({ ...prev, params: { ...prev.params, [name]: value } }));
    setTouched((prev) => new Set(prev).add(name));
  };

  if (previewed) {
    return (
      <ModalForm
        title={t('Preview Stack Parameters')}
        submitLabel={t('Close')}
        onClose={onClose}
        onSubmit={() => undefined}
      >
        <Content component="dl">
          <Content component="dt">{t('Stack Name')}</Content>
          <Content component="dd">{previewed.stack_name}</Content>
          <Content component="dt">{t('Description')}</Content>
          <Content component="dd">{previewed.description ?? ''}</Content>
          <Content component="dt">{t('Resources')}</Content>
          <Content component="dd">
            <ul data-testid="stack-preview-resources">
              {previewed.resources.map((r) => (
                <li key={r.resource_name}>
                  {r.resource_name} ({r.resource_type})
                </li>
              ))}
            </ul>
          </Content>
        </Content>
      </ModalForm>
    );
  }

  const title =
    mode === 'update'
      ? t('Update Stack Parameters')
      : mode === 'preview'
        ? t('Preview Stack')
        : t('Launch Stack');
  return (
    <ModalForm
      title={title}
      submitLabel={
        mode === 'update' ? t('Update') : mode === 'preview' ? t('Preview') : t('Launch')
      }
      isValid={form.isValid}
      variant="large"
      description={validation.description}
      onClose={step.onClose}
      onSubmit={async () => {
        const v = form.values;
        // Only parameters with a value: an empty one keeps the template's default.
        const parameters = Object.fromEntries(
          Object.entries(v.params).filter(([, value]) => value !== ''),
        );
        const common = {
          ...template,
          parameters,
          timeout_mins: Number(v.timeout),
          disable_rollback: !v.rollback,
        };
        if (mode === 'update' && stack) {
          await update.mutateAsync({ id: stack.id, body: common });
          return { updated: [stack.id] };
        }
        if (mode === 'preview') {
          const answer = await preview.mutateAsync({ stack_name: v.stack_name.trim(), ...common });
          step.stayOpen();
          setPreviewed(answer);
          return undefined;
        }
        const created = await create.mutateAsync({ stack_name: v.stack_name.trim(), ...common });
        return { created: [created.id] };
      }}
    >
      {mode === 'update' ? (
        <TextField label={t('Stack Name')} isReadOnly {...form.bind('stack_name')} />
      ) : (
        <TextField
          label={t('Stack Name')}
          isRequired
          maxLength={255}
          {...form.bind('stack_name')}
        />
      )}
      <TextField label={t('Creation Timeout (minutes)')} isRequired {...form.bind('timeout')} />
      <CheckboxField
        label={t('Rollback On Failure')}
        checked={form.values.rollback}
        onChange={(checked) => form.setValue('rollback', checked)}
      />
      {params.map((p) => {
        const common = {
          label: p.label ?? p.name,
          isRequired: p.default === undefined,
          value: form.values.params[p.name] ?? '',
          onChange: (value: string) => setParam(p.name, value),
          onBlur: () => setTouched((prev) => new Set(prev).add(p.name)),
          error: paramError(p.name),
          helperText:
            [p.description, p.constraint_description].filter(Boolean).join(' ') || undefined,
        };
        if (p.allowed_values !== undefined) {
          return (
            <SelectField
              key={p.name}
              {...common}
              options={p.allowed_values.map((a) => ({ value: String(a), label: String(a) }))}
            />
          );
        }
        if (p.type.toLowerCase() === 'json') {
          return <TextAreaField key={p.name} {...common} isCode rows={4} />;
        }
        if (p.type.toLowerCase() === 'boolean') {
          return (
            <CheckboxField
              key={p.name}
              label={common.label}
              checked={['true', '1', 'yes', 'on'].includes(common.value.toLowerCase())}
              onChange={(checked) => setParam(p.name, checked ? 'true' : 'false')}
            />
          );
        }
        return <TextField key={p.name} {...common} type={p.hidden ? 'password' : 'text'} />;
      })}
    </ModalForm>
  );
}

function TwoSteps({
  mode,
  stack,
  onClose,
}: {
  mode: StepTwoMode;
  stack?: StackRow;
  onClose: (result?: ActionResult) => void;
}): ReactNode {
  const { t } = useTranslation();
  const [validated, setValidated] = useState<{ body: StackValidateBody; v: StackValidation }>();
  if (!validated) {
    const title =
      mode === 'update'
        ? t('Select Template')
        : mode === 'preview'
          ? t('Preview Template')
          : t('Select Template');
    return (
      <TemplateStep
        title={title}
        onClose={onClose}
        onValidated={(body, v) => setValidated({ body, v })}
      />
    );
  }
  return (
    <ParametersStep
      mode={mode}
      template={validated.body}
      validation={validated.v}
      stack={stack}
      onClose={onClose}
    />
  );
}

/** Launch Stack: template, then Heat's validation, then the parameters form (issue 13). */
export function LaunchStackModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <TwoSteps mode="launch" onClose={onClose} />;
}

/** Preview Stack: the same form; Heat answers the resources it would create. */
export function PreviewStackModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <TwoSteps mode="preview" onClose={onClose} />;
}

/** Change Stack Template: the same form as launch, prefilled, answered by an update. */
export function ChangeStackTemplateModal({ target, onClose }: ModalProps<Stack>): ReactNode {
  // The dialog opens at once; the stack's parameters arrive while the template is chosen.
  const detail = useQuery(stackQueries.detail(target.id));
  return <TwoSteps mode="update" stack={detail.data ?? target} onClose={onClose} />;
}
