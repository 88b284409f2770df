import { Suspense, lazy, useState, type ReactNode } from 'react';
import { ActionGroup, Button, Form, Stack, StackItem } from '@patternfly/react-core';
import { useTranslation } from '../i18n/useTranslation';
import { chooseLanguage, t as translate } from '../i18n/i18n';
import {
  LANGUAGES,
  isLanguage,
  isTimeZone,
  storedLanguage,
  timeZones,
  type LanguageCode,
} from './preferences';
import { currentTimeZone, setTimeZone } from './timeZone';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  cookiePageSize,
  rememberPageSize,
} from '../ui/ResourceTable/pageParams';
import { SelectField } from '../ui/fields/SelectField';
import { TextField } from '../ui/fields/TextField';
import { toast } from '../ui/Toasts/toast';
import { useForm } from '../ui/ModalForm/useForm';
import type { PageProps } from '../registry/types';

const ChangeOwnPasswordModal = lazy(() =>
  import('./ChangeOwnPasswordModal').then((m) => ({ default: m.ChangeOwnPasswordModal })),
);

export interface SettingsValues {
  language: string;
  timezone: string;
  pageSize: string;
}

/** What the form shows first: the stored choices, else English, the browser's zone, 20 rows. */
export function initialSettings(): SettingsValues {
  return {
    language: storedLanguage(),
    timezone: currentTimeZone(),
    pageSize: String(cookiePageSize() ?? DEFAULT_PAGE_SIZE),
  };
}

/** The page size field's problem, if any: a whole number of rows the list routes can serve. */
export function pageSizeError(
  value: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | undefined {
  const text = value.trim();
  if (text === '') return t('This field is required.');
  const size = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    return t('Enter a whole number from 1 to {{max}}.', { max: MAX_PAGE_SIZE });
  }
  return undefined;
}

/**
 * The signed-in user's Settings (spec 3 §4 for the password): language, time zone and table page
 * size, each kept in a cookie of this browser; Save applies them at once, without a reload.
 */
export function SettingsPage(_props: Partial<PageProps>): ReactNode {
  const { t } = useTranslation();
  const [zones] = useState(timeZones);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useForm(initialSettings, (v) => ({
    language: isLanguage(v.language) ? undefined : t('This field is required.'),
    timezone: isTimeZone(v.timezone) ? undefined : t('This field is required.'),
    pageSize: pageSizeError(v.pageSize, t),
  }));

  async function save(): Promise<void> {
    if (!form.isValid) return;
    setSaving(true);
    try {
      setTimeZone(form.values.timezone);
      rememberPageSize(Number(form.values.pageSize.trim()));
      await chooseLanguage(form.values.language as LanguageCode);
      // The instance's t, after the switch: the hook's t is bound to the language it rendered in.
      toast.success(translate('Settings saved.'));
    } catch {
      toast.error(translate('Unable to save settings.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack hasGutter>
      <StackItem>
        <Form
          maxWidth="40rem"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <SelectField
            {...form.bind('language')}
            id="settings-language"
            label={t('Language')}
            isRequired
            options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
          />
          <SelectField
            {...form.bind('timezone')}
            id="settings-timezone"
            label={t('Timezone')}
            isRequired
            helperText={t('Every date is shown in this time zone.')}
            options={zones.map((zone) => ({ value: zone, label: zone }))}
          />
          <TextField
            {...form.bind('pageSize')}
            id="settings-page-size"
            label={t('Items Per Page')}
            isRequired
            helperText={t('Rows in each page of a table, 1 to {{max}}.', { max: MAX_PAGE_SIZE })}
          />
          <ActionGroup>
            <Button type="submit" variant="primary" isDisabled={!form.isValid || saving}>
              {t('Save')}
            </Button>
            <Button variant="secondary" onClick={() => setPasswordOpen(true)}>
              {t('Change Password')}
            </Button>
          </ActionGroup>
        </Form>
      </StackItem>
      {passwordOpen && (
        <Suspense fallback={null}>
          <ChangeOwnPasswordModal onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
