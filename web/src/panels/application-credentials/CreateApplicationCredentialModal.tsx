import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import {
  Alert,
  Button,
  ClipboardCopy,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Stack,
  TextInput,
} from '@patternfly/react-core';
import type { ApplicationCredentialCreated } from '@skydeck/contract';
import { ApiError } from '../../api/http';
import { shellQueries } from '../../data/shell';
import {
  applicationCredentialMutations,
  applicationCredentialQueries,
} from '../../data/keystone/applicationCredentials';
import type { ActionResult, ModalProps } from '../../registry/types';
import { currentTimeZone } from '../../settings/timeZone';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { downloadFile } from '../../ui/downloadFile';
import { CheckboxField } from '../../ui/fields/CheckboxField';
import { FieldFrame, useFieldIds, type ValueFieldProps } from '../../ui/fields/FieldFrame';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TextField } from '../../ui/fields/TextField';
import { accessRulesError } from './accessRules';
import { zonedToUtc } from './zonedTime';

interface Values {
  name: string;
  description: string;
  secret: string;
  expiryDate: string;
  expiryTime: string;
  roles: string[];
  unrestricted: boolean;
  accessRules: string;
}

/** A native date or time input: the browser's own picker and keyboard entry. */
function NativeField(props: ValueFieldProps<string> & { type: 'date' | 'time' }): ReactNode {
  const ids = useFieldIds(props);
  return (
    <FieldFrame {...props} ids={ids}>
      <TextInput
        id={ids.id}
        name={ids.id}
        type={props.type}
        value={props.value}
        onChange={(_event, value) => props.onChange(value)}
        onBlur={props.onBlur}
        aria-describedby={ids.describedBy}
        validated={ids.validated}
      />
    </FieldFrame>
  );
}

/**
 * Create Application Credential: name, description, secret (Keystone makes one when empty),
 * expiry in the user's time zone (sent as UTC), roles among the user's on this project,
 * unrestricted, access rules. Then the secret is shown once, with its openrc and clouds.yaml.
 */
export function CreateApplicationCredentialModal({ onClose }: ModalProps<undefined>): ReactNode {
  const { t } = useTranslation();
  const session = useQuery(shellQueries.session()).data;
  const existing = useQuery(applicationCredentialQueries.list()).data;
  const create = useMutation(applicationCredentialMutations.create);
  const [created, setCreated] = useState<ApplicationCredentialCreated>();
  const [result, setResult] = useState<ActionResult>();
  const [serverRulesError, setServerRulesError] = useState<{ text: string; message: string }>();
  const zone = currentTimeZone();
  const form = useForm<Values>(
    {
      name: '',
      description: '',
      secret: '',
      expiryDate: '',
      expiryTime: '',
      roles: [],
      unrestricted: false,
      accessRules: '',
    },
    (v) => ({
      name:
        v.name.trim() === ''
          ? t('This field is required.')
          : (existing ?? []).some((c) => c.name === v.name.trim())
            ? t('An application credential with this name already exists.')
            : undefined,
      expiryDate:
        v.expiryDate === '' && v.expiryTime !== ''
          ? t('Give a date for the time.')
          : v.expiryDate !== '' && zonedToUtc(v.expiryDate, v.expiryTime, zone) === undefined
            ? t('Enter a valid date and time.')
            : v.expiryDate !== '' &&
                Date.parse(`${zonedToUtc(v.expiryDate, v.expiryTime, zone) ?? ''}Z`) <= Date.now()
              ? t('The expiration must be in the future.')
              : undefined,
      accessRules:
        accessRulesError(v.accessRules, t) ??
        (serverRulesError?.text === v.accessRules ? serverRulesError.message : undefined),
    }),
  );

  if (created) {
    return (
      <SecretDialog
        credential={created}
        onClose={() => {
          onClose(result);
        }}
      />
    );
  }

  const v = form.values;
  const roles = session?.roles ?? [];
  return (
    <ModalForm
      title={t('Create Application Credential')}
      submitLabel={t('Create Application Credential')}
      description={t(
        'An application credential lets an application or script act as you on the current project, with the roles you give it. Its secret is shown once, when it is created.',
      )}
      isValid={form.isValid}
      onClose={(outcome) => {
        // Success leaves the dialog open on the secret; only a cancel or failure ends here.
        if (outcome?.created) setResult(outcome);
        else onClose(outcome);
      }}
      onSubmit={async () => {
        try {
          const answer = await create.mutateAsync({
            name: v.name.trim(),
            ...(v.description.trim() ? { description: v.description.trim() } : {}),
            ...(v.secret ? { secret: v.secret } : {}),
            ...(v.expiryDate ? { expires_at: zonedToUtc(v.expiryDate, v.expiryTime, zone) } : {}),
            ...(v.roles.length > 0 ? { roles: v.roles } : {}),
            ...(v.unrestricted ? { unrestricted: true } : {}),
            ...(v.accessRules.trim() ? { access_rules: v.accessRules } : {}),
          });
          setCreated(answer);
          return { created: [answer.id] };
        } catch (error) {
          // The server's check of YAML rules: shown under the field, like the page's own.
          if (error instanceof ApiError && error.message.startsWith('Access rules: ')) {
            setServerRulesError({ text: v.accessRules, message: error.message });
          }
          throw error;
        }
      }}
    >
      <TextField label={t('Name')} isRequired maxLength={255} {...form.bind('name')} />
      <TextAreaField label={t('Description')} rows={2} {...form.bind('description')} />
      <TextField
        label={t('Secret')}
        type="password"
        autoComplete="new-password"
        helperText={t('Leave it empty and a secret is generated for you.')}
        {...form.bind('secret')}
      />
      <NativeField
        type="date"
        label={t('Expiration Date')}
        helperText={t('Empty: the credential does not expire. Time zone: {{zone}}', { zone })}
        {...form.bind('expiryDate')}
      />
      <NativeField type="time" label={t('Expiration Time')} {...form.bind('expiryTime')} />
      <FieldFrame
        label={t('Roles')}
        ids={{
          id: 'appcred-roles',
          helperId: 'appcred-roles-helper',
          describedBy: undefined,
          validated: 'default',
        }}
        helperText={t('None selected: every role you have on the current project.')}
      >
        {roles.map((role) => (
          <CheckboxField
            key={role}
            id={`appcred-role-${role}`}
            label={role}
            checked={v.roles.includes(role)}
            onChange={(checked) =>
              form.setValue(
                'roles',
                checked ? [...v.roles, role] : v.roles.filter((r) => r !== role),
              )
            }
          />
        ))}
      </FieldFrame>
      <CheckboxField
        label={t('Unrestricted (dangerous)')}
        checked={v.unrestricted}
        onChange={(checked) => form.setValue('unrestricted', checked)}
        description={t(
          'An unrestricted credential can create and delete other application credentials and trusts. If it is leaked, an attacker can use it to keep access after it is deleted. Leave it unchecked unless the application needs it.',
        )}
      />
      {v.unrestricted && (
        <Alert
          isInline
          isPlain
          variant="warning"
          title={t('This credential can create further credentials and trusts in your name.')}
        />
      )}
      <TextAreaField
        label={t('Access Rules')}
        rows={4}
        helperText={t(
          'Optional: a JSON or YAML list of {service, method, path} the credential may call, e.g. [{"service": "compute", "method": "GET", "path": "/v2.1/servers"}]. Empty: any call its roles allow.',
        )}
        {...form.bind('accessRules')}
      />
    </ModalForm>
  );
}

/** The secret, once: copy it or download the files that hold it; nothing keeps it after. */
function SecretDialog({
  credential,
  onClose,
}: {
  credential: ApplicationCredentialCreated;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const stem = credential.cloud_name;
  return (
    <Modal
      isOpen
      variant="medium"
      onClose={onClose}
      aria-labelledby="appcred-secret-title"
      aria-describedby="appcred-secret-body"
    >
      <ModalHeader title={t('Your Application Credential')} labelId="appcred-secret-title" />
      <ModalBody id="appcred-secret-body">
        <Stack hasGutter>
          <Alert
            isInline
            variant="warning"
            title={t(
              'The secret is shown only now. Copy it or download a file before you close this dialog: it cannot be retrieved again.',
            )}
          />
          <DescriptionList isHorizontal>
            <DescriptionListGroup>
              <DescriptionListTerm>{t('Name')}</DescriptionListTerm>
              <DescriptionListDescription>{credential.name}</DescriptionListDescription>
            </DescriptionListGroup>
            <DescriptionListGroup>
              <DescriptionListTerm>{t('ID')}</DescriptionListTerm>
              <DescriptionListDescription>
                <ClipboardCopy
                  isReadOnly
                  hoverTip={t('Copy to clipboard')}
                  clickTip={t('Copied')}
                  textAriaLabel={t('ID')}
                >
                  {credential.id}
                </ClipboardCopy>
              </DescriptionListDescription>
            </DescriptionListGroup>
            <DescriptionListGroup>
              <DescriptionListTerm>{t('Secret')}</DescriptionListTerm>
              <DescriptionListDescription>
                <ClipboardCopy
                  isReadOnly
                  hoverTip={t('Copy to clipboard')}
                  clickTip={t('Copied')}
                  textAriaLabel={t('Secret')}
                >
                  {credential.secret}
                </ClipboardCopy>
              </DescriptionListDescription>
            </DescriptionListGroup>
          </DescriptionList>
        </Stack>
      </ModalBody>
      <ModalFooter>
        <Button
          variant="secondary"
          onClick={() => downloadFile(`${stem}-openrc.sh`, credential.openrc, 'text/x-shellscript')}
        >
          {t('Download openrc file')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => downloadFile('clouds.yaml', credential.clouds_yaml, 'application/yaml')}
        >
          {t('Download clouds.yaml')}
        </Button>
        <Button variant="primary" onClick={onClose}>
          {t('Close')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
