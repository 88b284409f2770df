import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionGroup,
  Button,
  Form,
  HelperText,
  HelperTextItem,
  LoginPage as PfLoginPage,
  Spinner,
} from '@patternfly/react-core';
import { GENERIC_ERROR_MESSAGE } from '../api/errors';
import { ApiError } from '../api/http';
import { shellQueries } from '../data/shell';
import { SelectField } from '../ui/fields/SelectField';
import { TextField } from '../ui/fields/TextField';
import background from '@patternfly/patternfly/assets/images/Felt-Bkg-Generic-Light.svg';
import { login, safeNext } from './authActions';
import logo from './assets/skydeck-logo.svg';

/** The auth type whose form asks for username and password (spec 1 §2 "Login page"). */
const CREDENTIALS = 'credentials';

export function LoginPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // Also what sets the CSRF cookie the login POST needs.
  const options = useQuery(shellQueries.authOptions());

  const [authType, setAuthType] = useState<string>();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [domain, setDomain] = useState<string>();
  const [region, setRegion] = useState<string>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const opts = options.data;
  const type = authType ?? opts?.default_auth_type ?? CREDENTIALS;
  const credentials = type === CREDENTIALS;
  const showDomain = credentials && !!opts?.show_domain;
  const showRegion = credentials && (opts?.regions.length ?? 0) > 1;
  const domainValue = domain ?? opts?.default_domain ?? '';
  const regionValue = region ?? opts?.default_region ?? '';
  // The domain is required when asked for: blank, the server would only answer "domain is
  // required"; spaces around a pasted name would make Keystone refuse a right password.
  const domainName = domainValue.trim();
  const canSubmit =
    !!opts &&
    !submitting &&
    (!credentials || (!!username && !!password && (!showDomain || !!domainName)));

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(undefined);
    try {
      await login(queryClient, {
        auth_type: type,
        ...(credentials && {
          username,
          password,
          ...(showDomain && { domain: domainName }),
          ...(showRegion && { region: regionValue }),
        }),
      });
      await navigate(safeNext(params.get('next')), { replace: true });
    } catch (e) {
      setError(
        e instanceof ApiError && e.status < 500 && e.message ? e.message : t(GENERIC_ERROR_MESSAGE),
      );
      setSubmitting(false);
    }
  };

  return (
    <PfLoginPage
      brandImgSrc={logo}
      brandImgAlt={t('Skydeck')}
      backgroundImgSrc={background}
      loginTitle={t('Log in to your account')}
      loginSubtitle={t('Skydeck cloud dashboard')}
    >
      {options.isPending ? (
        <Spinner aria-label={t('Loading')} />
      ) : (
        <Form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={t('Log in to your account')}
        >
          {/* PatternFly's login-form pattern: an error helper text above the fields. */}
          <div role="alert">
            {(error || options.isError) && (
              <HelperText>
                <HelperTextItem variant="error" screenReaderText={t('error status')}>
                  {error ?? t(GENERIC_ERROR_MESSAGE)}
                </HelperTextItem>
              </HelperText>
            )}
          </div>
          {(opts?.auth_types.length ?? 0) > 1 && (
            <SelectField
              label={t('Authenticate using')}
              value={type}
              onChange={setAuthType}
              options={(opts?.auth_types ?? []).map((choice) => ({
                value: choice.id,
                label: choice.label,
              }))}
            />
          )}
          {credentials && (
            <>
              <TextField
                label={t('User Name')}
                value={username}
                onChange={setUsername}
                autoComplete="username"
                isRequired
                maxLength={255}
              />
              <TextField
                label={t('Password')}
                type="password"
                value={password}
                onChange={setPassword}
                autoComplete="current-password"
                isRequired
                maxLength={4096}
              />
            </>
          )}
          {showDomain && (
            <TextField
              label={t('Domain')}
              value={domainValue}
              onChange={setDomain}
              isRequired
              maxLength={255}
            />
          )}
          {showRegion && (
            <SelectField
              label={t('Region')}
              value={regionValue}
              onChange={setRegion}
              options={(opts?.regions ?? []).map((choice) => ({
                value: choice.id,
                label: choice.label,
              }))}
            />
          )}
          <ActionGroup>
            <Button
              type="submit"
              variant="primary"
              isBlock
              isDisabled={!canSubmit}
              isLoading={submitting}
            >
              {t('Sign In')}
            </Button>
          </ActionGroup>
        </Form>
      )}
    </PfLoginPage>
  );
}
